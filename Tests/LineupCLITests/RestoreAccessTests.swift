import Foundation
import GRDB
import Testing

/// `lineup restore` brings back lineups, never access: a link revoked, an account removed or a password
/// changed since the backup stays so, checked through a running server (the link, the sign-in).
@Suite("a restore never brings back access that was taken away")
struct RestoreAccessTests {
    @Test func revokedLinksRemovedAccountsAndChangedPasswordsStaySoAfterARestore() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        for name in ["oldcoach", "newcoach"] {
            let add = try lineup.run(
                ["user", "add", name, "--role", "coach", "--password-stdin"], input: "first password\n")
            #expect(add.status == 0, "\(add.stderr)")
        }
        let revoked = try Self.sharePath(lineup.run(["share", "Sample crew", "--base-url", "http://club.example"]))
        let kept = try Self.sharePath(lineup.run(["share", "Sample crew", "--base-url", "http://club.example"]))
        let backup = lineup.folder.appendingPathComponent("monday.sqlite").path
        #expect(try lineup.run(["backup", backup]).status == 0)
        #expect(try lineup.run(["share", "--revoke", "1"]).status == 0)
        // A link made and revoked after the backup: its id (3) is never given again either.
        _ = try Self.sharePath(lineup.run(["share", "Sample crew", "--base-url", "http://club.example"]))
        #expect(try lineup.run(["share", "--revoke", "3"]).status == 0)
        #expect(try lineup.run(["user", "remove", "oldcoach"]).status == 0)
        let change = try lineup.run(
            ["user", "password", "newcoach", "--password-stdin"], input: "second password\n")
        #expect(change.status == 0, "\(change.stderr)")
        // A change after the backup, so the restore visibly brings the boat back.
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)

        let restore = try lineup.run(["restore", backup])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout.contains("Access is not restored"), "\(restore.stdout)")
        #expect(restore.stdout.contains("(1 account, 0 sessions, 1 link)"), "\(restore.stdout)")
        #expect(try lineup.run(["history"]).stdout.contains("L1") == false)

        let server = try ServerProcess(lineup, extra: ["--require-sign-in"])
        #expect(try server.get(revoked).status == 404)
        #expect(try server.get(kept).status == 200)
        let signIn = { (name: String, password: String) throws -> Int in
            try server.request(
                "/api/session", method: "POST", json: #"{"name": "\#(name)", "password": "\#(password)"}"#
            ).status
        }
        #expect(try signIn("oldcoach", "first password") == 401)
        #expect(try signIn("newcoach", "first password") == 401)
        #expect(try signIn("newcoach", "second password") == 200)
        // A restore while the server runs cannot have the file to itself: it says to stop the server.
        let busy = try lineup.run(["restore", backup], environment: ["LINEUP_BUSY_TIMEOUT": "0.5"])
        #expect(busy.status == 75, "\(busy.stderr)")
        #expect(busy.stderr.hasPrefix("error: ") && busy.stderr.contains("`lineup serve`"), "\(busy.stderr)")
        #expect(server.stop() == 0)
        // A new link after the restore never takes the id of a revoked one.
        _ = try Self.sharePath(lineup.run(["share", "Sample crew", "--base-url", "http://club.example"]))
        let list = try lineup.run(["share", "--list"]).stdout
        #expect(
            list.hasPrefix("#2 ") && list.contains("\n#4 ") && !list.contains("#1 ") && !list.contains("#3 "), "\(list)"
        )
    }

    /// Paddlers' answers are data and come back with the backup; their personal links are access: a link
    /// revoked since the backup stays revoked, and one made since still opens.
    @Test func answersComeBackAndRevokedPaddlerLinksStayRevoked() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        for arguments in [
            ["regatta", "create", "Cup", "--date", "2099-06-13"],
            ["race", "add", "Cup", "Heat", "--at", "09:10", "--boat", "Sample crew"],
            ["regatta", "answer", "Cup", "Ada", "out", "--comment", "away"],
        ] {
            let result = try lineup.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let invite = { (name: String) throws -> String in
            let made = try lineup.run(["invite", name, "--base-url", "http://club.example"])
            #expect(made.status == 0, "\(made.stderr)")
            return String(made.stdout.split(separator: " ").last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "http://club.example", with: "")
        }
        let revoked = try invite("Bea Marangoni")
        let backup = lineup.folder.appendingPathComponent("monday.sqlite").path
        #expect(try lineup.run(["backup", backup]).status == 0)
        #expect(try lineup.run(["invite", "--revoke", "Bea Marangoni"]).status == 0)
        let madeSince = try invite("Cal Ortega")
        #expect(try lineup.run(["regatta", "answer", "Cup", "Ada", "in"]).status == 0)
        let restore = try lineup.run(["restore", backup])
        #expect(restore.status == 0, "\(restore.stderr)")
        let sheet = try lineup.run(["regatta", "answers", "Cup", "--peek"]).stdout
        #expect(
            sheet.contains("Ada Lindqvist") && sheet.contains("out (coach") && sheet.contains("\"away\""), "\(sheet)")
        let links = try lineup.run(["invite", "--list"]).stdout
        #expect(!links.contains("Bea Marangoni") && links.contains("Cal Ortega"), "\(links)")
        let server = try ServerProcess(lineup, extra: [])
        #expect(try server.get(revoked).status == 404)
        #expect(try server.get(madeSince).status == 200)
        #expect(server.stop() == 0)
    }

    /// With no database at the path (a restore onto a new machine), nothing tells which of the backup's
    /// links and sessions are still wanted: they are ended and the output says so; the accounts stay.
    @Test func aRestoreIntoANewFileEndsTheBackupsLinksAndSessions() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        #expect(
            try lineup.run(["user", "add", "maya", "--role", "coach", "--password-stdin"], input: "first password\n")
                .status == 0)
        let link = try Self.sharePath(lineup.run(["share", "Sample crew", "--base-url", "http://club.example"]))
        let backup = lineup.folder.appendingPathComponent("monday.sqlite").path
        #expect(try lineup.run(["backup", backup]).status == 0)
        let fresh = lineup.folder.appendingPathComponent("new.sqlite").path
        let restore = try lineup.run(["restore", backup], environment: ["LINEUP_DB": fresh])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout.contains("0 sessions and 1 link were ended"), "\(restore.stdout)")
        #expect(
            try lineup.run(["share", "--list"], environment: ["LINEUP_DB": fresh]).stdout.contains("Sample") == false)
        #expect(try lineup.run(["user", "list"], environment: ["LINEUP_DB": fresh]).stdout.contains("maya"))
        _ = link
    }

    /// A backup whose schema holds what lineup does not make (a trigger that would bring an account back on
    /// every change, a view, a guard removed) is refused, every file as it was; one an older lineup wrote, of
    /// lineup's own schema, is restored.
    @Test(arguments: [
        (
            "CREATE TRIGGER z_audit AFTER INSERT ON history BEGIN INSERT OR IGNORE INTO account "
                + "(name, role, password_hash, created_at) SELECT 'mallory', 'coach', password_hash, created_at "
                + "FROM account LIMIT 1; END", "trigger z_audit"
        ),
        ("CREATE VIEW secrets AS SELECT name, password_hash FROM account", "view secrets"),
        ("DROP TRIGGER boat_name_fits_in_a_web_address_on_insert", "trigger boat_name_fits_in_a_web_address_on_insert"),
        // Named as SQLite names its own objects, which only writable_schema allows: still compared.
        (
            "PRAGMA writable_schema = ON; CREATE TRIGGER sqlite_esc AFTER INSERT ON account_session BEGIN "
                + "UPDATE account SET role = 'coach' WHERE id = NEW.account_id; END", "trigger sqlite_esc"
        ),
        // A guard whose text differs only by quotes means something else: the text is compared exactly.
        (
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'WHEN NEW.active = 1', "
                + "'WHEN \"NEW.active = 1\"') WHERE name = 'paddler_joins_every_bench'",
            "trigger paddler_joins_every_bench"
        ),
    ])
    func aBackupWithSchemaLineupDoesNotMakeIsRefused(sql: String, named: String) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let backup = lineup.folder.appendingPathComponent("evil.sqlite").path
        #expect(try lineup.run(["backup", backup]).status == 0)
        let queue = try DatabaseQueue(path: backup)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
        let before = BadInputTests.snapshot(lineup.folder)
        let restore = try lineup.run(["restore", backup])
        #expect(restore.status == 1, "\(restore.stderr)")
        #expect(restore.stderr.hasPrefix("error: ") && restore.stderr.contains(named), "\(restore.stderr)")
        #expect(restore.stderr.contains("restore from a file `lineup backup` wrote"), "\(restore.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file changed")

        let older = lineup.folder.appendingPathComponent("older.sqlite").path
        try OlderSchema.make(at: older, upTo: 4, paddlers: 5, historyRecords: 3)
        let restored = try lineup.run(["restore", older])
        #expect(restored.status == 0, "\(restored.stderr)")
    }

    /// The path of the link `lineup share` printed (`/share/…`).
    static func sharePath(_ result: LineupProcess.Result) throws -> String {
        #expect(result.status == 0, "\(result.stderr)")
        let range = try #require(result.stdout.range(of: #"http://club\.example(/\S+)"#, options: .regularExpression))
        return String(result.stdout[range].dropFirst("http://club.example".count))
    }
}
