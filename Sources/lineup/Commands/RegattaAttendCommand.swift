import ArgumentParser
import LineupCore
import LineupStore

struct RegattaAttendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attend", abstract: "Say who is at a regatta when: absent, or from and until a time.",
        discussion: """
            Sets the whole availability of each paddler named: with no option, all day (the default for \
            everyone); --absent, not at all; --from HH:MM, races starting then or later; --until HH:MM, \
            races starting before then. --csv FILE reads many at once: a header line, then one paddler a line \
            with columns name, from, until and/or absent (yes/no) or available (yes/no); empty times mean \
            the start or end of the day. A name in the file is the paddler's whole name (case does not matter). Any bad line (an unknown name, a bad time) rejects the whole file, \
            with every bad line listed, and nothing changes. Times are the regatta's local time. The conflicts \
            the change makes or clears (someone marked absent who sits in a race) are printed.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Argument(help: "The paddlers, by name.") var names: [String] = []
    @Flag(help: "They are not there at all.") var absent = false
    @Option(help: ArgumentHelp("They arrive then: races starting at or after it.", valueName: "HH:MM"))
    var from: TimeOfDay?
    @Option(help: ArgumentHelp("They leave then: races starting before it.", valueName: "HH:MM"))
    var until: TimeOfDay?
    @Option(help: ArgumentHelp("Read availability from a CSV file.", valueName: "file")) var csv: String?

    func validate() throws {
        if csv != nil {
            guard names.isEmpty, !absent, from == nil, until == nil else {
                throw ValidationError(
                    "--csv reads everything from the file; give no names, --absent, --from or --until")
            }
        } else if names.isEmpty {
            throw ValidationError("name at least one paddler, or give --csv FILE")
        }
        do {
            _ = try Availability(absent: absent, from: from, until: until)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let db = try database.open()
        try RegattaChangeReport.printing(regatta: regatta.regatta, in: db) { try attend(db) }
    }

    private func attend(_ db: LineupDatabase) throws {
        if let csv {
            let (rows, problems) = AvailabilityReader.readLines(try FileSystem.readBytes(csv))
            let report = try db.importAvailability(rows, at: regatta.regatta, fileProblems: problems)
            for (name, availability) in report.set { print("\(name.terminalSafe): \(availability)") }
            print("Set the availability of \(report.set.count) paddler\(report.set.count == 1 ? "" : "s").")
            return
        }
        let availability = try Availability(absent: absent, from: from, until: until)
        let paddlers = try db.setAvailability(availability, of: names, at: regatta.regatta)
        for paddler in paddlers { print("\(paddler.name.terminalSafe): \(availability)") }
    }
}
