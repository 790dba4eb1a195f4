import Testing

@testable import LineupCore

/// Trial times and trial files as coaches write them.
@Suite("Trial times and files as written")
struct StrengthTimeTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let roster: Set<String> = ["ada", "bo", "ada+bo", "cy+di"]
    static func isRosterName(_ name: String) -> Bool { roster.contains(PaddlerRules.nameKey(name)) }

    @Test(
        "a name that is exactly a roster name is that paddler, + and all; \\+ writes a + inside a name",
        arguments: [
            ("Cy+Di=2:05.3", ["Cy+Di"]), ("cy+di=2:05.3", ["cy+di"]), ("Cy\\+Di=2:05.3", ["Cy+Di"]),
            ("Ada\\+Bo=2:05.3", ["Ada+Bo"]), ("Ada + Bo=4:10.2", ["Ada", "Bo"]), ("Ada+Cy=4:10.2", ["Ada", "Cy"]),
            ("Ada\\+Bo+Cy=4:10.2", ["Ada+Bo", "Cy"]),
        ])
    func plusInAName(text: String, paddlers: [String]) throws {
        #expect(try TrialResult(parsing: text, isRosterName: Self.isRosterName).paddlers == paddlers)
    }

    @Test("a name that is a paddler's and a crew of paddlers alike is refused, saying how to write each")
    func paddlerOrCrew() {
        #expect(throws: StrengthError.paddlerOrCrew("Ada+Bo", crew: ["Ada", "Bo"])) {
            try TrialResult(parsing: "Ada+Bo=2:05.3", isRosterName: Self.isRosterName)
        }
        let words = StrengthError.paddlerOrCrew("Ada+Bo", crew: ["Ada", "Bo"]).description
        #expect(words.contains("write Ada\\+Bo for the paddler alone"), "\(words)")
        #expect(words.contains("(Ada + Bo)"), "\(words)")
    }

    @Test("without the roster a + joins a crew, as before")
    func plusWithoutRoster() throws {
        #expect(try TrialResult(parsing: "Cy+Di=2:05.3").paddlers == ["Cy", "Di"])
        #expect(
            try TrialResult.results(bytes: Self.bytes("Cy+Di,2:05.3\n"), isRosterName: Self.isRosterName)
                .map(\.paddlers) == [["Cy+Di"]])
    }

    @Test("every bad line of a trial file is named, up to ten, then counted")
    func everyBadLineNamed() {
        let text = "name,time\nAda,2:05.3\nBo,abc\nCy\nDi,1:5\n"
        #expect(
            throws: StrengthError.badLines([
                .init(line: 3, problem: StrengthError.unreadableTime("abc").description),
                .init(line: 4, problem: "write two fields: name,time."),
                .init(line: 5, problem: StrengthError.unreadableTime("1:5").description),
            ])
        ) { try TrialResult.results(bytes: Self.bytes(text)) }
        let many = (1...13).map { "P\($0),x\($0)" }.joined(separator: "\n")
        do {
            _ = try TrialResult.results(bytes: Self.bytes(many))
            Issue.record("thirteen bad lines were read")
        } catch {
            let lines = error.description.split(separator: "\n").map(String.init)
            #expect(lines.first == "13 lines cannot be read, so nothing is recorded:")
            #expect(lines.dropFirst().prefix(10).map { $0.hasPrefix("  line ") } == Array(repeating: true, count: 10))
            #expect(
                lines.contains(
                    "  line 10: \"x10\" is not a time: write seconds (125.3) or minutes and seconds (2:05.3)."))
            #expect(lines.last == "  and 3 more.")
        }
    }

    @Test("one bad line is named as before")
    func oneBadLine() {
        #expect(throws: StrengthError.badTable(line: 2, problem: "write two fields: name,time.")) {
            try TrialResult.results(bytes: Self.bytes("Ada,2:05\nBo\n"))
        }
    }

    @Test(
        "a trial file is read by its header's names, or name,time without one",
        arguments: [
            "time,name\n2:05.3,Ada\n1:58,Bo\n", "Name,Time\nAda,2:05.3\nBo,1:58\n", "Ada,2:05.3\nBo,1:58\n",
            " TIME ; name \n2:05,3;Ada\n1:58;Bo\n",
        ])
    func headerNames(text: String) throws {
        let results = try TrialResult.results(bytes: Self.bytes(text))
        #expect(results.map(\.paddlers) == [["Ada"], ["Bo"]])
        #expect(results.map(\.seconds) == [125.3, 118])
    }

    @Test("a swapped header's line of the wrong length says its order")
    func swappedHeaderProblem() {
        #expect(throws: StrengthError.badTable(line: 3, problem: "write two fields: time,name.")) {
            try TrialResult.results(bytes: Self.bytes("time,name\n2:05,Ada\nBo\n"))
        }
    }

    @Test("an unknown header is refused, saying which columns are wanted")
    func unknownHeader() {
        #expect(throws: StrengthError.unknownTrialHeader(line: 1, columns: ["paddler", "seconds"])) {
            try TrialResult.results(bytes: Self.bytes("paddler,seconds\nAda,125.3\n"))
        }
        let words = StrengthError.unknownTrialHeader(line: 1, columns: ["paddler", "seconds"]).description
        #expect(words.hasPrefix("line 1 has no time in it, so it reads as a header"), "\(words)")
        #expect(words.contains("head the two columns name and time (in either order)"), "\(words)")
    }

    @Test(
        "semicolon files with decimal commas read as comma files with decimal points",
        arguments: ["Ada;1:02,5\nBo;58,4\n", "Ada,1:02.5\nBo,58.4\n", "Ada\t1:02,5\nBo\t58,4\n"])
    func decimalCommas(text: String) throws {
        let results = try TrialResult.results(bytes: Self.bytes(text))
        #expect(results.map(\.paddlers) == [["Ada"], ["Bo"]])
        #expect(results.map(\.seconds) == [62.5, 58.4])
    }

    @Test("a decimal comma in a time", arguments: [("1:02,5", 62.5), ("58,4", 58.4), ("1:00:02,5", 3602.5)])
    func decimalComma(text: String, seconds: Double) throws {
        #expect(try StrengthTime.seconds(parsing: text) == seconds)
    }

    @Test("a first line without a time that is no header is one of the bad lines")
    func unknownHeaderAmongBadLines() {
        #expect(
            throws: StrengthError.badLines([
                .init(line: 1, problem: StrengthError.headerProblem(["Ada", "abc"])),
                .init(line: 2, problem: StrengthError.unreadableTime("1:5").description),
            ])
        ) { try TrialResult.results(bytes: Self.bytes("Ada,abc\nBea,1:5\nCora,2:05\n")) }
    }

    /// A field far longer than any time (a megabyte of digits) is refused as a time before the number parser
    /// reads it (which took minutes), and the message shows only its start.
    @Test func aHugeTimeIsRefusedAtOnceAndEchoedShort() throws {
        let digits = String(repeating: "9", count: 1_000_000)
        #expect(throws: StrengthError.unreadableTime(digits)) { try StrengthTime.seconds(parsing: digits) }
        #expect(StrengthError.unreadableTime(digits).description.count < 200)
        #expect(try StrengthTime.seconds(parsing: "1:59:59.5") == 7199.5)
        // Minutes of twenty digits overflowed to 0 ("the time 0.0"): they are no time.
        #expect(throws: StrengthError.unreadableTime("99999999999999999999:00")) {
            try StrengthTime.seconds(parsing: "99999999999999999999:00")
        }
    }

    /// A trial of more times than a trial holds is refused before anything is looked up (80,000 unknown names
    /// held the database's write lock for 16 s).
    @Test func aTrialHoldsAtMostItsLimitOfTimes() throws {
        let most = (1...StrengthError.mostResults).map { TrialResult(paddlers: ["P\($0)"], seconds: 120) }
        #expect(throws: Never.self) {
            try TimeTrial(name: "Big", distanceMetres: 500, day: nil, results: most)
        }
        let more = most + [TrialResult(paddlers: ["One more"], seconds: 120)]
        #expect(throws: StrengthError.tooManyResults(StrengthError.mostResults + 1)) {
            try TimeTrial(name: "Big", distanceMetres: 500, day: nil, results: more)
        }
    }
}
