import ArgumentParser
import LineupCore
import LineupPresentation

struct BoatRolesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roles",
        abstract: "Show or set the seat role a boat wants in each row (stroke, engine, rear).",
        discussion: """
            The defaults: a standard boat wants stroke in rows 1-2, engine in 3-8 and rear in 9-10; a small boat \
            stroke in row 1, engine in 2-4 and rear in 5. Rows given to one role are taken from the others, so \
            `--stroke 1-3` on the defaults leaves engine 4-8 and rear 9-10; `none` gives a role no row. `show` and \
            `check` note a paddler of one role seated in a row that wants another.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boatOption: BoatOptions
    @Argument(help: "The boat (or give it with -b); left out, the current one.") var boatName: String?

    /// The boat named by the argument or by `-b`.
    private var boat: String? { boatName ?? boatOption.boat }
    @Option(help: ArgumentHelp("The rows that want pacers (1-2), or none.", valueName: "rows")) var stroke: String?
    @Option(help: ArgumentHelp("The rows of the engine room (3-8), or none.", valueName: "rows")) var engine: String?
    @Option(help: ArgumentHelp("The back rows (9-10), or none.", valueName: "rows")) var rear: String?
    @Flag(name: .customLong("default"), help: "Go back to the defaults for the boat's kind.") var useDefaults = false

    /// The roles given on the command line, each read: nil where a role was not given.
    private func given() throws -> [(role: SeatRole, rows: RowSet)] {
        let options: [(SeatRole, String?)] = [(.stroke, stroke), (.engine, engine), (.rear, rear)]
        return try options.compactMap { role, text -> (role: SeatRole, rows: RowSet)? in
            guard let text else { return nil }
            if text.lowercased() == "none" { return (role, RowSet([])) }
            do throws(LineupError) {
                return (role, try RowSet.parse(text))
            } catch {
                throw ValidationError("--\(role.rawValue): \(error.description)")
            }
        }
    }

    func validate() throws {
        if let boatName, let named = boatOption.boat, boatName != named {
            throw ValidationError(
                "give the boat once: '\(boatName.truncatedForMessage)' and -b '\(named.truncatedForMessage)' differ")
        }
        let roles = try given()
        if useDefaults && !roles.isEmpty {
            throw ValidationError("give either --default or the rows of --stroke, --engine and --rear, not both")
        }
        for (index, first) in roles.enumerated() {
            for second in roles.dropFirst(index + 1) {
                let shared = first.rows.intersection(second.rows)
                guard shared.isEmpty else {
                    throw ValidationError(
                        "--\(first.role.rawValue) and --\(second.role.rawValue) both take row"
                            + "\(shared.rows.count == 1 ? "" : "s") \(shared); give each row to one role")
                }
            }
        }
    }

    func run() throws {
        let roles = try given()
        guard useDefaults || !roles.isEmpty else {
            let shown = try database.openForReading().boat(BoatChoice(boat))
            print(SeatRoleWords.shown(shown).terminalSafe)
            return
        }
        let db = try database.open()
        var wanted: WantedRoles?
        if !useDefaults {
            var next = try db.boat(BoatChoice(boat)).wantedRoles
            for (role, rows) in roles {
                next.stroke = next.stroke.subtracting(rows)
                next.engine = next.engine.subtracting(rows)
                next.rear = next.rear.subtracting(rows)
                switch role {
                case .stroke: next.stroke = rows
                case .engine: next.engine = rows
                case .rear: next.rear = rows
                case .any: break
                }
            }
            wanted = next
        }
        let updated = try db.setWantedRoles(wanted, forBoat: BoatChoice(boat))
        SavedChange.declare(
            .outsideHistory(
                saved: "the roles \"\(updated.name.terminalSafe)\" wants were set",
                again: "`lineup boat roles` shows them, and setting them again changes nothing"))
        print(SeatRoleWords.changed(updated).terminalSafe)
    }
}
