import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct BoatSeatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seat", abstract: "Seat a whole crew in one step, from names or a file; one undoable change.",
        discussion: """
            Names go into the seats in order D, L1, R1, L2, R2, …, S; - leaves a seat empty, and seats after \
            the last name are emptied. --from FILE reads the CSV `lineup export` writes (the seat and name \
            columns; edit it in a spreadsheet and read it back), or a plain list of names, one a line, in the \
            same seat order; a name in a file is the paddler's whole name (case does not matter). Everyone \
            of the boat who is not seated goes to the bench: a bench line (B5) puts \
            its paddler at that position, B at the end, and the others keep their order in the positions \
            left; the bench has no gaps, so a position past its end moves up, and a note says so. Locked \
            seats keep their paddler. All or nothing: an unknown name, a paddler listed twice or a locked \
            seat taken refuses the whole crew, listing every problem (by line of the file, or as the 3rd \
            name), and nothing changes. The crew rules' findings and the balance are printed afterwards, as \
            `show` prints them.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat.") var boat: String
    @Argument(help: "Names in seat order (D, L1, R1, …, S); - for an empty seat.") var names: [String] = []
    @Option(help: ArgumentHelp("Read the crew from this file.", valueName: "file")) var from: String?
    @OptionGroup var display: DisplayOptions

    func validate() throws {
        if from != nil && !names.isEmpty { throw ValidationError("give either names or --from FILE, not both") }
        if from == nil && names.isEmpty { throw ValidationError("give the names in seat order, or --from FILE") }
    }

    func run() throws {
        let db = try database.open()
        let state = try db.state(ofBoat: BoatChoice(boat))
        let list: SeatingList
        if let from {
            switch SeatingList.read(try FileSystem.readBytes(from), kind: state.boat.kind) {
            case .success(let read): list = read
            case .failure(let problems): throw StoreError.regatta(.fileRejected(problems.issues))
            }
        } else {
            list = try SeatingList(names: names, kind: state.boat.kind)
        }
        let found = try db.lookUpPaddlers(list.entries.compactMap(\.name), inFile: from != nil)
        let seated = state.lineup.seating(list, names: state.names) { name in
            found[name] ?? .failure(.paddlerNotFound(name))
        }
        let seating: Seating
        switch seated {
        case .success(let read): seating = read
        case .failure(let problems):
            throw StoreError.regatta(from == nil ? .crewRejected(problems.issues) : .fileRejected(problems.issues))
        }
        let target = seating.lineup
        let change = LineupChange(from: state.lineup, to: target, names: state.names)
        for note in seating.notes { print("note: \(note.description.terminalSafe)") }
        guard !change.isEmpty else {
            print("Nothing changed in \"\(state.boat.name.terminalSafe)\": the crew is already seated like that.")
            return
        }
        let seats = target.placements.filter { $0.place.isSeat }.count
        // People who change place, as `optimize` and `regatta plan` count them: a bench reshuffle moves no one.
        let moved = PlanText.peopleChangingPlace(change.peopleChangingPlace)
        let outcome = try db.applyLineup(
            target, replacing: state.lineup, summary: "seat \(ListWords.count(seats, "paddler")) (\(moved))",
            inBoat: .wholeName(state.boat.name))
        SavedChange.declare(.recordedInHistory)
        print(
            "Seated \(seats) in \"\(outcome.state.boat.name.terminalSafe)\" as one change (#\(outcome.record?.id ?? 0), "
                + "\(moved)); `lineup undo` takes it all back.")
        print(
            LineupChart(state: outcome.state, format: display.format(for: outcome.state), style: Terminal.style)
                .render())
    }
}
