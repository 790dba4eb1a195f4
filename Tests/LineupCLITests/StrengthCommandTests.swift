import Foundation
import GRDB
import Testing

/// `lineup trial`, `lineup seat-race` and `lineup roster rank`, end to end on the sample club.
@Suite("time trials, seat races and rankings on the command line")
struct StrengthCommandTests {
    /// The one-swap worked example: a–d are Ada, Bea, Cora, Dana (left), 1–4 Edda, Fay, Gwen, Hana (right).
    static let oneSwapTable = """
        race,Ada Lindqvist (L),Bea Marangoni (L),Cora Nakashima (L),Dana Okafor (L),Edda Petrov (R),Fay Quintero (R),Gwen Rasmussen (R),Hana Sato (R),Q,R,margin
        1,R,R,Q,Q,R,R,Q,Q,164.0,163.7,0.3
        2,R,Q,R,Q,R,R,Q,Q,2:46.4,161.4,5.0
        3,R,Q,R,Q,R,Q,R,Q,164.7,163.0,1.7
        4,R,Q,Q,R,R,Q,R,Q,162.7,165.0,-2.3
        5,R,Q,Q,R,R,Q,Q,R,160.5,167.4,-6.9
        6,R,R,Q,Q,R,Q,Q,R,160.2,167.8,-7.6

        """

    static func club() throws -> LineupProcess {
        let lineup = try LineupProcess()
        let result = try lineup.run(["init", "--sample"])
        #expect(result.status == 0, "\(result.stderr)")
        return lineup
    }

    static func write(_ text: String, _ name: String, in lineup: LineupProcess) throws -> String {
        let path = lineup.folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aSeatRaceTableIsRecordedAndRanked() throws {
        let lineup = try Self.club()
        let file = try Self.write(Self.oneSwapTable, "seat.csv", in: lineup)
        let added = try lineup.run(["seat-race", "add", "May", "--csv", file])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("6 pieces, 8 paddlers, read swap by swap"))
        // The list counts the comparisons; `show` lists them.
        let list = try lineup.run(["seat-race", "list"])
        #expect(list.stdout.contains("not ranked (never swapped): Ada Lindqvist"))
        #expect(!list.stdout.contains("faster than"), "\(list.stdout)")
        #expect(
            list.stdout.contains("  6 comparisons of pieces one swap apart; `lineup seat-race show May` lists them"),
            "\(list.stdout)")
        let show = try lineup.run(["seat-race", "show", "may"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("Cora Nakashima faster than Bea Marangoni by 4.7 s"))
        #expect(show.stdout.contains("Fay Quintero faster than Hana Sato by 7.9 s"))
        #expect(show.stdout.contains("not ranked (never swapped): Ada Lindqvist"))
        #expect(
            show.stdout.split(separator: "\n").filter { $0.contains("faster than") || $0.contains("tied") }.count == 6)
        let rank = try lineup.run(["roster", "rank", "--side", "left", "--json"])
        #expect(rank.status == 0, "\(rank.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(rank.stdout.utf8)) as? [String: Any])
        let sides = try #require(document["sides"] as? [[String: Any]])
        let paddlers = try #require(sides.first?["paddlers"] as? [[String: Any]])
        #expect(
            paddlers.prefix(3).compactMap { $0["name"] as? String } == [
                "Cora Nakashima", "Dana Okafor", "Bea Marangoni",
            ])
        #expect(paddlers.first?["confidence"] as? String == "sure")
        let text = try lineup.run(["roster", "rank"])
        #expect(text.stdout.contains("Left side:") && text.stdout.contains("Right side:"))
        #expect(text.stdout.contains("no evidence"))
    }

    /// Every entry of `roster rank --json` has every key, null where it has no value, and says what its value
    /// is measured in: seconds per piece for seat racing, seconds per 500 m for trials.
    @Test func rankJSONHasEveryKeyAndTheUnitOfEachValue() throws {
        let lineup = try Self.club()
        let file = try Self.write(Self.oneSwapTable, "seat.csv", in: lineup)
        #expect(try lineup.run(["seat-race", "add", "May", "--csv", file]).status == 0)
        // Ada sat in every piece on one crew, never swapped: her trial ranks her.
        let trial = try lineup.run([
            "trial", "add", "OC1", "--distance", "1000", "--date", "2026-05-01", "--time", "Ada Lindqvist=4:10",
        ])
        #expect(trial.status == 0, "\(trial.stderr)")
        let rank = try lineup.run(["roster", "rank", "--side", "left", "--json"])
        #expect(rank.status == 0, "\(rank.stderr)")
        let sides = try #require(try jsonObject(rank.stdout)["sides"] as? [[String: Any]])
        let paddlers = try #require(sides.first?["paddlers"] as? [[String: Any]])
        let keys: Set<String> = [
            "place", "name", "evidence", "value", "value_unit", "confidence", "group", "trial_pace",
            "placed_by_trials",
        ]
        for paddler in paddlers { #expect(Set(paddler.keys) == keys, "\(paddler)") }
        let byEvidence = Dictionary(grouping: paddlers) { $0["evidence"] as? String ?? "" }
        let seatRaced = try #require(byEvidence["seat racing"]?.first)
        #expect(seatRaced["value_unit"] as? String == "seconds_per_piece")
        #expect(seatRaced["group"] as? Int == 1)
        let trialled = try #require(byEvidence["trials"]?.first)
        #expect(trialled["name"] as? String == "Ada Lindqvist")
        #expect(trialled["value"] as? Double == 125)
        #expect(trialled["value_unit"] as? String == "seconds_per_500m")
        #expect(trialled["group"] is NSNull)
        #expect(trialled["trial_pace"] as? Double == 125 && trialled["placed_by_trials"] as? Bool == true)
        #expect(seatRaced["trial_pace"] is NSNull && seatRaced["placed_by_trials"] as? Bool == false)
        let none = try #require(byEvidence["none"]?.first)
        #expect(none["value"] is NSNull && none["value_unit"] is NSNull && none["group"] is NSNull)
        #expect(none["place"] is NSNull && none["trial_pace"] is NSNull)
        // The places are the optimizer's: numbered from 1 without a gap, the trial's place right after the
        // seat-raced ones (none of them has a trial to place Ada against).
        let places = paddlers.compactMap { $0["place"] as? Int }
        #expect(places == Array(1...places.count))
        #expect(trialled["place"] as? Int == places.count)
    }

    @Test func badTablesAndTimesWriteNothingAndExit64() throws {
        let lineup = try Self.club()
        let both = Self.oneSwapTable.replacingOccurrences(of: "Bea Marangoni (L)", with: "Ada Lindqvist (L)")
        let cases: [[String]] = [
            ["seat-race", "add", "X", "--csv", try Self.write(both, "both.csv", in: lineup)],
            [
                "seat-race", "add", "X", "--csv",
                try Self.write(Self.oneSwapTable.replacingOccurrences(of: "160.2", with: "-1"), "neg.csv", in: lineup),
            ],
            [
                "seat-race", "add", "X", "--csv",
                try Self.write(
                    Self.oneSwapTable.replacingOccurrences(of: "2,R,Q,R,Q,R,R,Q,Q", with: "2,Q,Q,R,R,R,R,Q,Q"),
                    "three.csv",
                    in: lineup),
            ],
            ["trial", "add", "T", "--distance", "500", "--time", "Ada=abc"],
            ["trial", "add", "T", "--distance", "0", "--time", "Ada=2:05"],
            ["trial", "add", "T", "--distance", "500", "--time", "Ada=nan"],
            ["trial", "add", "T", "--distance", "500"],
        ]
        for arguments in cases {
            let result = try lineup.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        }
        #expect(try lineup.run(["seat-race", "list"]).stdout.hasPrefix("No seat races yet"))
        #expect(try lineup.run(["trial", "list"]).stdout.hasPrefix("No time trials yet"))
    }

    @Test func trialsAreRecordedListedAndRanked() throws {
        let lineup = try Self.club()
        let added = try lineup.run(
            [
                "trial", "add", "OC1 500", "--distance", "500", "--date", "2026-05-01", "--time", "Ada=2:05.3",
                "--time", "Hana Sato=1:58.0",
            ])
        #expect(added.status == 0, "\(added.stderr)")
        let file = try Self.write("name,time\nAda Lindqvist,4:02.0\nEdda Petrov,4:30\n", "t.csv", in: lineup)
        #expect(try lineup.run(["trial", "add", "OC1 1000", "--distance", "1000", "--csv", file]).status == 0)
        let list = try lineup.run(["trial", "list"])
        #expect(list.stdout.contains("1. Hana Sato  1:58.0 in OC1 500; 1 trial"))
        #expect(list.stdout.contains("Ada Lindqvist  2:01.0 in OC1 1000; 2 trials, spread 4.3 s"))
        let rank = try lineup.run(["roster", "rank", "--side", "left"])
        #expect(rank.stdout.contains(" 2. Ada Lindqvist"), "\(rank.stdout)")
        #expect(rank.stdout.contains("2:01.0 /500 m (trials)"))
        let deleted = try lineup.run(["trial", "delete", "oc1 500"])
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted trial \"OC1 500\""))
        #expect(try lineup.run(["trial", "delete", "oc1 500"]).status == 1)
        #expect(try lineup.run(["trial", "delete", " "]).status == 64)
        #expect(try lineup.run(["seat-race", "delete", ""]).status == 64)
    }

    @Test func removingAPaddlerSaysWhatHappensToTheirEvidenceAndKeepsTheRestHonest() throws {
        let lineup = try Self.club()
        let file = try Self.write(Self.oneSwapTable, "seat.csv", in: lineup)
        #expect(try lineup.run(["seat-race", "add", "May", "--csv", file]).status == 0)
        let trial = try lineup.run(
            ["trial", "add", "OC2", "--distance", "500", "--time", "Gwen+Jo=90", "--time", "Hana=110"])
        #expect(trial.status == 0, "\(trial.stderr)")
        let removed = try lineup.run(["roster", "remove", "Gwen Rasmussen", "--force"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("1 trial time they were part of (alone or in a crew) went with them"))
        #expect(removed.stdout.contains("seat race May is kept, marked as missing them"))
        let trials = try lineup.run(["trial", "list"])
        #expect(!trials.stdout.contains("1:30.0"), "\(trials.stdout)")
        #expect(trials.stdout.contains("1:50.0  Hana Sato"), "\(trials.stdout)")
        #expect(!trials.stdout.contains("Jo Underhill"), "\(trials.stdout)")
        let list = try lineup.run(["seat-race", "list"])
        #expect(list.stdout.hasPrefix("May  6 pieces"), "\(list.stdout)")
        #expect(list.stdout.contains("missing a paddler: Gwen Rasmussen"))
        let rank = try lineup.run(["roster", "rank"])
        #expect(!rank.stdout.contains("Left out") && !rank.stdout.contains("Gwen"), "\(rank.stdout)")
        #expect(rank.stdout.contains("Fay Quintero"))
    }

    @Test func aTrialOfCrewsSaysItRanksNobody() throws {
        let lineup = try Self.club()
        let crews = try lineup.run(["trial", "add", "OC2", "--distance", "500", "--time", "Gwen+Jo=120"])
        #expect(crews.status == 0, "\(crews.stderr)")
        #expect(crews.stdout.contains("1 time, all of crews"), "\(crews.stdout)")
        #expect(crews.stdout.contains("`lineup roster rank` does not change"))
        let mixed = try lineup.run(
            ["trial", "add", "Mixed", "--distance", "500", "--time", "Gwen+Jo=120", "--time", "Ada=125"])
        #expect(mixed.stdout.contains("2 times; the 1 of one paddler alone rank paddlers"), "\(mixed.stdout)")
        let solo = try lineup.run(["trial", "add", "Solo", "--distance", "500", "--time", "Ada=125"])
        #expect(solo.stdout.hasSuffix("with 1 time; see `lineup roster rank`.\n"), "\(solo.stdout)")
    }

    @Test func aNameIsRefusedInTheWordsOfWhatItNames() throws {
        let lineup = try Self.club()
        let trial = try lineup.run(["trial", "add", "May\ntrial", "--distance", "500", "--time", "Ada=120"])
        #expect(
            trial.status == 64 && trial.stderr.contains("a trial name cannot contain control characters"),
            "\(trial.stderr)")
        let file = try Self.write(Self.oneSwapTable, "seat.csv", in: lineup)
        let race = try lineup.run(["seat-race", "add", "May\u{7}", "--csv", file])
        #expect(race.status == 64 && race.stderr.contains("a seat race name cannot contain"), "\(race.stderr)")
        #expect(!(trial.stderr + race.stderr).contains("a race name"))
    }

    @Test("a seat race file's unreadable time names its line, whatever separates the fields", arguments: [",", ";"])
    func unreadableTimeNamesItsLine(separator: String) throws {
        let lineup = try Self.club()
        let table = Self.oneSwapTable.replacingOccurrences(of: "161.4", with: "fast")
            .replacingOccurrences(of: ",", with: separator)
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(["seat-race", "add", "May", "--csv", try Self.write(table, "seat.csv", in: lineup)])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("line 3 of the table: \"fast\" is not a time"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func aSeatRaceThatCannotBeReadIsListedNotHidden() throws {
        let lineup = try Self.club()
        let file = try Self.write(Self.oneSwapTable, "seat.csv", in: lineup)
        #expect(try lineup.run(["seat-race", "add", "May", "--csv", file]).status == 0)
        // What a removal did before seat races kept a removed paddler's seats: their seats went with them.
        try DatabaseQueue(path: lineup.databasePath).write { db in
            try db.execute(
                sql: """
                    DELETE FROM seat_race_seat WHERE paddler_id = (SELECT id FROM paddler WHERE name = 'Gwen Rasmussen')
                    """)
        }
        let list = try lineup.run(["seat-race", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout.contains("Left out (a paddler of a swap is no longer on the roster): May;"), "\(list.stdout)")
        #expect(!list.stdout.contains("No seat races yet"))
        let rank = try lineup.run(["roster", "rank"])
        #expect(rank.stdout.contains("Left out (a paddler of a swap is no longer on the roster): May;"))
        #expect(try lineup.run(["seat-race", "delete", "May"]).status == 0)
        #expect(try lineup.run(["seat-race", "list"]).stdout.contains("No seat races yet"))
    }

    /// A two-paddler seat race of `count` pieces swapping Ada and Bea every piece; `repeating` numbers one piece twice.
    static func alternating(_ count: Int, repeating: Int? = nil) -> String {
        var lines = ["race,Ada Lindqvist (L),Bea Marangoni (L),Q,R"]
        for piece in 1...count {
            let number = piece == repeating.map({ $0 + 1 }) ? piece - 1 : piece
            lines.append("\(number)," + (piece % 2 == 0 ? "Q,R" : "R,Q") + ",100.\(piece % 10),101.0")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(
        "refused trials and seat races exit 64, say why and leave the file alone",
        arguments: [
            (["--time", "Ada+Ada=100"], "Ada is named twice in one crew"),
            (["--time", "Ada+=100"], "a crew member's name is empty"),
            (["--csv", "ADA LINDQVIST+Ada Lindqvist,100\n"], "Ada Lindqvist is named twice in one crew"),
            (
                ["--csv", "Cora Nakashima,95\nada lindqvist + ADA LINDQVIST,90\n"],
                "ADA LINDQVIST is named twice in one crew"
            ),
            (["--time", "Ada=-0:30"], "\"-0:30\" is not a time"),
            (["--time", "Ada=0.0001"], "faster than 60 s per 500 m"),
            (["--distance", "100000", "--time", "Ada=2:00"], "faster than 60 s per 500 m"),
            (["--time", "Ada=7199.99"], "is not a time"),
            (["seat-race", "1001"], "at most 1000 pieces; this one has 1001"),
            (["seat-race", "repeat"], "piece 3 is written twice"),
            (["seat-race", "one crew"], "piece 1 has nobody in one crew"),
            (["--distance", "1", "--time", "Ada=2:00"], "slower than 15:00.0 per 500 m"),
            (["--time", "Ada=1:5"], "\"1:5\" is not a time"),
            (["--time", "Ada"], "\"Ada\" is not NAME=TIME"),
            (
                ["--csv", "Ada,2:05\nBea,abc\nCora,1:5\nDana\n"],
                "error: 3 lines cannot be read, so nothing is recorded:\n  line 2: \"abc\" is not a time"
                    + ": write seconds (125.3) or minutes and seconds (2:05.3).\n  line 3: \"1:5\" is not a time"
                    + ": write seconds (125.3) or minutes and seconds (2:05.3).\n  line 4: write two fields: name,time.\n"
            ),
            (["--csv", "paddler,seconds\nAda,125\n"], "head the two columns name and time (in either order)"),
            (["--time", "Ada=2:05", "--time", "Ada=2:10"], "error: Ada has two times in the trial \"T\""),
            (
                ["--time", "Ada=2:05", "--time", "Cora=2:07", "--time", "Ada Lindqvist=2:10"],
                "error: Ada Lindqvist has two times in the trial \"T\""
            ),
            (
                ["--csv", "Ada Lindqvist,2:05\nCora Nakashima,2:07\nBea Marangoni+ada lindqvist,4:10\n"],
                "has two times in the trial \"T\""
            ),
            (["seat-race", "twice"], "error: Ada Lindqvist sits twice in one crew in piece 1"),
            (["seat-race", "both crews"], "error: Ada Lindqvist is in both crews in piece 1"),
            (["seat-race", "unlike"], "error: piece 2 has times 1:40.0 and 2:30.1: two crews over the same course"),
        ])
    func refusedInput(arguments: [String], message: String) throws {
        let lineup = try Self.club()
        var command: [String]
        if arguments.first == "seat-race" {
            let table =
                switch arguments[1] {
                case "1001": Self.alternating(1001)
                // 150.1 s is just over one and a half times 100 s; 150.0 in piece 1 is allowed.
                case "unlike": "race,Ada Lindqvist (L),Bea Marangoni (L),Q,R\n1,Q,R,100,150\n2,R,Q,100,150.1\n"
                case "one crew": "race,Ada Lindqvist (L),Bea Marangoni (L),Q,R\n1,Q,Q,100,101\n2,Q,Q,100,101\n"
                // "ada lindqvist" is Ada Lindqvist: the roster's names show the paddler twice.
                case "twice":
                    "race,Ada Lindqvist (L),ada lindqvist (L),Bea Marangoni (L),Cora Nakashima (L),Q,R\n1,Q,Q,R,R,100,101\n2,Q,Q,R,R,100,101\n"
                case "both crews":
                    "race,Ada Lindqvist (L),ada lindqvist (L),Bea Marangoni (L),Cora Nakashima (L),Q,R\n1,Q,R,Q,R,100,101\n2,Q,R,Q,R,100,101\n"
                default: Self.alternating(6, repeating: 3)
                }
            command = ["seat-race", "add", "S", "--csv", try Self.write(table, "s.csv", in: lineup)]
        } else {
            command = ["trial", "add", "T"] + (arguments.contains("--distance") ? [] : ["--distance", "500"])
            command +=
                arguments.first == "--csv" ? ["--csv", try Self.write(arguments[1], "t.csv", in: lineup)] : arguments
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(command)
        #expect(result.status == 64, "\(command): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func aPaddlerWhoseNameHoldsAPlusIsTimedAloneAndACrewThatReadsAlikeIsRefused() throws {
        let lineup = try Self.club()
        let added = try lineup.run(["roster", "add", "Zed+Ova", "--weight", "70", "--sex", "F", "--side", "left"])
        #expect(added.status == 0, "\(added.stderr)")
        let solo = try lineup.run(["trial", "add", "Solo", "--distance", "500", "--time", "Zed+Ova=2:00"])
        #expect(solo.status == 0, "\(solo.stderr)")
        #expect(solo.stdout.hasSuffix("with 1 time; see `lineup roster rank`.\n"), "\(solo.stdout)")
        let rank = try lineup.run(["roster", "rank", "--side", "left"]).stdout.split(separator: "\n")
        #expect(rank.contains { $0.contains("Zed+Ova") && $0.contains("2:00.0 /500 m (trials)") }, "\(rank)")
        for name in ["Zed", "Ova"] {
            let more = try lineup.run(["roster", "add", name, "--weight", "70", "--sex", "F", "--side", "left"])
            #expect(more.status == 0, "\(more.stderr)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let both = try lineup.run(["trial", "add", "Both", "--distance", "500", "--time", "Zed+Ova=2:00"])
        #expect(both.status == 64, "\(both.stderr)")
        #expect(
            both.stderr.contains(
                "\"Zed+Ova\" is the paddler Zed+Ova and also the crew Zed and Ova: write Zed\\+Ova for the paddler "
                    + "alone, or put spaces around the + for the crew (Zed + Ova)."), "\(both.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
        let escaped = try lineup.run(["trial", "add", "Alone", "--distance", "500", "--time", "Zed\\+Ova=2:01"])
        #expect(escaped.stdout.hasSuffix("with 1 time; see `lineup roster rank`.\n"), "\(escaped.stderr)")
        let crew = try lineup.run(["trial", "add", "Crew", "--distance", "500", "--time", "Zed + Ova=1:50"])
        #expect(crew.stdout.contains("all of crews"), "\(crew.stderr)")
        let list = try lineup.run(["trial", "list"])
        #expect(list.stdout.contains("  1:50.0  Ova + Zed  (1:50.0 /500 m)"), "\(list.stdout)")
        #expect(list.stdout.contains("  2:01.0  Zed+Ova  (2:01.0 /500 m)"), "\(list.stdout)")
    }

    @Test(
        "a trial file is read by its header, with decimal commas when semicolons separate the fields",
        arguments: [
            "time,name\n2:02.5,Ada Lindqvist\n1:58.4,Hana Sato\n", "Ada Lindqvist;2:02,5\nHana Sato;1:58,4\n",
            "name;time\nAda Lindqvist;2:02,5\nHana Sato;1:58,4\n",
        ])
    func trialFilesAsSpreadsheetsWriteThem(text: String) throws {
        let lineup = try Self.club()
        let file = try Self.write(text, "t.csv", in: lineup)
        let added = try lineup.run(["trial", "add", "OC1", "--distance", "500", "--csv", file])
        #expect(added.status == 0, "\(added.stderr)")
        let list = try lineup.run(["trial", "list"])
        #expect(list.stdout.contains("1. Hana Sato  1:58.4 in OC1; 1 trial"), "\(list.stdout)")
        #expect(list.stdout.contains("2. Ada Lindqvist  2:02.5 in OC1; 1 trial"), "\(list.stdout)")
    }

    @Test func aSeatRaceOfAThousandPiecesIsListedInAFewLinesAndShownWhole() throws {
        let lineup = try Self.club()
        let file = try Self.write(Self.alternating(1000), "long.csv", in: lineup)
        let added = try lineup.run(["seat-race", "add", "Long", "--csv", file])
        #expect(added.status == 0, "\(added.stderr)")
        let list = try lineup.run(["seat-race", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count <= 8, "\(list.stdout)")
        #expect(lines.first == "Long  1000 pieces, crews Q and R, read swap by swap", "\(list.stdout)")
        // Every odd piece against every later even one, and every even one against every later odd one.
        #expect(list.stdout.contains("  250000 comparisons of pieces one swap apart"), "\(list.stdout)")
        let show = try lineup.run(["seat-race", "show", "Long"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.split(separator: "\n").count == lines.count - 1 + 250_000)
    }

    /// Of several names not on the roster, each is named, in the order the times give them, every time (they
    /// were looked up in no set order), and nothing is recorded.
    @Test func everyUnknownNameOfATrialIsNamedInOrder() throws {
        let lineup = try Self.club()
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        for _ in 1...3 {
            let refused = try lineup.run(
                ["trial", "add", "T", "--distance", "500"]
                    + ["Zed", "Ada", "Yan", "Xav", "Wim"].flatMap { ["--time", "\($0)=2:00"] })
            #expect(refused.status == 1, "\(refused.stderr)")
            #expect(
                refused.stderr == "error: 4 names are not paddlers of the roster, so nothing is recorded:\n"
                    + "  no paddler named 'Zed' in the roster\n  no paddler named 'Yan' in the roster\n"
                    + "  no paddler named 'Xav' in the roster\n  no paddler named 'Wim' in the roster\n",
                "\(refused.stderr)")
        }
        // A file of many: the first ten named, the rest counted.
        let names = (1...14).map { "Nobody \($0)" }
        let file = try Self.write(names.map { "\($0),2:00\n" }.joined(), "many.csv", in: lineup)
        let many = try lineup.run(["trial", "add", "T", "--distance", "500", "--csv", file])
        #expect(many.status == 1, "\(many.stderr)")
        let lines = many.stderr.split(separator: "\n")
        #expect(lines.first == "error: 14 names are not paddlers of the roster, so nothing is recorded:", "\(lines)")
        #expect(lines.dropFirst().prefix(10).map { $0.contains("'Nobody ") } == Array(repeating: true, count: 10))
        #expect(lines[1].contains("'Nobody 1'") && lines[10].contains("'Nobody 10'"), "\(lines)")
        #expect(lines.count == 12 && lines.last == "  and 4 more.", "\(lines)")
        // One unknown name reads as before.
        let one = try lineup.run(["trial", "add", "T", "--distance", "500", "--time", "Zed=2:00"])
        #expect(one.status == 1 && one.stderr.hasPrefix("error: no paddler named 'Zed' in the roster"), "\(one.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    /// A file names paddlers by their whole names: a shortened name there is a slip nobody sees, so it is refused
    /// with the whole names it starts as the did-you-mean, where typed after `--time` it would do.
    @Test func aFileNamesEachPaddlerByTheirWholeName() throws {
        let lineup = try Self.club()
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let trial = try Self.write("name,time\nAda Lindqvist,2:05\nCora,2:07\n", "short.csv", in: lineup)
        let refused = try lineup.run(["trial", "add", "T", "--distance", "500", "--csv", trial])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.hasPrefix("error: no paddler named 'Cora' in the roster")
                && refused.stderr.contains("Cora Nakashima"), "\(refused.stderr)")
        let table = Self.oneSwapTable.replacingOccurrences(of: "Dana Okafor (L)", with: "Dana (L)")
        let race = try lineup.run(["seat-race", "add", "May", "--csv", try Self.write(table, "seat.csv", in: lineup)])
        #expect(race.status == 1, "\(race.stderr)")
        #expect(
            race.stderr.hasPrefix("error: no paddler named 'Dana' in the roster")
                && race.stderr.contains("Dana Okafor"),
            "\(race.stderr)")
        // Names that differ only in case are the paddler's whole names.
        let upper = try Self.write("name,time\nCORA NAKASHIMA,2:07\n", "upper.csv", in: lineup)
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
        let added = try lineup.run(["trial", "add", "T", "--distance", "500", "--csv", upper])
        #expect(added.status == 0, "\(added.stderr)")
        // Typed on the command line, a unique start of a name still names the paddler.
        #expect(try lineup.run(["trial", "add", "U", "--distance", "500", "--time", "Cora=2:07"]).status == 0)
    }

    @Test(
        "a trial file with an extra column says which column is extra and the header it wants",
        arguments: [
            (
                "name,time,club\nAda Lindqvist,2:05,Rowers\n",
                "error: line 1 has an unexpected extra column, \"club\" (column 3): a trial file has two columns, "
                    + "so head it name,time (or time,name) and leave the others out.\n"
            ),
            (
                "Boat;Time;Name;Notes\nA;2:05,1;Ada Lindqvist;x\n",
                "error: line 1 has unexpected extra columns, \"Boat\" (column 1), \"Notes\" (column 4): a trial file "
                    + "has two columns, so head it name,time (or time,name) and leave the others out.\n"
            ),
            (
                "Ada Lindqvist,2:05,Rowers\n",
                "error: line 1 of the table: an unexpected extra field, \"Rowers\": write two fields: name,time.\n"
            ),
        ])
    func extraColumn(text: String, message: String) throws {
        let lineup = try Self.club()
        let file = try Self.write(text, "t.csv", in: lineup)
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let refused = try lineup.run(["trial", "add", "T", "--distance", "500", "--csv", file])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr == message)
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test(
        "the commands that name one trial or seat race take and check the name alike",
        arguments: [
            (["seat-race", "show"], "seat race", "seat-race list"),
            (["seat-race", "delete"], "seat race", "seat-race list"),
            (["trial", "delete"], "trial", "trial list"),
        ])
    func nameArgument(command: [String], noun: String, list: String) throws {
        let lineup = try Self.club()
        let help = try lineup.run(command + ["--help"])
        #expect(help.stdout.contains("<name>") && help.stdout.contains("The \(noun)'s whole name (in any case)."))
        let blank = try lineup.run(command + ["  "])
        #expect(blank.status == 64, "\(blank.stderr)")
        #expect(
            blank.stderr.hasPrefix("error: give the \(noun)'s name, as `lineup \(list)` shows it"), "\(blank.stderr)")
    }

    @Test func showingASeatRaceThatIsNotOneSaysWhatTheNameIs() throws {
        let lineup = try Self.club()
        #expect(try lineup.run(["trial", "add", "May", "--distance", "500", "--time", "Ada=2:00"]).status == 0)
        let trial = try lineup.run(["seat-race", "show", "may"])
        #expect(
            trial.status == 1 && trial.stderr.contains("\"may\" is a time trial, not a seat race"), "\(trial.stderr)")
        let none = try lineup.run(["seat-race", "show", "June"])
        #expect(none.status == 1 && none.stderr.contains("there is no seat race named \"June\""), "\(none.stderr)")
        // A name echoed back is one line, cut short: a line break in it cannot make a second `error:` line.
        for command in [["seat-race", "show"], ["seat-race", "delete"], ["trial", "delete"]] {
            let forged = try lineup.run(command + ["A\nerror: fake" + String(repeating: "x", count: 100)])
            #expect(forged.status == 1, "\(command): \(forged.stderr)")
            #expect(forged.stderr.split(separator: "\n").count == 1, "\(command): \(forged.stderr)")
            #expect(
                forged.stderr.contains("A↵error: fake") && forged.stderr.count < 200, "\(command): \(forged.stderr)")
        }
        let timedTwice = try lineup.run(
            [
                "trial", "add", "T", "--distance", "500", "--time", "A\nerror: fake=2:00", "--time",
                "A\nerror: fake=2:01",
            ])
        #expect(timedTwice.status == 64, "\(timedTwice.stderr)")
        #expect(timedTwice.stderr.split(separator: "\n").count == 1, "\(timedTwice.stderr)")
        #expect(timedTwice.stderr.contains("A↵error: fake has two times"), "\(timedTwice.stderr)")
    }

    @Test func aTrialAndASeatRaceMayShareANameAndATakenNameSaysWhichHoldsIt() throws {
        let lineup = try Self.club()
        #expect(try lineup.run(["trial", "add", "May", "--distance", "500", "--time", "Ada=2:00"]).status == 0)
        let file = try Self.write(Self.oneSwapTable, "seat.csv", in: lineup)
        #expect(try lineup.run(["seat-race", "add", "May", "--csv", file]).status == 0)
        let trial = try lineup.run(["trial", "add", "MAY", "--distance", "500", "--time", "Bea=2:00"])
        #expect(trial.status == 64, "\(trial.stderr)")
        #expect(
            trial.stderr.hasPrefix("error: a time trial named \"MAY\" is recorded already: give this one another name"),
            "\(trial.stderr)")
        let race = try lineup.run(["seat-race", "add", "may", "--csv", file])
        #expect(race.status == 64 && race.stderr.hasPrefix("error: a seat race named \"may\" is recorded already"))
        #expect(race.stderr.contains("`lineup seat-race delete`"), "\(race.stderr)")
        // Each delete takes its own kind.
        #expect(try lineup.run(["seat-race", "delete", "May"]).status == 0)
        #expect(try lineup.run(["trial", "list"]).stdout.contains("May"))
    }

    @Test func aSeatRaceReadByTotalsListsItsTotalsInAColumn() throws {
        let lineup = try Self.club()
        // Both sides swap after piece 1: read by totals (Ada 94.0, Bea 102.0; Edda 95.0, Hana 101.0).
        let table = """
            race,Ada Lindqvist (L),Bea Marangoni (L),Edda Petrov (R),Hana Sato (R),Q,R
            1,Q,R,Q,R,45.0,50.0
            2,R,Q,R,Q,52.0,49.0

            """
        let file = try Self.write(table, "seat.csv", in: lineup)
        #expect(try lineup.run(["seat-race", "add", "Totals", "--csv", file]).status == 0)
        let list = try lineup.run(["seat-race", "list"]).stdout
        #expect(list.contains("    Ada Lindqvist  total  94.0 s\n    Bea Marangoni  total 102.0 s\n"), "\(list)")
    }
}
