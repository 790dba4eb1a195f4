import Foundation
import GRDB
import Testing

/// A database an older lineup wrote, made here from the migration files themselves: the schema of
/// migrations 0001 to `last`, a roster, a boat and some history, in WAL mode as lineup leaves its files.
enum OlderSchema {
    static let migrationsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("migrations")

    static func make(at path: String, upTo last: Int, paddlers: Int = 40, historyRecords: Int = 50) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: migrationsFolder.path)
            .filter { $0.hasSuffix(".sql") && (Int($0.prefix(4)) ?? .max) <= last }.sorted()
        #expect(files.count == last)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        // One transaction, so the log stays small (the file may be on a small disk).
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            for file in files {
                try db.execute(
                    sql: try String(contentsOf: migrationsFolder.appendingPathComponent(file), encoding: .utf8))
                try db.execute(
                    sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [String(file.dropLast(4))])
            }
            for number in 1...paddlers {
                try db.execute(
                    sql: "INSERT INTO paddler (name, name_key) VALUES (?, ?)", arguments: ["P\(number)", "p\(number)"])
            }
            try db.execute(
                sql: """
                    INSERT INTO boat (name, name_key, kind, row_count, created_at)
                    VALUES ('Race', 'race', 'standard', 10, '2026-01-01 10:00:00.000')
                    """)
            for number in 0..<historyRecords {
                try db.execute(
                    sql: "INSERT INTO history (boat_id, created_at, summary) VALUES (1, '2026-01-01 10:00:00.000', ?)",
                    arguments: ["change \(number)"])
            }
        }
        try queue.close()
    }

    /// The migrations applied to the file at `path`, and its paddlers' and boats' names.
    static func contents(at path: String) throws -> (migrations: Int, names: [String]) {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0,
                try String.fetchAll(db, sql: "SELECT name FROM paddler UNION ALL SELECT name FROM boat ORDER BY 1")
            )
        }
    }
}

@Suite("Bringing an older database up to this version's schema")
struct SchemaUpgradeTests {
    static var migrationCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: OlderSchema.migrationsFolder.path)) ?? [])
            .filter { $0.hasSuffix(".sql") }.count
    }

    /// Three commands changing a file of migrations 0001-0004 at the same moment: one brings it up to date
    /// while the others wait, then find it done; all three succeed and no message quotes SQL.
    @Test func firstWritersAtOnceOnAnOlderFileAllSucceed() throws {
        for round in 1...6 {
            let lineup = try LineupProcess()
            try OlderSchema.make(at: lineup.databasePath, upTo: 4, paddlers: 300)
            let script = """
                "$LINEUP" roster add Ann > o1 2> e1 & first=$!
                "$LINEUP" roster add Bob > o2 2> e2 & second=$!
                "$LINEUP" boat create Cup > o3 2> e3 & third=$!
                wait $first; a=$?; wait $second; b=$?; wait $third; c=$?
                echo "$a $b $c"; cat e1 e2 e3
                """
            let result = try lineup.run(
                ["-c", script], executable: URL(fileURLWithPath: "/bin/bash"),
                environment: ["LINEUP": LineupProcess.executable.path])
            #expect(result.stdout == "0 0 0\n", "round \(round): \(result.stdout)")
            #expect(!result.stdout.contains("trigger"), "round \(round): \(result.stdout)")
            let contents = try OlderSchema.contents(at: lineup.databasePath)
            #expect(contents.migrations == Self.migrationCount, "round \(round)")
            #expect(Set(["Ann", "Bob", "Cup"]).isSubset(of: contents.names), "round \(round): \(contents.names)")
            #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty, "round \(round)")
        }
    }

    /// A full disk while an older file is brought up to date: the command either succeeds, or says the disk
    /// is full, and then either truly nothing was changed or the message says the file was brought up to
    /// date (all migrations, never some). Tried with more and more free space, from none to enough.
    @Test func aFullDiskWhileUpgradingChangesAllOrNothing() throws {
        guard let disk = try SmallFilesystem(kilobytes: 2048, for: "aFullDiskWhileUpgradingChangesAllOrNothing")
        else { return }
        let lineup = try LineupProcess()
        let database = disk.path + "/club.sqlite"
        var failures = 0
        var succeeded = false
        for freePages in stride(from: 0, through: 160, by: 2) {
            disk.free()
            for suffix in ["", "-wal", "-shm"] { unlink(database + suffix) }
            try OlderSchema.make(at: database, upTo: 4, paddlers: 60, historyRecords: 400)
            let before = try OlderSchema.contents(at: database)
            disk.fill()
            let filler = disk.path + "/filler"
            let size = (try FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int) ?? 0
            truncate(filler, off_t(max(0, size - freePages * 4096)))
            let result = try lineup.run(["roster", "add", "Zed"], environment: ["LINEUP_DB": database])
            disk.free()
            let after = try OlderSchema.contents(at: database)
            if result.status == 0 {
                #expect(after.migrations == Self.migrationCount)
                #expect(after.names.contains("Zed"))
                succeeded = true
                break
            }
            failures += 1
            #expect(result.status == 1, "\(freePages) pages free: \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: the disk is full; "), "\(freePages) pages free: \(result.stderr)")
            // Either no migration was kept, or all of them were and the message says so (the command's own
            // change failed after the file was brought up to date); never some of them.
            if after.migrations == before.migrations {
                #expect(
                    result.stderr.hasPrefix("error: the disk is full; nothing was changed"),
                    "\(freePages) pages free: \(result.stderr)")
            } else {
                #expect(after.migrations == Self.migrationCount, "\(freePages) pages free: some migrations were kept")
                #expect(
                    result.stderr.hasPrefix(
                        "error: the disk is full; this command's change was not saved, free some space and try again; "
                            + "before that, the database was brought up to this version of lineup (migrations 0005 to "),
                    "\(freePages) pages free: \(result.stderr)")
            }
            #expect(after.names == before.names, "\(freePages) pages free")
        }
        #expect(failures > 0, "the disk was never full enough to fail")
        #expect(succeeded, "the disk never had room enough")
    }
}
