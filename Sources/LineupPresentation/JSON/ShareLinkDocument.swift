import LineupCore

/// `share --list --json`: the share links, oldest first, each with its number (to revoke it) and what it
/// opens. The link itself is never listed: it was shown once, when it was made.
public struct ShareLinkListDocument: Encodable {
    public struct Entry: Encodable {
        public let id: Int64
        /// `boat` or `regatta`.
        public let kind: String
        /// The boat's or the regatta's name.
        public let name: String
        public let showsWeights: Bool
        /// When the link was made, ISO 8601 UTC.
        public let created: String

        public init(_ link: ShareLink) {
            id = link.id
            switch link.subject {
            case .boat(let boat):
                kind = "boat"
                name = boat.name
            case .regatta(let regatta):
                kind = "regatta"
                name = regatta.name
            }
            showsWeights = link.showsWeights
            created = DateText.iso8601(link.createdAt)
        }
    }

    public let links: [Entry]

    public init(_ links: [ShareLink]) {
        self.links = links.map(Entry.init)
    }

    public func encode(to encoder: any Encoder) throws {
        try links.encode(to: encoder)
    }
}

/// `share --revoke ID --json` (or `--revoke-all --json`): the sentence the command line prints, and the links
/// revoked, as `share --list --json` lists them.
public struct ShareLinkRevocationDocument: Encodable {
    public let message: String
    public let revoked: [ShareLinkListDocument.Entry]

    /// One link revoked by its id.
    public init(_ link: ShareLink) {
        message = ShareWords.revoked(link)
        revoked = [ShareLinkListDocument.Entry(link)]
    }

    /// Every link of `subject` revoked.
    public init(_ links: [ShareLink], of subject: ShareLink.Subject) {
        message = ShareWords.revokedAll(links, of: subject)
        revoked = links.map(ShareLinkListDocument.Entry.init)
    }
}
