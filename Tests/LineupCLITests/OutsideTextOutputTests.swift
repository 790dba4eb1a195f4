import Foundation
import Testing

/// Paths, addresses and arguments a command prints back reach the terminal shown, never acted on: escape
/// sequences, bells, C1 controls and direction overrides in them cannot retitle the window, clear the screen
/// or reorder the words around them. Files at such paths still work.
@Suite("text from outside on the terminal")
struct OutsideTextOutputTests {
    /// An OSC title change ended by BEL, a C1 CSI (U+009B) clearing the screen, a right-to-left override.
    static let hostile = "x\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}gpj"

    /// True when `text` sends no control but line breaks, and every direction control a line opens is
    /// closed on that line.
    static func isShownSafely(_ text: String) -> Bool {
        let sent = text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
        let openers: Set<UInt32> = [0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068]
        let balanced = text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { line in
            line.unicodeScalars.filter { openers.contains($0.value) }.count
                == line.unicodeScalars.filter { $0.value == 0x202C || $0.value == 0x2069 }.count
        }
        return !sent && balanced
    }

    /// Checks a command's output: shown safely, and the escape visible as its picture.
    static func expectShown(_ result: LineupProcess.Result, _ what: String) {
        #expect(isShownSafely(result.stdout), "\(what): \(result.stdout.debugDescription)")
        #expect(isShownSafely(result.stderr), "\(what): \(result.stderr.debugDescription)")
        #expect((result.stdout + result.stderr).contains("␛]0;pwned␇"), "\(what): \(result.stderr.debugDescription)")
    }

    @Test func initShowsTheDatabasePath() throws {
        let lineup = try LineupProcess()
        let path = lineup.folder.appendingPathComponent(Self.hostile + ".sqlite").path
        let created = try lineup.run(["init", "--sample"], environment: ["LINEUP_DB": path])
        #expect(created.status == 0, "\(created.stderr)")
        Self.expectShown(created, "init")
        let again = try lineup.run(["init"], environment: ["LINEUP_DB": path])
        Self.expectShown(again, "init again")
        let shown = try lineup.run(["show"], environment: ["LINEUP_DB": path])
        #expect(shown.status == 0, "\(shown.stderr)")
    }

    @Test func rosterExportShowsTheOutputPath() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let output = lineup.folder.appendingPathComponent(Self.hostile + ".csv").path
        let exported = try lineup.run(["roster", "export", "--output", output])
        #expect(exported.status == 0, "\(exported.stderr)")
        Self.expectShown(exported, "roster export")
        #expect(FileManager.default.contents(atPath: output)?.starts(with: Array("name,".utf8)) == true)
    }

    @Test func backupAndRestoreShowTheBackupPath() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let backup = lineup.folder.appendingPathComponent(Self.hostile + ".backup").path
        let saved = try lineup.run(["backup", backup])
        #expect(saved.status == 0, "\(saved.stderr)")
        Self.expectShown(saved, "backup")
        let restored = try lineup.run(["restore", backup])
        #expect(restored.status == 0, "\(restored.stderr)")
        Self.expectShown(restored, "restore")
        #expect(try lineup.run(["show"]).status == 0)
    }

    /// A base URL with controls is no address a browser opens: refused as bad usage, and shown.
    @Test(arguments: [true, false])
    func shareRefusesABaseURLWithControls(fromEnvironment: Bool) throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let url = "http://" + Self.hostile
        let shared =
            fromEnvironment
            ? try lineup.run(["share", "Sample crew"], environment: ["LINEUP_PUBLIC_URL": url])
            : try lineup.run(["share", "Sample crew", "--base-url", url])
        #expect(shared.status == 64, "\(shared.stderr)")
        Self.expectShown(shared, "share")
        #expect(try lineup.run(["share", "--list"]).stdout == "No share links.\n")
    }

    /// The link is the base URL followed by /share/TOKEN: a base whose query or fragment would swallow that path
    /// (and the secret with it), that names a user, or has no host, is bad usage; a path is kept.
    @Test(arguments: ["http://x/?q=<script>", "https://club.example#top", "https://coach:pw@club.example", "http://"])
    func shareRefusesABaseURLThatIsNoServersAddress(url: String) throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let shared = try lineup.run(["share", "Sample crew", "--base-url", url])
        #expect(shared.status == 64, "\(shared.stderr)")
        #expect(shared.stderr.contains("must be a server's address"), "\(shared.stderr)")
        #expect(try lineup.run(["share", "--list"]).stdout == "No share links.\n")
        let path = try lineup.run(["share", "Sample crew", "--base-url", "https://club.example/lineup/"])
        #expect(path.status == 0 && path.stdout.hasPrefix("https://club.example/lineup/share/"), "\(path.stdout)")
    }

    /// `lineup serve`'s own words: an address it cannot use, and its start line naming the database.
    @Test func theServerShowsItsArgumentsAndDatabasePath() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let badListen = try lineup.run(["serve", "--listen", Self.hostile])
        #expect(badListen.status == 64, "\(badListen.stderr)")
        Self.expectShown(badListen, "serve --listen")

        let path = lineup.folder.appendingPathComponent(Self.hostile + ".sqlite").path
        #expect(try lineup.run(["init", "--sample"], environment: ["LINEUP_DB": path]).status == 0)
        let server = lineup.makeProcess(
            ["serve", "--listen", "127.0.0.1:0"], executable: LineupProcess.executable,
            environment: ["LINEUP_DB": path])
        let errors = Pipe()
        server.standardError = errors
        server.standardOutput = FileHandle.nullDevice
        server.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(server)
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        // The start line, read up to its end (the server writes nothing else to standard error meanwhile).
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let started = String(decoding: line, as: UTF8.self)
        #expect(started.contains("lineup serve: http://127.0.0.1:"), "\(started.debugDescription)")
        #expect(Self.isShownSafely(started), "\(started.debugDescription)")
        #expect(started.contains("␛]0;pwned␇"), "\(started.debugDescription)")
    }
}

extension OutsideTextOutputTests {
    /// A hint that names the database path names it as one shell word: pasted, it runs nothing from the path.
    @Test func aHintNamingTheDatabasePathRunsNothingFromIt() throws {
        let lineup = try LineupProcess()
        let path = lineup.folder.appendingPathComponent("club $(touch pwned) `touch pwned2`.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let shown = try lineup.run(["show"], environment: ["LINEUP_DB": path])
        #expect(shown.status == 1)
        let start = try #require(shown.stderr.range(of: "`lineup init --db "), "\(shown.stderr)")
        let end = try #require(shown.stderr.range(of: "`\n", range: start.upperBound..<shown.stderr.endIndex))
        let hint = shown.stderr[shown.stderr.index(after: start.lowerBound)..<end.lowerBound]
            .replacingOccurrences(of: "lineup ", with: "'\(LineupProcess.executable.path)' ")
        let pasted = try lineup.run(["-c", hint], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(pasted.status == 0, "\(hint): \(pasted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent("pwned").path))
        #expect(!FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent("pwned2").path))
        #expect(try lineup.run(["roster", "list"], environment: ["LINEUP_DB": path]).status == 0)
    }
}
