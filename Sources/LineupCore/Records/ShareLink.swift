import Foundation

/// A read-only link made by `lineup share`: to one boat's chart, or to a whole regatta's day (its schedule and
/// crews). The link's token is known only to whoever it was given to; the database keeps its digest.
public struct ShareLink: Hashable, Sendable {
    /// What a link opens.
    public enum Subject: Hashable, Sendable {
        case boat(Boat)
        case regatta(RegattaInfo)

        /// `boat "Sample crew"`, `regatta "Cup"`.
        public var name: String {
            switch self {
            case .boat(let boat): "boat \"\(boat.name)\""
            case .regatta(let regatta): "regatta \"\(regatta.name)\""
            }
        }
    }

    public var id: Int64
    public var subject: Subject
    /// True when the chart shows the paddlers' weights (the coach allowed it).
    public var showsWeights: Bool
    public var createdAt: Date

    public init(id: Int64, subject: Subject, showsWeights: Bool, createdAt: Date) {
        self.id = id
        self.subject = subject
        self.showsWeights = showsWeights
        self.createdAt = createdAt
    }

    /// `boat "Sample crew"`, `regatta "Cup"`.
    public var subjectName: String { subject.name }
}
