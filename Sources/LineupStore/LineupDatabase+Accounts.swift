import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// Adds an account; `passwordHash` is the bcrypt hash the front end made of the password.
    @discardableResult
    public func addAccount(named name: String, role: AccountRole, passwordHash: String) throws(StoreError)
        -> Account
    {
        guard Account.isValidName(name) else { throw .invalidAccountName(name) }
        return try write { db in
            if try Self.accountRow(named: name, db) != nil { throw StoreError.duplicateAccount(name) }
            let now = Date()
            try db.execute(
                sql: "INSERT INTO account (name, role, password_hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [name, role.rawValue, passwordHash, Timestamp.text(from: now)])
            return Account(id: db.lastInsertedRowID, name: name, role: role, createdAt: now)
        }
    }

    /// Every account, by name.
    public func accounts() throws(StoreError) -> [Account] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, role, created_at FROM account ORDER BY name COLLATE NOCASE")
                .map(Self.account)
        }
    }

    /// True when at least one coach account exists: what `lineup serve` needs to listen beyond this machine.
    public func hasCoachAccount() throws(StoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE role = 'coach')") ?? false
        }
    }

    /// Removes an account (the whole name, in any case); it is signed out everywhere.
    @discardableResult
    public func removeAccount(named name: String) throws(StoreError) -> Account {
        try write { db in
            guard let row = try Self.accountRow(named: name, db) else { throw StoreError.unknownAccount(name) }
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [row.account.id])
            return row.account
        }
    }

    /// Sets an account's password (its bcrypt hash) and signs it out everywhere.
    @discardableResult
    public func setAccountPassword(named name: String, passwordHash: String) throws(StoreError) -> Account {
        try write { db in
            guard let row = try Self.accountRow(named: name, db) else { throw StoreError.unknownAccount(name) }
            try db.execute(
                sql: "UPDATE account SET password_hash = ? WHERE id = ?", arguments: [passwordHash, row.account.id])
            try db.execute(sql: "DELETE FROM account_session WHERE account_id = ?", arguments: [row.account.id])
            try db.execute(
                sql: "DELETE FROM account_sign_in_failure WHERE account_id = ?", arguments: [row.account.id])
            return row.account
        }
    }

    /// Sets an account's role. A coach made a viewer is signed out everywhere (a page that kept a coach's
    /// answers for offline use learns of it and forgets them); a viewer made a coach carries on signed in.
    /// Returns the account and whether it was signed out.
    @discardableResult
    public func setAccountRole(named name: String, role: AccountRole) throws(StoreError) -> (
        account: Account, signedOut: Bool
    ) {
        try write { db in
            guard var row = try Self.accountRow(named: name, db) else { throw StoreError.unknownAccount(name) }
            try db.execute(sql: "UPDATE account SET role = ? WHERE id = ?", arguments: [role.rawValue, row.account.id])
            let signsOut = row.account.role == .coach && role != .coach
            if signsOut {
                try db.execute(sql: "DELETE FROM account_session WHERE account_id = ?", arguments: [row.account.id])
            }
            row.account.role = role
            return (row.account, signsOut)
        }
    }

    /// What `beginSignIn(named:attempts:window:now:)` found.
    public enum SignInStart: Equatable, Sendable {
        /// No account has the name.
        case noSuchAccount
        /// The account has had `attempts` failed sign-ins within the window: wait this many seconds.
        case wait(seconds: Int)
        /// Check the password against `passwordHash`; the attempt is counted as failure `failureID` until
        /// `signInSucceeded(failureID:)` takes it back.
        case check(account: Account, passwordHash: String, failureID: Int64)
    }

    /// Starts a sign-in to the account `name` names (in any case): counts it as a failed sign-in at once, in
    /// the database, so that guesses sent all at once, through one server or several sharing the file, or
    /// across a restart, cannot pass the limit of `attempts` failures within `window` seconds together.
    /// Failures older than the window are removed on the way.
    public func beginSignIn(
        named name: String, attempts: Int, window: TimeInterval, now: Date = Date()
    ) throws(StoreError) -> SignInStart {
        guard Account.isValidName(name) else { return .noSuchAccount }
        return try write { db in
            guard let row = try Self.accountRow(named: name, db) else { return .noSuchAccount }
            let id = row.account.id
            try db.execute(
                sql: "DELETE FROM account_sign_in_failure WHERE account_id = ? AND failed_at <= ?",
                arguments: [id, Timestamp.text(from: now.addingTimeInterval(-window))])
            let recent = try String.fetchAll(
                db, sql: "SELECT failed_at FROM account_sign_in_failure WHERE account_id = ? ORDER BY failed_at",
                arguments: [id]
            ).compactMap(Timestamp.date(from:))
            if recent.count >= attempts {
                // Until fewer than `attempts` are left in the window (two servers may allow different counts).
                let wait = window - now.timeIntervalSince(recent[recent.count - attempts])
                return .wait(seconds: max(1, Int(wait.rounded(.up))))
            }
            try db.execute(
                sql: "INSERT INTO account_sign_in_failure (account_id, failed_at) VALUES (?, ?)",
                arguments: [id, Timestamp.text(from: now)])
            return .check(account: row.account, passwordHash: row.passwordHash, failureID: db.lastInsertedRowID)
        }
    }

    /// An attempt `beginSignIn` counted as failure `failureID` had the right password: that failure and every
    /// earlier one of the account are forgotten, so a coach's occasional typos never add up to a lockout.
    public func signInSucceeded(account: Account, failureID: Int64) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "DELETE FROM account_sign_in_failure WHERE account_id = ? OR id = ?",
                arguments: [account.id, failureID])
        }
    }

    /// The account `name` names (in any case) with its password hash, to check a sign-in; nil when none.
    public func accountForSignIn(named name: String) throws(StoreError) -> (account: Account, passwordHash: String)? {
        guard Account.isValidName(name) else { return nil }
        return try read { db in try Self.accountRow(named: name, db).map { ($0.account, $0.passwordHash) } }
    }

    /// Records a session for `account` under the digest of its cookie's token, valid for `lifetime` seconds.
    /// Sessions that have expired are removed on the way.
    public func startSession(
        for account: Account, tokenDigest: String, lifetime: TimeInterval, now: Date = Date()
    ) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "DELETE FROM account_session WHERE expires_at <= ?", arguments: [Timestamp.text(from: now)])
            try db.execute(
                sql: """
                    INSERT INTO account_session (token_digest, account_id, created_at, expires_at)
                    VALUES (?, ?, ?, ?)
                    """,
                arguments: [
                    tokenDigest, account.id, Timestamp.text(from: now),
                    Timestamp.text(from: now.addingTimeInterval(lifetime)),
                ])
        }
    }

    /// The account signed in by the session with this digest, if it exists and has not expired.
    public func account(forSessionDigest digest: String, now: Date = Date()) throws(StoreError) -> Account? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT account.id, account.name, account.role, account.created_at
                    FROM account_session JOIN account ON account.id = account_session.account_id
                    WHERE token_digest = ? AND expires_at > ?
                    """, arguments: [digest, Timestamp.text(from: now)]
            ).map(Self.account)
        }
    }

    /// Ends the session with this digest (signing out); nothing happens when there is none.
    public func endSession(tokenDigest: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM account_session WHERE token_digest = ?", arguments: [tokenDigest])
        }
    }

    private struct AccountRow {
        var account: Account
        var passwordHash: String
    }

    private static func accountRow(named name: String, _ db: Database) throws -> AccountRow? {
        try Row.fetchOne(
            db, sql: "SELECT id, name, role, created_at, password_hash FROM account WHERE name = ? COLLATE NOCASE",
            arguments: [name]
        ).map { AccountRow(account: account($0), passwordHash: $0["password_hash"]) }
    }

    private static func account(_ row: Row) -> Account {
        Account(
            id: row["id"], name: row["name"], role: AccountRole(rawValue: row["role"]) ?? .viewer,
            createdAt: Timestamp.date(from: row["created_at"]) ?? Date(timeIntervalSince1970: 0))
    }
}
