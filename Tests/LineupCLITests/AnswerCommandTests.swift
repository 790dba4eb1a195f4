import Foundation
import Testing

/// `lineup invite`, `regatta answer`, `regatta answers` and `roster update --injured-until`, end to end.
@Suite("paddlers' links and answers on the command line")
struct AnswerCommandTests {
    /// The sample club with regatta "Cup" on a day well ahead: Heat at 09:10 in the sample crew's boat, and "2 km"
    /// at 11:00 in a copy of it.
    static func club() throws -> LineupProcess {
        let lineup = try LineupProcess()
        for arguments in [
            ["init", "--sample"], ["regatta", "create", "Cup", "--date", "2099-06-13"],
            ["race", "add", "Cup", "Heat", "--at", "09:10", "--boat", "Sample crew"],
            ["race", "add", "Cup", "2 km", "--at", "11:00", "--copy-from", "Heat"],
        ] {
            let result = try lineup.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return lineup
    }

    static func json(_ result: LineupProcess.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test func invitePrintsOneLinkPerPaddlerOnceAndListsAndRevokesThem() throws {
        let lineup = try Self.club()
        let made = try lineup.run(
            [
                "invite", "Ada", "Bea Marangoni", "--regatta", "cup", "--expires", "2099-06-13", "--base-url",
                "https://club.example.org/",
            ])
        #expect(made.status == 0, "\(made.stderr)")
        let lines = made.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Ada Lindqvist  https://club.example.org/p/"))
        #expect(made.stderr.contains("Made 2 personal links (to regatta \"Cup\", open until 2099-06-13)"))
        let tokens = lines.map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(Set(tokens).count == 2 && tokens.allSatisfy { $0.count == 43 })
        // The secret is nowhere in the database file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        for token in tokens { #expect(bytes.range(of: Data(token.utf8)) == nil) }
        let listed = try lineup.run(["invite", "--list"])
        #expect(listed.stdout.contains("Ada Lindqvist  regatta \"Cup\"  open until 2099-06-13"))
        #expect(!tokens.contains { listed.stdout.contains($0) })
        let listedJSON = try #require(
            try Self.json(try lineup.run(["invite", "--list", "--json"])) as? [[String: Any]])
        #expect(listedJSON.map { $0["paddler"] as? String } == ["Ada Lindqvist", "Bea Marangoni"])
        #expect(listedJSON.allSatisfy { $0["link"] == nil && $0["expires"] as? String == "2099-06-13" })
        let revoked = try lineup.run(["invite", "--revoke", "Ada Lindqvist"])
        #expect(revoked.status == 0 && revoked.stdout.contains("Revoked 1 personal link (Ada Lindqvist)"))
        #expect(!(try lineup.run(["invite", "--list"])).stdout.contains("Ada Lindqvist"))
        #expect(try lineup.run(["invite", "--revoke", "--all"]).stdout.contains("Revoked 1 personal link"))
        #expect(try lineup.run(["invite", "--list"]).stdout == "No personal links.\n")
    }

    @Test func inviteWritesCSVForAMailMergeAndNeverOverTheDatabase() throws {
        let lineup = try Self.club()
        let file = lineup.folder.appendingPathComponent("links.csv").path
        let written = try lineup.run(["invite", "--all", "--csv", "--output", file])
        #expect(written.status == 0, "\(written.stderr)")
        let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        let roster = try #require(try Self.json(try lineup.run(["roster", "list", "--json"])) as? [[String: Any]])
        #expect(rows.first == "name,link" && rows.count == 1 + roster.filter { $0["active"] as? Bool == true }.count)
        #expect(rows.dropFirst().allSatisfy { $0.contains(",http://127.0.0.1:8080/p/") })
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let refused = try lineup.run(["invite", "Ada", "--output", lineup.databasePath])
        #expect(refused.status == 1 && refused.stderr.hasPrefix("error: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func badInvitationsAreRefusedBeforeAnythingIsMade() throws {
        let lineup = try Self.club()
        for arguments in [
            ["invite"], ["invite", "Ada", "--all"], ["invite", "Ada", "--expires", "2026-02-30"],
            ["invite", "Ada", "--expires", "2001-01-01"], ["invite", "Ada", "--base-url", "ftp://x"],
            ["invite", "Ada", "--base-url", "https://club.example.org/?q"], ["invite", "--list", "--csv"],
            ["invite", "Ada", "--csv", "--json"], ["invite", "Nobody"], ["invite", "Ada", "--regatta", "Nope"],
        ] {
            let result = try lineup.run(arguments)
            #expect(result.status != 0 && result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
        #expect(try lineup.run(["invite", "--list"]).stdout == "No personal links.\n")
    }

    @Test func theCoachAnswersForAPaddlerAndReadsTheSheet() throws {
        let lineup = try Self.club()
        let show = try #require(
            try Self.json(try lineup.run(["regatta", "show", "Cup", "--json"])) as? [String: Any])
        let races = try #require(show["races"] as? [[String: Any]])
        let crew = try #require(races.last?["crew"] as? [[String: Any]])
        let seated = try #require(crew.first { ($0["seat"] as? String)?.hasPrefix("L") == true }?["paddler"] as? String)
        let out = try lineup.run(["regatta", "answer", "Cup", seated, "out", "--race", "2 km", "--comment", "no 2 km"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("out for race \"2 km\" (\"no 2 km\"); the coach's word wins"))
        #expect(out.stdout.contains("but is out of it (coach)"))
        let check = try lineup.run(["check", "--regatta", "Cup"])
        #expect(
            check.status == 1 && check.stdout.contains("\(seated) sits at")
                && check.stdout.contains("out of it (coach)"))
        let sheet = try lineup.run(["regatta", "answers", "Cup"])
        #expect(sheet.stdout.contains("11:00  2 km  ") && sheet.stdout.contains("1 out"))
        #expect(sheet.stdout.contains("2 km: out (coach"))
        let document = try #require(
            try Self.json(try lineup.run(["regatta", "answers", "Cup", "--json"])) as? [String: Any])
        #expect((document["not_answered"] as? [String])?.contains(seated) == false)
        #expect(document["last_seen"] is String)
        // Bad answers: exit 64, nothing stored.
        for arguments in [
            ["regatta", "answer", "Cup", seated, "out", "--from", "10:00"],
            ["regatta", "answer", "Cup", seated, "in", "--race", "Heat", "--until", "10:00"],
            ["regatta", "answer", "Cup", seated, "perhaps"], ["regatta", "answer", "Cup", seated],
            ["regatta", "answer", "Cup", seated, "--clear", "in"],
        ] {
            let result = try lineup.run(arguments)
            #expect(result.status == 64 && result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
        let cleared = try lineup.run(["regatta", "answer", "Cup", seated, "--clear", "--race", "2 km"])
        #expect(cleared.status == 0 && cleared.stdout.contains("taken back"))
        #expect(try lineup.run(["check", "--regatta", "Cup"]).status == 0)
        let closing = try lineup.run(["regatta", "answers", "Cup", "--close"])
        #expect(closing.stdout.hasPrefix("Closed the answers for Cup") && !closing.stdout.contains("Not answered"))
        let closed = try #require(
            try Self.json(try lineup.run(["regatta", "answers", "Cup", "--json"])) as? [String: Any])
        #expect(closed["closed"] as? Bool == true)
    }

    @Test func anInjuryIsShownAndEnds() throws {
        let lineup = try Self.club()
        let set = try lineup.run(["roster", "update", "Ada", "--injured-until", "2099-06-13"])
        #expect(set.status == 0 && set.stdout.contains("injured until 2099-06-13"))
        #expect(try lineup.run(["roster", "list"]).stdout.contains("(injured until 2099-06-13)"))
        let roster = try #require(try Self.json(try lineup.run(["roster", "list", "--json"])) as? [[String: Any]])
        #expect(roster.first { $0["name"] as? String == "Ada Lindqvist" }?["injured_until"] as? String == "2099-06-13")
        let plan = try lineup.run(["regatta", "plan", "Cup", "--apply"])
        #expect(plan.status == 0, "\(plan.stderr)")
        let show = try lineup.run(["regatta", "show", "Cup"])
        #expect(!show.stdout.contains("Ada Lindqvist") || show.stdout.contains("bench"))
        #expect(try lineup.run(["check", "--regatta", "Cup"]).status == 0)
        let bad = try lineup.run(["roster", "update", "Ada", "--injured-until", "soon"])
        #expect(bad.status == 64 && bad.stderr.contains("`none` to end the injury"))
        let past = try lineup.run(["roster", "update", "Ada", "--injured-until", "2001-01-01"])
        #expect(past.status == 0 && past.stderr.contains("warning: 2001-01-01 is already past"), "\(past.stderr)")
        #expect(!(try lineup.run(["roster", "update", "Ada", "--notes", "x"])).stderr.contains("already past"))
        let ended = try lineup.run(["roster", "update", "Ada", "--injured-until", "none"])
        #expect(ended.stdout.contains("no longer injured"))
    }

    /// The link's token, from `lineup invite NAME` (one link, printed as NAME  URL).
    static func token(_ lineup: LineupProcess, _ name: String) throws -> String {
        let made = try lineup.run(["invite", name])
        #expect(made.status == 0, "\(made.stderr)")
        return String(try #require(made.stdout.split(separator: "/").last)).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// A paddler's page hears only of changes to what it shows: another paddler's answer does not wake it (so
    /// it neither uses up its share of requests nor shows the club's activity); a change to its own crew does.
    /// One link holds at most four streams.
    @Test func aPaddlersStreamTellsOnlyOfTheirOwnDayAndALinkHoldsFewStreams() throws {
        let lineup = try Self.club()
        let show = try #require(try Self.json(try lineup.run(["regatta", "show", "Cup", "--json"])) as? [String: Any])
        let crew = try #require((show["races"] as? [[String: Any]])?.first?["crew"] as? [[String: Any]])
        let seated = crew.compactMap { $0["paddler"] as? String }
        let ada = try Self.token(lineup, seated[0])
        let server = try ServerProcess(lineup)
        defer { _ = server.stop() }
        let stream = try RawHTTPConnection(port: server.port)
        try stream.send("GET /api/p/\(ada)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        #expect(RawHTTPConnection.status(of: stream.readHead(timeout: 5)) == 200)
        // Someone not in her regatta's story: a paddler on the bench answers maybe.
        let benched = try #require(
            (try Self.json(try lineup.run(["roster", "list", "--json"])) as? [[String: Any]])?.compactMap {
                $0["name"] as? String
            }.first { !seated.contains($0) })
        #expect(try lineup.run(["regatta", "answer", "Cup", benched, "maybe"]).status == 0)
        let quiet = stream.read(timeout: 3) { $0.contains("event: change") }
        #expect(!quiet.text.contains("event: change"), "\(quiet.text)")
        // Her own day changes: she is out of the 2 km by the coach's word.
        #expect(try lineup.run(["regatta", "answer", "Cup", seated[0], "out", "--race", "2 km"]).status == 0)
        let told = stream.read(timeout: 5) { $0.contains("event: change") }
        #expect(told.text.contains("event: change"), "\(told.text)")
        var open: [RawHTTPConnection] = []
        for _ in 0..<3 {
            let another = try RawHTTPConnection(port: server.port)
            try another.send("GET /api/p/\(ada)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(RawHTTPConnection.status(of: another.readHead(timeout: 5)) == 200)
            open.append(another)
        }
        let fifth = try RawHTTPConnection(port: server.port)
        try fifth.send("GET /api/p/\(ada)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let refused = fifth.readHead(timeout: 5)
        #expect(RawHTTPConnection.status(of: refused) == 429 && refused.contains("Retry-After"), "\(refused)")
    }

    /// A link the command could not write is taken back; a past regatta gets no link; a base URL that would
    /// break out of an address is refused.
    @Test func linksNobodyCouldBeShownAreNotKept() throws {
        let lineup = try Self.club()
        let full = try lineup.run(["invite", "Ada", "--output", "/dev/full"])
        #expect(full.status == 1 && full.stderr.contains("the links were taken back"), "\(full.stderr)")
        #expect(try lineup.run(["invite", "--list"]).stdout == "No personal links.\n")
        #expect(try lineup.run(["regatta", "create", "Old Cup", "--date", "2001-06-13"]).status == 0)
        let past = try lineup.run(["invite", "Ada", "--regatta", "Old Cup"])
        #expect(past.status == 64 && past.stderr.contains("already past"), "\(past.stderr)")
        let quoted = try lineup.run(["invite", "Ada", "--base-url", "https://club.example.org/\"<x>"])
        #expect(quoted.status == 64, "\(quoted.stderr)")
        #expect(try lineup.run(["invite", "--list"]).stdout == "No personal links.\n")
    }
}
