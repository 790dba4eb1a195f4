import ArgumentParser
import LineupCore
import LineupStore

struct RaceAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a race to a regatta, at a time, raced by a boat.",
        discussion: """
            --boat BOAT races in an existing boat: every race in one boat shares its lineup (a heat and its \
            final with the same crew). --copy-from RACE copies that race's boat into a new boat, so the race \
            starts from that crew and can change on its own; the link is kept, and `regatta plan` keeps the \
            two crews together (the same person fills the same hole in both) however far they drift apart. With neither, a new empty boat (the active roster \
            on its bench) is made. A new boat is named "REGATTA: RACE". --rules sets the crew rules: a new \
            boat's own preset, or, for a shared or copied boat, this race's own (the boat's rules otherwise). \
            Times are HH:MM in the regatta's local time. The conflicts and broken rules the new race brings \
            are printed (`lineup check --regatta` lists them all).
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var race: RaceArguments
    @Option(help: ArgumentHelp("The start time, 00:00 to 23:59, in the regatta's local time.", valueName: "HH:MM"))
    var at: TimeOfDay
    @Option(help: ArgumentHelp("Race in this existing boat.", valueName: "boat")) var boat: String?
    @Option(help: ArgumentHelp("Race in a copy of this race's boat.", valueName: "race")) var copyFrom: String?
    @Flag(help: "A new small boat (5 rows) instead of a standard one.") var small = false
    @Option(help: "The crew rules: open, women or idbf-mixed.") var rules: RulesPreset?

    func validate() throws {
        if boat != nil && copyFrom != nil { throw ValidationError("give either --boat or --copy-from, not both") }
        if small && (boat != nil || copyFrom != nil) {
            throw ValidationError("--small is for a new boat; an existing or copied boat keeps its kind")
        }
    }

    func run() throws {
        let source: RaceBoatSource =
            if let boat { .existing(.named(boat)) } else if let copyFrom { .copyOf(race: copyFrom) } else {
                .new(small ? .small : .standard)
            }
        let db = try database.open()
        try RegattaChangeReport.printing(regatta: race.regatta, in: db) {
            let (added, newBoat) = try db.addRace(race.race, to: race.regatta, start: at, boat: source, rules: rules)
            let shared = try !newBoat && db.races(ofBoat: .id(added.boat.id)).count > 1
            print(Self.report(added, newBoat: newBoat, shared: shared, copyFrom: copyFrom))
        }
    }

    /// `Added "Final" at 11:00 to "Cup", raced by …, under open rules.`
    private static func report(_ added: RaceInfo, newBoat: Bool, shared: Bool, copyFrom: String?) -> String {
        var line =
            "Added \"\(added.name.terminalSafe)\" at \(added.start) to \"\(added.regatta.terminalSafe)\", raced by "
        if newBoat {
            line += "the new \(added.boat.kind.rawValue) boat \"\(added.boat.name.terminalSafe)\""
            line += copyFrom.map { " (a copy of the boat of \"\($0.terminalSafe)\")" } ?? " (everyone on the bench)"
        } else {
            line +=
                "\"\(added.boat.name.terminalSafe)\" "
                + (shared ? "(shared with its other races)" : "(its crew as seated, in no other race)")
        }
        return line + ", under \(added.rules.rawValue) rules."
    }
}
