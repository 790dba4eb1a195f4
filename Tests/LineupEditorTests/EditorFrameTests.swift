import LineupCore
import LineupPresentation
import Testing

@testable import LineupEditor

@Suite("The editor's frame: widths, balance words, live rules")
struct EditorFrameTests {
    static let longName = "Wilhelmina Bartholomew-Featherstonehaugh"
    static let cjkName = "欧阳娜娜王小明李"
    static let combiningName = "Zoe\u{308} A\u{30A}ngstro\u{308}m"

    /// A standard boat with the long, the CJK and the accented name in rows 1 and 2, P5…P20 in the other
    /// rows, P21 drumming, P22 steering, P23 on the bench.
    static func namedEditor() throws -> Editor {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        let rows = (1...10).flatMap { [Place.left(row: $0), .right(row: $0)] }
        let names = [longName, cjkName, combiningName, "Quinn Castellano"]
        for (index, place) in (rows + [.drummer, .steerer, .bench(position: 1)]).enumerated() {
            let id = PaddlerID(index + 1)
            let name = index < names.count ? names[index] : "P\(id)"
            roster[id] = Paddler(id: id, name: name, weightKg: Double(60 + index))
            placements.append((id, place))
        }
        return Editor(boatName: "Race", lineup: try Lineup(kind: .standard, placements: placements), roster: roster)
    }

    /// The column where `|` stands in each row line: the left cells' width, in terminal columns.
    static func separatorColumns(_ frame: [String]) -> Set<Int> {
        Set(
            frame[3...12].map { line in
                TextLayout.width(String(line[..<(line.firstIndex(of: "|") ?? line.endIndex)]))
            })
    }

    /// A name or boat name from an older database may hold an escape sequence: the frame shows it, and the
    /// terminal never receives it.
    @Test func namesFromTheDataNeverActOnTheTerminal() throws {
        let lineup = try Lineup(kind: .small, placements: [(1, .left(row: 1)), (2, .bench(position: 1))])
        let roster = [
            PaddlerID(1): Paddler(id: 1, name: "Ann \u{1B}]52;c;ZXZpbA==\u{7}Lee", weightKg: 60),
            2: Paddler(id: 2, name: "Bo \u{202E}Ray", weightKg: 70),
        ]
        let editor = Editor(boatName: "Race\u{1B}[2J", lineup: lineup, roster: roster)
        let frame = EditorFrame(width: 100, height: 30, colours: false).render(editor).joined(separator: "\n")
        #expect(!frame.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(frame.contains("Ann ␛]52;c;"))
        #expect(frame.contains("Race␛[2J"))
        #expect(!frame.unicodeScalars.contains("\u{202E}") || frame.contains("\u{202E}Ray\u{202C}"))
    }

    @Test func namesTakeTheWidthTheTerminalAllowsAndAlignInTerminalColumns() throws {
        #expect(Self.longName.count == 40)
        #expect(TextLayout.width(Self.cjkName) == 16)
        let editor = try Self.namedEditor()
        // 80 columns: 13 for a name, cut with … where longer, in columns (a CJK character takes two).
        let narrow = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(narrow.allSatisfy { TextLayout.width($0) <= 80 })
        #expect(narrow[3].contains(" L1  Wilhelmina B… ") || narrow[3].contains(">L1  Wilhelmina B… "))
        #expect(narrow[3].contains(" R1  欧阳娜娜王小… "))
        #expect(narrow[4].contains(" L2  \(Self.combiningName)  "), "combining marks take no column")
        #expect(narrow[4].contains(" R2  Quinn Castel… "))
        #expect(Self.separatorColumns(narrow).count == 1, "every row's | in the same column")
        // 120 columns: 26 for a name; the usual names whole, the 40-character one still cut.
        let wide = EditorFrame(width: 120, height: 30, colours: false).render(editor)
        #expect(wide.allSatisfy { TextLayout.width($0) <= 120 })
        #expect(wide[3].contains("L1  Wilhelmina Bartholomew-Fe… "))
        #expect(wide[3].contains(" R1  \(Self.cjkName) "))
        #expect(wide[4].contains(" R2  Quinn Castellano "))
        #expect(Self.separatorColumns(wide).count == 1)
        #expect(Self.separatorColumns(wide).first! > Self.separatorColumns(narrow).first!)
        // Wide enough for the longest name, and no wider: cells stop growing there.
        let wider = EditorFrame(width: 170, height: 30, colours: false).render(editor)
        #expect(wider[3].contains("L1  \(Self.longName) "))
        let widest = EditorFrame(width: 250, height: 30, colours: false).render(editor)
        #expect(Self.separatorColumns(widest) == Self.separatorColumns(wider))
        #expect(widest[3] == wider[3])
        // A club member who is not in this boat does not widen its cells.
        var club = editor.roster
        club[99] = Paddler(id: 99, name: String(repeating: "x", count: 60))
        editor.reload(lineup: editor.lineup, roster: club)
        #expect(EditorFrame(width: 250, height: 30, colours: false).render(editor)[3] == widest[3])
    }

    @Test func theBenchIsDrawnOnTheRowsItIsReachedFrom() throws {
        let editor = try Self.namedEditor()
        let frame = EditorFrame(width: 120, height: 30, colours: false).render(editor)
        let boatEnd = Self.separatorColumns(frame).first! + 2
        // The bench's first slot on row 1's line, right of the boat; the end of the bench on row 2's.
        #expect(frame[3].contains("B1  P23"))
        #expect(frame[4].contains("B   (end of bench)"))
        let benchColumn = TextLayout.width(String(frame[3][..<frame[3].range(of: "B1  P23")!.lowerBound]))
        #expect(benchColumn > boatEnd + 20)
    }

    // MARK: - The balance panel speaks as every other front end

    /// A random standard boat as the store would give it: every seat filled from a roster of 30 with
    /// weights of 45 to 110 kg, some given in pounds (so with more digits than are shown).
    static func randomState(seed: UInt64) throws -> BoatState {
        var random = SeededRandomGenerator(seed: seed)
        var roster: [PaddlerID: Paddler] = [:]
        for id in 1...30 {
            let pounds = Double.random(in: 100...240, using: &random)
            let weight = id % 3 == 0 ? pounds * PaddlerRules.kilogramsPerPound : pounds / 2.2
            roster[PaddlerID(id)] = Paddler(id: PaddlerID(id), name: "P\(id)", weightKg: (weight * 100).rounded() / 100)
        }
        let ids = Array(roster.keys).shuffled(using: &random)
        let seats = Place.seats(of: .standard)
        let placements =
            zip(ids, seats).map { (paddler: $0, place: $1) }
            + ids.dropFirst(seats.count).enumerated().map { (paddler: $1, place: Place.bench(position: $0 + 1)) }
        return BoatState(
            boat: Boat(id: 1, name: "Random \(seed)", kind: .standard),
            lineup: try Lineup(kind: .standard, placements: placements), roster: roster)
    }

    @Test(arguments: 1...40)
    func theBalancePanelSaysWhatShowSaysBeforeAndDuringADrag(seed: Int) throws {
        let state = try Self.randomState(seed: UInt64(seed))
        for format in [WeightFormat.kilograms, WeightFormat(unit: .lb)] {
            let editor = Editor(
                boatName: state.boat.name, lineup: state.lineup, roster: state.roster, rules: state.rules,
                balanceModel: state.balanceModel, format: format)
            var shown = state
            for step in 0...3 {
                shown.lineup = editor.lineup
                #expect(editor.verdict == shown.verdict(format))
                // Tall enough for every line; 80 columns, so the why-lines wrap as `show` wraps them.
                let frame = EditorFrame(width: 80, height: 44, colours: false).render(editor)
                let expected = BalanceText(state: shown, format: format, listingUnknownWeights: false).lines()
                for line in expected {
                    let words = String(line.drop { $0 == " " })
                    #expect(frame.contains { $0.hasSuffix(words) }, "\(line)\n\(frame.joined(separator: "\n"))")
                }
                let axes = shown.verdict(format).axes
                for axis in axes {
                    #expect(frame.contains { $0.hasPrefix(BalanceWords.gauge(axis, halfWidth: 4) + " sums ") })
                }
                // Sums that lean the other way are explained, and only then.
                #expect(
                    frame.filter { $0.contains("the sums lean") }.count == axes.filter(\.sumsDisagree).count)
                // Drag a paddler a few seats on, as a coach would; the panel follows each event.
                if step == 0 { _ = editor.handle(.select) }
                _ = editor.handle(step % 2 == 0 ? .down : .right)
            }
        }
    }

    // MARK: - Crew rules while dragging

    /// A mixed crew: Ann (woman, left only) at L1, Bob (man, right only) at R1, women in the other left
    /// seats and men in the other right ones, Max (man) on the bench.
    static func mixedEditor(locked: Set<Place> = []) throws -> Editor {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        func add(_ id: PaddlerID, _ name: String, _ sex: Sex, _ side: SidePreference, _ place: Place) {
            roster[id] = Paddler(id: id, name: name, weightKg: 70, sex: sex, side: side, canDrum: true, canSteer: true)
            placements.append((id, place))
        }
        add(1, "Ann", .female, .left, .left(row: 1))
        add(2, "Bob", .male, .right, .right(row: 1))
        for row in 2...10 {
            add(PaddlerID(row * 2 + 1), "W\(row)", .female, .either, .left(row: row))
            add(PaddlerID(row * 2 + 2), "M\(row)", .male, .either, .right(row: row))
        }
        add(30, "Dee", .female, .either, .drummer)
        add(31, "Sol", .male, .either, .steerer)
        add(32, "Max", .male, .either, .bench(position: 1))
        return Editor(
            boatName: "Mixed", lineup: try Lineup(kind: .standard, placements: placements, lockedSeats: locked),
            roster: roster, rules: CrewRules(.idbfMixed, kind: .standard))
    }

    @Test func sideAndCrewRuleFindingsFollowTheDragAtEachExchangeEvent() throws {
        let editor = try Self.mixedEditor()
        #expect(editor.findings.isEmpty)
        _ = editor.handle(.select)
        #expect(editor.findingsTheDragAdds.isEmpty)
        let caught = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(caught.contains("If dropped here: Rules (idbf-mixed): all kept (as now)"))
        // Ann over R1: she paddles on the left, Bob (to L1) on the right.
        _ = editor.handle(.right)
        #expect(
            editor.findingsTheDragAdds.map(\.message) == [
                "Ann paddles on the left but sits at R1", "Bob paddles on the right but sits at L1",
            ])
        let overR1 = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(overR1[19] == "If dropped here: Rules (idbf-mixed): all kept, 2 warnings")
        #expect(overR1[20] == "  ! Ann paddles on the left but sits at R1")
        #expect(overR1[21] == "  ! Bob paddles on the right but sits at L1")
        #expect(overR1[22] == "Dragging Ann over R1: Bob goes to L1.")
        // Ann over the bench: Max rows in her place, so 11 men; the side warnings are gone.
        _ = editor.handle(.right)
        #expect(editor.cursorPlace == .bench(position: 1))
        #expect(
            editor.findingsTheDragAdds == [
                RuleFinding(
                    severity: .violation,
                    kind: .sexCount(.male, count: 11, allowed: 8...10, rules: "idbf-mixed", countsEnds: false))
            ])
        let overBench = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(overBench.contains("  ✗ 11 men among the paddlers; idbf-mixed needs 8 to 10 of each"))
        #expect(!overBench.contains { $0.contains("paddles on the") })
        #expect(editor.findingsTheDragClears.isEmpty)
        // Nothing was written: cancel, and the rules find what they found before.
        _ = editor.handle(.cancel)
        #expect(editor.findings.isEmpty && editor.findingsTheDragAdds.isEmpty)
        let after = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(after.contains("Rules (idbf-mixed): all kept"))
        #expect(!after.contains { $0.hasPrefix("If dropped here") })
    }

    @Test func aRefusedDisplacementLeavesTheFindingsOfTheLastEvent() throws {
        let editor = try Self.mixedEditor(locked: [.right(row: 2)])
        _ = editor.handle(.select)
        _ = editor.handle(.right)
        let events = editor.exchangeEvents
        let findings = editor.findings
        _ = editor.handle(.down)
        #expect(editor.message == "R2 is locked: nobody is displaced from it.")
        #expect(editor.exchangeEvents == events)
        #expect(editor.findings == findings)
    }

    @Test func aFindingTheDragClearsIsShownAsCleared() throws {
        let editor = try Self.mixedEditor()
        // Put Bob on the left first (as if dropped earlier), then drag him back to the right.
        let swapped = try editor.lineup.exchanging(.left(row: 1), with: .right(row: 1), names: [:]).lineup
        editor.reload(lineup: swapped, roster: editor.roster)
        #expect(editor.findings.count == 2)
        _ = editor.handle(.select)
        _ = editor.handle(.right)
        #expect(editor.findings.isEmpty)
        #expect(editor.findingsTheDragClears.count == 2)
        let tall = EditorFrame(width: 80, height: 40, colours: false).render(editor)
        #expect(tall.contains("  ✓ no longer: Bob paddles on the right but sits at L1"))
    }

    // MARK: - Fitting the notes into a short terminal

    @Test func shortTerminalsGetEveryPartInItsCompactFormMostImportantFirst() {
        let blocks = [
            NotesBlock(full: ["fb", "fb sums"], priority: 0),
            NotesBlock(full: ["why 1", "why 2"], compact: ["why…"], priority: 2),
            NotesBlock(full: ["lr", "lr sums"], priority: 0),
            NotesBlock(full: ["why 1", "why 2"], compact: ["why…"], priority: 2),
            NotesBlock(full: [""], compact: [], priority: 4),
            NotesBlock(full: ["rules", "finding 1", "finding 2"], compact: ["rules…"], priority: 1),
            NotesBlock(full: ["message"], priority: 0),
        ]
        #expect(NotesBlock.fit(blocks, into: 8).map(\.count) == [2, 1, 2, 1, 0, 1, 1])
        #expect(NotesBlock.fit(blocks, into: 9).map(\.count) == [2, 2, 2, 1, 0, 1, 1], "rules need 2 more")
        #expect(NotesBlock.fit(blocks, into: 10).map(\.count) == [2, 1, 2, 1, 0, 3, 1])
        #expect(NotesBlock.fit(blocks, into: 13).map(\.count) == [2, 2, 2, 2, 1, 3, 1])
        #expect(
            NotesBlock.fit(blocks, into: 6).map(\.count) == [2, 0, 2, 0, 0, 1, 1],
            "with no room left, why-lines give way first")
    }
}
