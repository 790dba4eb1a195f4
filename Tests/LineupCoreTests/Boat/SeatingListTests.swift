import LineupCore
import Testing

@Suite("Seating a crew from a list, and availability files")
struct SeatingListTests {
    /// A small boat with P1…P12 on the bench; P3 locked at L1.
    static func boat() throws -> (Lineup, [PaddlerID: String]) {
        var placements: [(paddler: PaddlerID, place: Place)] = [(3, .left(row: 1))]
        var position = 1
        for id in PaddlerID(1)...12 where id != 3 {
            placements.append((id, .bench(position: position)))
            position += 1
        }
        let names = Dictionary(uniqueKeysWithValues: (PaddlerID(1)...12).map { ($0, "P\($0)") })
        return (try Lineup(kind: .small, placements: placements, lockedSeats: [.left(row: 1)]), names)
    }

    static func lookUp(_ name: String) -> Result<PaddlerID, LineupError> {
        guard name.hasPrefix("P"), let id = PaddlerID(name.dropFirst()), (1...12).contains(id) else {
            return .failure(.paddlerNotFound(name))
        }
        return .success(id)
    }

    @Test func namesFillTheSeatsInChartOrderAndTheRestGoToTheBench() throws {
        let (lineup, names) = try Self.boat()
        let list = try SeatingList(names: ["P1", "P3", "P2", "-", "P4"], kind: .small)
        let seated = try lineup.seating(list, names: names, paddlerNamed: Self.lookUp).get().lineup
        #expect(seated.drummer == 1 && seated[.left(row: 1)] == 3 && seated[.right(row: 1)] == 2)
        #expect(seated[.left(row: 2)] == nil && seated[.right(row: 2)] == 4 && seated.steerer == nil)
        #expect(seated.bench == [5, 6, 7, 8, 9, 10, 11, 12])
        #expect(seated.lockedSeats == [.left(row: 1)])
    }

    /// Names given one by one are named by their place among the names, never as lines of a file.
    @Test func everyProblemIsListedByTheNameItIsAboutAndNothingIsSeated() throws {
        let (lineup, names) = try Self.boat()
        let list = try SeatingList(names: ["P1", "P2", "P1", "Nobody", "-"], kind: .small)
        guard case .failure(let problems) = lineup.seating(list, names: names, paddlerNamed: Self.lookUp) else {
            Issue.record("a bad list was accepted")
            return
        }
        let said = problems.issues.map(\.description)
        #expect(said.count == 3)
        #expect(said.first?.hasPrefix("the 2nd name, 'P2': seat L1 (P3) is locked") == true, "\(said)")
        #expect(
            said.dropFirst().first
                == "the 3rd name, 'P1': P1 is already the 1st name; a paddler has one place in a boat")
        #expect(said.last?.hasPrefix("the 4th name, 'Nobody': no paddler named 'Nobody'") == true, "\(said)")
        #expect(!problems.description.contains("line"))
    }

    @Test func aFileNamesItsProblemsByLine() throws {
        let (lineup, names) = try Self.boat()
        let list = try SeatingList.read(Array("seat,name\nD,P1\nL1,P2\nR1,P1\nR2,Nobody\n".utf8), kind: .small).get()
        guard case .failure(let problems) = lineup.seating(list, names: names, paddlerNamed: Self.lookUp) else {
            Issue.record("a bad file was accepted")
            return
        }
        #expect(problems.issues.map(\.line) == [3, 4, 5])
        #expect(problems.issues[1].description == "line 4: P1 is already on line 2; a paddler has one place in a boat")
    }

    @Test(arguments: [
        (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"),
        (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"),
    ])
    func ordinals(number: Int, text: String) {
        #expect(SeatingList.ordinal(number) == text)
    }

    @Test func theExportReadsBackAsTheSameLineup() throws {
        let (lineup, names) = try Self.boat()
        let seated = try lineup.seating(
            try SeatingList(
                names: ["P1", "P3", "P2", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12"], kind: .small),
            names: names, paddlerNamed: Self.lookUp
        ).get().lineup
        let roster = Dictionary(uniqueKeysWithValues: names.map { ($0.key, Paddler(id: $0.key, name: $0.value)) })
        let exported = CSVFormat.lineup(seated, roster: roster)
        let read = try SeatingList.read(Array(exported.utf8), kind: .small).get()
        #expect(try lineup.seating(read, names: names, paddlerNamed: Self.lookUp).get().lineup == seated)
        // Edited in a spreadsheet: P5 (R2) and P12 (S) trade places; the other columns are left stale.
        var lines = exported.split(separator: "\r\n").map(String.init)
        func setName(_ seat: String, _ name: String) {
            guard let index = lines.firstIndex(where: { $0.hasPrefix(seat + ",") }) else { return }
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[4] = name
            lines[index] = fields.joined(separator: ",")
        }
        setName("R2", "P12")
        setName("S", "P5")
        let edited = lines.joined(separator: "\n")
        let swapped = try lineup.seating(
            try SeatingList.read(Array(edited.utf8), kind: .small).get(), names: names, paddlerNamed: Self.lookUp
        ).get().lineup
        #expect(swapped[.right(row: 2)] == 12 && swapped.steerer == 5)
    }

    /// A bench line keeps its position: `B5` is the fifth on the bench, whatever the order of the lines.
    @Test func benchLinesKeepTheirPositions() throws {
        let (lineup, names) = try Self.boat()
        func seat(_ file: String) throws -> Seating {
            try lineup.seating(
                try SeatingList.read(Array(file.utf8), kind: .small).get(), names: names, paddlerNamed: Self.lookUp
            ).get()
        }
        let fifth = try seat("seat,name\nD,P1\nL1,P3\nB5,P12\n")
        #expect(fifth.lineup.bench == [2, 4, 5, 6, 12, 7, 8, 9, 10, 11])
        #expect(fifth.notes.isEmpty)
        // Past the end of the bench: it closes up, and says so; `B` is the end of the bench.
        let past = try seat("seat,name\nD,P1\nL1,P3\nB40,P12\nB,P2\n")
        #expect(past.lineup.bench == [4, 5, 6, 7, 8, 9, 10, 11, 12, 2])
        #expect(past.notes.map(\.description) == ["line 4: P12 is at B9, not B40: the bench holds 10 with no gaps"])
        guard case .failure(let problems) = SeatingList.read(Array("seat,name\nP4,P4\n".utf8), kind: .small) else {
            Issue.record("a name in the seat column was accepted")
            return
        }
        #expect(
            problems.issues.map(\.description) == [
                "line 2: 'P4' in the seat column is not a seat; give D, S, L1…L5, R1…R5, a bench position B1… or B for "
                    + "the end of the bench"
            ])
    }

    /// An export whose bench lines were sorted another way (a spreadsheet's sort by name) reads back as the
    /// same lineup, bench order included.
    @Test func anExportWithItsBenchLinesReorderedReadsBackExactly() throws {
        let (lineup, names) = try Self.boat()
        let roster = Dictionary(uniqueKeysWithValues: names.map { ($0.key, Paddler(id: $0.key, name: $0.value)) })
        let lines = CSVFormat.lineup(lineup, roster: roster).split(separator: "\r\n").map(String.init)
        let bench = lines.filter { $0.hasPrefix("B") }
        #expect(bench.count == 11)
        let shuffled = (lines.filter { !$0.hasPrefix("B") } + bench.reversed()).joined(separator: "\n")
        let read = try SeatingList.read(Array(shuffled.utf8), kind: .small).get()
        let seated = try lineup.seating(read, names: names, paddlerNamed: Self.lookUp).get()
        #expect(seated.lineup == lineup)
        #expect(seated.notes.isEmpty)
    }

    @Test func aPlainListAndBadFilesAreReadWithLineNumbers() throws {
        let plain = try SeatingList.read(Array("name\nP1\n-\nP2\n".utf8), kind: .small).get()
        #expect(plain.entries.map(\.place) == [.drummer, .left(row: 1), .right(row: 1)])
        #expect(plain.entries.map(\.name) == ["P1", nil, "P2"])
        guard
            case .failure(let tooMany) = SeatingList.read(
                Array((1...13).map { "P\($0)\n" }.joined().utf8), kind: .small)
        else {
            Issue.record("13 names for 12 seats were accepted")
            return
        }
        #expect(tooMany.issues.map(\.line) == [13])
        let badSeat = "seat,name\nD,P1\nL6,P2\nX9,P3\nD,P4\n"
        guard case .failure(let problems) = SeatingList.read(Array(badSeat.utf8), kind: .small) else {
            Issue.record("bad seats were accepted")
            return
        }
        #expect(problems.issues.map(\.line) == [3, 4, 5])
    }

    @Test func availabilityFilesAreReadWithEveryBadLineListed() throws {
        let good = "Name,From,Until,Absent\nAnn,10:00,,\nBo,,14:30,\nCy,,,yes\nDi,9:00,12:00,no\n"
        let rows = try AvailabilityReader.read(Array(good.utf8)).get()
        #expect(rows.map(\.name) == ["Ann", "Bo", "Cy", "Di"])
        #expect(rows.map(\.availability.description) == ["from 10:00", "until 14:30", "absent", "09:00 to 12:00"])
        let present = try AvailabilityReader.read(Array("paddler,available\nAnn,no\nBo,yes\n".utf8)).get()
        #expect(present.map(\.availability) == [.absent, .allDay])
        let bad = "name,from,until,absent\nAnn,25:00,,\nBo,12:00,11:00,\nCy,10:00,,yes\nann,,,\nDi,,,maybe\n"
        guard case .failure(let problems) = AvailabilityReader.read(Array(bad.utf8)) else {
            Issue.record("a bad file was accepted")
            return
        }
        #expect(problems.issues.map(\.line) == [2, 3, 4, 5, 6])
        guard case .failure(let noName) = AvailabilityReader.read(Array("who,from\nAnn,10:00\n".utf8)) else {
            Issue.record("a file without a name column was accepted")
            return
        }
        #expect(noName.issues.first?.message.contains("no name column") == true)
    }

    /// A line may not say both absent and available: it is a bad line, named, never read as absent.
    @Test func aLineThatSaysBothAbsentAndAvailableIsABadLine() throws {
        let file = """
            name,absent,available,from
            Ann,yes,yes,
            Bo,no,no,
            Cy,yes,no,
            Di,no,yes,10:00
            Ed,,no,10:00
            """
        guard case .failure(let problems) = AvailabilityReader.read(Array(file.utf8)) else {
            Issue.record("a line saying both absent and available was accepted")
            return
        }
        #expect(
            problems.issues.map(\.description) == [
                "line 2: absent 'yes' and available 'yes' contradict each other (one says absent, the other "
                    + "available); fill in one of the two columns",
                "line 3: absent 'no' and available 'no' contradict each other (one says absent, the other "
                    + "available); fill in one of the two columns",
                "line 6: available 'no' says absent, but from '10:00' gives a time; leave the times empty for "
                    + "someone absent, or say they are there",
            ])
        let agreeing = try AvailabilityReader.read(Array("name,absent,available\nCy,yes,no\nDi,no,yes\n".utf8)).get()
        #expect(agreeing.map(\.availability) == [.absent, .allDay])
    }
}
