import LineupCore

/// `user list --json`: the accounts of `lineup serve`, by name. No password hash ever leaves the store here.
public struct AccountListDocument: Encodable {
    public struct Entry: Encodable {
        public let name: String
        public let role: String
        /// When the account was made, ISO 8601 UTC.
        public let created: String
    }

    public let accounts: [Entry]

    public init(_ accounts: [Account]) {
        self.accounts = accounts.map {
            Entry(name: $0.name, role: $0.role.rawValue, created: DateText.iso8601($0.createdAt))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try accounts.encode(to: encoder)
    }
}
