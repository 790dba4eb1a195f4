import Foundation

/// What an account may do on `lineup serve`: a coach changes lineups, a viewer only looks.
public enum AccountRole: String, Sendable, CaseIterable {
    case coach, viewer
}

/// A person who signs in to `lineup serve`.
public struct Account: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var role: AccountRole
    public var createdAt: Date

    public init(id: Int64, name: String, role: AccountRole, createdAt: Date) {
        self.id = id
        self.name = name
        self.role = role
        self.createdAt = createdAt
    }

    /// True when the name has the account name's shape: 1 to 64 ASCII letters, digits and `. _ @ -`
    /// (the schema refuses anything else too).
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "@"), UInt8(ascii: "-")].contains(byte)
            }
    }
}
