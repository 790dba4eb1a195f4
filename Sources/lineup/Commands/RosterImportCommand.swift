import ArgumentParser
import LineupCore
import LineupPresentation

struct RosterImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update paddlers from a CSV file (by name); all or nothing.",
        discussion: """
            Reads club spreadsheets and other tools' exports. Headers ignore case, spaces, _ and -: Name (or \
            First name + Last name), Weight/kg/lb, Sex/Gender, Side, Drummer, Steerer/Helm/Cox/Sweep, Notes, \
            Skills ("left, right, drum"), Status (active/inactive: inactive paddlers stay on the roster, \
            off the benches), Role (stroke, engine, rear or any; a Role column of skills is read as Skills), Rows \
            (the only rows they may sit in: 2-10, 1,3-5 or any), Prefer rows (1-2 or none), Injured until \
            (2026-12-20, or none to end an injury). Side `none` is refused: write either, left or right. Weights: 72, 72.5, 72 kg, \
            160 lb. Any bad row rejects the whole file, listing every bad line. UTF-8 with or without BOM; \
            LF, CRLF or CR line endings. Empty cells leave a known paddler's details unchanged.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The CSV file.") var file: String
    @Option(help: "The unit of bare weight numbers (kg or lb).") var unit = WeightUnit.kg
    @Flag(help: "Show what would change, and change nothing.") var dryRun = false

    /// Files with up to this many added, updated or skipped paddlers list every one of them.
    static let fullListingLimit = 200
    /// How many of each kind a larger file lists.
    static let shortListingLength = 20

    func run() throws {
        // A dry run needs a database to compare with; a real import reads its file first, so that a file
        // it cannot read leaves no new database behind.
        let reading = try dryRun ? database.openForReading() : nil
        let roster = RosterImporter.read(try FileSystem.readBytes(file), unit: unit)
        let db = try reading ?? database.open(creatingIfMissing: true)
        let report = try db.importRoster(roster, dryRun: dryRun)
        // Warnings only for a file that was taken; a refused one gets its list of problems instead.
        if !roster.ignoredColumns.isEmpty {
            // A spreadsheet with thousands of stray columns gets the first few and a count, not a screenful.
            let shown = roster.ignoredColumns.prefix(Self.shortListingLength).map(\.truncatedForMessage)
            let more = roster.ignoredColumns.count - shown.count
            printWarning(
                "columns left out (not understood): \(shown.joined(separator: ", "))"
                    + (more > 0 ? " and \(more) more" : ""))
        }
        for warning in roster.warnings { printWarning(warning.description) }
        // Every name for a club-sized file; for a huge one, the first few of each kind and the counts.
        let listed = report.added.count + report.updated.count
        let limit = listed > Self.fullListingLimit ? Self.shortListingLength : Int.max
        func list(_ lines: [String]) {
            for line in lines.prefix(limit) { print(line.terminalSafe) }
            if lines.count > limit { print("  … and \(lines.count - limit) more") }
        }
        list(report.added.map { "\(dryRun ? "Would add" : "Added"): \(RosterWords.added($0))" })
        list(
            report.updated.map { update in
                "\(dryRun ? "Would update" : "Updated"): \(update.before.name) "
                    + "(\(RosterWords.changes(from: update.before, to: update.after).joined(separator: ", ")))"
            })
        print(
            "\(dryRun ? "Dry run, nothing changed: would add" : "Added") \(report.added.count), "
                + "\(dryRun ? "update" : "updated") \(report.updated.count), unchanged \(report.unchanged.count).")
        for seated in report.seatedInactive {
            printWarning(
                "\(seated.name) is marked inactive but seated (\(RosterWords.seats(seated.seats))); "
                    + "`lineup show` and `lineup check` count it as a broken rule until someone takes the seat")
        }
    }
}
