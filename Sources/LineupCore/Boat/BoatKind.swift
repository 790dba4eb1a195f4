/// The kind of boat, which fixes how many rows of paddlers it carries.
public enum BoatKind: String, Sendable, CaseIterable, Codable {
    /// 10 rows: 20 paddlers, a drummer and a steerer.
    case standard
    /// 5 rows: 10 paddlers, a drummer and a steerer.
    case small

    /// The number of rows of paddlers, two seats each.
    public var rowCount: Int {
        switch self {
        case .standard: 10
        case .small: 5
        }
    }
}
