import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

@Suite("accounts, sessions and share links")
struct AccountTests {
    /// A valid bcrypt hash's shape (the server makes real ones; the store keeps whatever the front end gives).
    static let hash = "$2b$04$" + String(repeating: "a", count: 53)

    @Test func accountsAreUniqueIgnoringCaseAndNamedPlainly() throws {
        let test = try TestDatabase(sample: true)
        let maya = try test.db.addAccount(named: "maya", role: .coach, passwordHash: Self.hash)
        #expect(maya.role == .coach)
        #expect(throws: StoreError.duplicateAccount("Maya")) {
            try test.db.addAccount(named: "Maya", role: .viewer, passwordHash: Self.hash)
        }
        for bad in ["", "two words", "maya\u{0}", "josé", String(repeating: "x", count: 65)] {
            #expect(throws: StoreError.invalidAccountName(bad)) {
                try test.db.addAccount(named: bad, role: .viewer, passwordHash: Self.hash)
            }
        }
        try test.db.addAccount(named: "sam.o-k_1@club", role: .viewer, passwordHash: Self.hash)
        #expect(try test.db.accounts().map(\.name) == ["maya", "sam.o-k_1@club"])
        #expect(try test.db.hasCoachAccount())
        #expect(try test.db.accountForSignIn(named: "MAYA")?.passwordHash == Self.hash)
        #expect(try test.db.accountForSignIn(named: "nobody") == nil)
    }

    /// Failed sign-ins are counted in the database: past the limit the wait lasts until fewer than the limit
    /// are left in the window (counted from the right failure when there are more, as two servers with other
    /// limits may leave), a right password clears them, and so does a new password.
    @Test func signInFailuresAreCountedInTheDatabase() throws {
        let test = try TestDatabase(sample: true)
        let maya = try test.db.addAccount(named: "maya", role: .coach, passwordHash: Self.hash)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for second in 0..<5 {
            guard
                case .check = try test.db.beginSignIn(
                    named: "maya", attempts: 5, window: 900, now: start + Double(second))
            else { Issue.record("refused before the limit"); return }
        }
        #expect(
            try test.db.beginSignIn(named: "MAYA", attempts: 5, window: 900, now: start + 10) == .wait(seconds: 890))
        // A limit of 3: the third most recent failure (at 2 s) is the one to wait for.
        #expect(
            try test.db.beginSignIn(named: "maya", attempts: 3, window: 900, now: start + 10) == .wait(seconds: 892))
        #expect(try test.db.beginSignIn(named: "nobody", attempts: 3, window: 900, now: start + 10) == .noSuchAccount)
        try test.db.setAccountPassword(named: "maya", passwordHash: Self.hash)
        guard
            case .check(_, _, let failure) = try test.db.beginSignIn(
                named: "maya", attempts: 3, window: 900, now: start + 11)
        else { Issue.record("a new password did not end the wait"); return }
        _ = try test.db.beginSignIn(named: "maya", attempts: 3, window: 900, now: start + 12)
        try test.db.signInSucceeded(account: maya, failureID: failure)
        for second in 0..<3 {
            guard
                case .check = try test.db.beginSignIn(
                    named: "maya", attempts: 3, window: 900, now: start + 20 + Double(second))
            else { Issue.record("a right password did not clear the failures"); return }
        }
    }

    private static let time = "2026-11-22 14:05:09.123"

    /// The schema guards what it can, whatever program writes: names, roles and hashes.
    @Test func theSchemaRefusesBadAccountRows() throws {
        let test = try TestDatabase()
        // Times in lineup's form, so each row is refused for what it tests (a time that is not is, 0010).
        let rows = [
            "('two words', 'coach', '\(Self.hash)', '\(Self.time)')", "('x', 'admin', '\(Self.hash)', '\(Self.time)')",
            "('x', 'coach', 'plain-text-password', '\(Self.time)')",
        ]
        for row in rows {
            #expect(throws: DatabaseError.self, "\(row)") {
                try test.rawWrite("INSERT INTO account (name, role, password_hash, created_at) VALUES \(row)")
            }
        }
        try test.rawWrite(
            "INSERT INTO account (name, role, password_hash, created_at) VALUES ('x', 'coach', '\(Self.hash)', '\(Self.time)')"
        )
        #expect(throws: DatabaseError.self) {
            try test.rawWrite(
                "INSERT INTO account (name, role, password_hash, created_at) VALUES ('X', 'viewer', '\(Self.hash)', '\(Self.time)')"
            )
        }
        #expect(throws: DatabaseError.self) {
            try test.rawWrite(
                "INSERT INTO share_link (boat_id, token_digest, shows_weights, created_at) VALUES (1, 'short', 0, '\(Self.time)')"
            )
        }
    }

    @Test func sessionsExpireAndEndWithTheirAccountOrPassword() throws {
        let test = try TestDatabase()
        let maya = try test.db.addAccount(named: "maya", role: .coach, passwordHash: Self.hash)
        let now = Date()
        let digest = SecretToken.digest("token")
        try test.db.startSession(for: maya, tokenDigest: digest, lifetime: 3600, now: now)
        #expect(try test.db.account(forSessionDigest: digest, now: now)?.name == "maya")
        #expect(try test.db.account(forSessionDigest: digest, now: now.addingTimeInterval(3601)) == nil)
        // Made a coach, a viewer carries on signed in; made a viewer, a coach is signed out everywhere.
        try test.db.setAccountRole(named: "maya", role: .viewer)
        #expect(try test.db.account(forSessionDigest: digest, now: now) == nil)
        try test.db.startSession(for: maya, tokenDigest: digest, lifetime: 3600, now: now)
        try test.db.setAccountRole(named: "maya", role: .coach)
        #expect(try test.db.account(forSessionDigest: digest, now: now)?.role == .coach)
        try test.db.setAccountPassword(named: "maya", passwordHash: Self.hash)
        #expect(try test.db.account(forSessionDigest: digest, now: now) == nil)
        try test.db.startSession(for: maya, tokenDigest: digest, lifetime: 3600, now: now)
        try test.db.removeAccount(named: "MAYA")
        #expect(try test.db.account(forSessionDigest: digest, now: now) == nil)
        #expect(throws: StoreError.unknownAccount("maya")) { try test.db.removeAccount(named: "maya") }
    }

    /// Revoking every link of a regatta cannot be undone, so it takes the regatta's whole name, not a start.
    @Test func revokingARegattasLinksTakesItsWholeName() throws {
        let test = try TestDatabase(sample: true)
        _ = try test.db.createRegatta(named: "Spring Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try test.db.createShareLink(
            forRegatta: "Spring Cup", showsWeights: false, tokenDigest: SecretToken.digest("spring"))
        #expect(throws: StoreError.self) { try test.db.revokeShareLinks(ofRegatta: "spring") }
        #expect(try test.db.shareLinks(ofRegatta: "Spring Cup").count == 1)
        #expect(try test.db.revokeShareLinks(ofRegatta: "spring cup").links.count == 1)
        #expect(try test.db.shareLinks(ofRegatta: "Spring Cup").isEmpty)
    }

    /// A revoked link's id is never given to a new link, so revoking by an id from an older list cannot
    /// revoke a newer link.
    @Test func aRevokedLinksIdIsNeverGivenAgain() throws {
        let test = try TestDatabase(sample: true)
        _ = try test.db.createShareLink(forBoat: .current, showsWeights: false, tokenDigest: SecretToken.digest("one"))
        let second = try test.db.createShareLink(
            forBoat: .current, showsWeights: false, tokenDigest: SecretToken.digest("two"))
        _ = try test.db.revokeShareLink(id: second.id)
        let third = try test.db.createShareLink(
            forBoat: .current, showsWeights: false, tokenDigest: SecretToken.digest("three"))
        #expect(third.id > second.id)
        #expect(throws: StoreError.self) { try test.db.revokeShareLink(id: second.id) }
        #expect(try test.db.shareLinks(ofBoat: .current).map(\.id).contains(third.id))
    }

    /// A database with share links from before ids were kept apart keeps every link, id and digest.
    @Test func linksMadeBeforeTheChangeAreKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-links-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("club.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try LineupDatabase.migrator.migrate(queue, upTo: "0007_accounts_sessions_and_share_links")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO boat (name, name_key, kind, row_count, created_at)
                    VALUES ('Crew', 'crew', 'standard', 10, '2024-01-01T00:00:00Z')
                    """)
            for (id, secret) in [(3, "three"), (7, "seven")] {
                try db.execute(
                    sql: """
                        INSERT INTO share_link (id, boat_id, token_digest, shows_weights, created_at)
                        VALUES (?, 1, ?, 1, '2024-01-01T00:00:00Z')
                        """, arguments: [id, SecretToken.digest(secret)])
            }
        }
        try queue.close()
        let db = try LineupDatabase.open(at: path, mode: .existing)
        defer { try? db.close() }
        _ = try db.boats()
        #expect(try db.shareLinks(ofBoat: nil).map(\.id) == [3, 7])
        #expect(try db.shared(tokenDigest: SecretToken.digest("seven"))?.link.id == 7)
        _ = try db.revokeShareLink(id: 7)
        let next = try db.createShareLink(
            forBoat: .named("Crew"), showsWeights: false, tokenDigest: SecretToken.digest("new"))
        #expect(next.id == 8)
    }

    /// Making share_link hold a regatta's links too (migration 0015) keeps every link, and an id revoked
    /// before it is still never given again.
    @Test func linksSurviveTheirTableMadeAgainForRegattas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-links-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("club.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try LineupDatabase.migrator.migrate(queue, upTo: "0013_sign_in_lockouts_kept_in_the_database")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO boat (name, name_key, kind, row_count, created_at)
                    VALUES ('Crew', 'crew', 'standard', 10, '2024-01-01 00:00:00.000')
                    """)
            for secret in ["one", "two", "three"] {
                try db.execute(
                    sql: """
                        INSERT INTO share_link (boat_id, token_digest, shows_weights, created_at)
                        VALUES (1, ?, 1, '2024-01-01 00:00:00.000')
                        """, arguments: [SecretToken.digest(secret)])
            }
            try db.execute(sql: "DELETE FROM share_link WHERE id = 3")
        }
        try queue.close()
        let db = try LineupDatabase.open(at: path, mode: .existing)
        defer { try? db.close() }
        _ = try db.boats()
        #expect(try db.shareLinks(ofBoat: nil).map(\.id) == [1, 2])
        #expect(try db.shared(tokenDigest: SecretToken.digest("two"))?.link.subjectName == "boat \"Crew\"")
        let next = try db.createShareLink(
            forBoat: .named("Crew"), showsWeights: false, tokenDigest: SecretToken.digest("new"))
        #expect(next.id == 4)
        // A link is to a boat or to a regatta: the schema refuses one to both or to neither.
        let regatta = try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        for (boat, race) in [("NULL", "NULL"), ("1", "\(regatta.id)")] {
            #expect(throws: (any Error).self) {
                try DatabaseQueue(path: path).write { raw in
                    try raw.execute(
                        sql: """
                            INSERT INTO share_link (boat_id, regatta_id, token_digest, shows_weights, created_at)
                            VALUES (\(boat), \(race), ?, 0, '2024-01-01 00:00:00.000')
                            """, arguments: [SecretToken.digest("odd \(boat)")])
                }
            }
        }
    }

    @Test func shareLinksAreKeptAsDigestsAndRevocable() throws {
        let test = try TestDatabase(sample: true)
        try test.db.createBoat(named: "Second", kind: .small)
        let first = try test.db.createShareLink(
            forBoat: .named("Sample crew"), showsWeights: false, tokenDigest: SecretToken.digest("one"))
        let second = try test.db.createShareLink(
            forBoat: .named("Second"), showsWeights: true, tokenDigest: SecretToken.digest("two"))
        #expect(try test.db.shareLinks(ofBoat: nil).map(\.id) == [first.id, second.id])
        #expect(try test.db.shareLinks(ofBoat: .named("Second")).map(\.showsWeights) == [true])
        let shared = try #require(try test.db.shared(tokenDigest: SecretToken.digest("one")))
        guard case .boat(let state) = shared.subject else {
            Issue.record("a boat's link opens \(shared.subject)")
            return
        }
        #expect(state.boat.name == "Sample crew" && !shared.link.showsWeights)
        #expect(try test.db.shared(tokenDigest: SecretToken.digest("three")) == nil)
        // Only the digest is stored: the token itself is nowhere in the file.
        let raw = try DatabaseQueue(path: test.path).read { db in
            try String.fetchAll(db, sql: "SELECT token_digest FROM share_link ORDER BY id")
        }
        #expect(raw == [SecretToken.digest("one"), SecretToken.digest("two")])
        try test.db.revokeShareLink(id: first.id)
        #expect(try test.db.shared(tokenDigest: SecretToken.digest("one")) == nil)
        #expect(throws: StoreError.unknownShareLink(first.id)) { try test.db.revokeShareLink(id: first.id) }
        _ = try test.db.deleteBoat(.wholeName("Second"))
        #expect(try test.db.shareLinks(ofBoat: nil).isEmpty)
    }
}
