import LineupCore

/// `invite --json`, `invite --list --json` and `invite --revoke --json`: personal links, each with its number,
/// paddler, the regatta it opens (null: every regatta) and its last day (null: no end). The link itself is in
/// `link` only when it was just made: it is shown once.
public struct PaddlerLinkListDocument: Encodable {
    public struct Entry: Encodable {
        public let id: Int64
        public let paddler: String
        public let regatta: String?
        public let expires: String?
        /// When the link was made, ISO 8601 UTC.
        public let created: String
        /// The address to give the paddler; only when the link was just made.
        public let link: String?

        public init(_ link: PaddlerLink, address: String? = nil) {
            id = link.id
            paddler = link.paddlerName
            regatta = link.regatta
            expires = link.expiresOn?.description
            created = DateText.iso8601(link.createdAt)
            self.link = address
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(paddler, forKey: .paddler)
            try container.encode(regatta, forKey: .regatta)
            try container.encode(expires, forKey: .expires)
            try container.encode(created, forKey: .created)
            try container.encodeIfPresent(link, forKey: .link)
        }

        enum CodingKeys: String, CodingKey {
            case id, paddler, regatta, expires, created, link
        }
    }

    public let message: String?
    public let links: [Entry]

    /// Links listed (no message) or made or revoked (with the sentence the command line prints).
    public init(_ links: [Entry], message: String? = nil) {
        self.links = links
        self.message = message
    }

    public func encode(to encoder: any Encoder) throws {
        guard let message else { return try links.encode(to: encoder) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        try container.encode(links, forKey: .links)
    }

    enum CodingKeys: String, CodingKey {
        case message, links
    }
}
