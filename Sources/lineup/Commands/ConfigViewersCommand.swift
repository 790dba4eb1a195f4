import ArgumentParser

struct ConfigViewersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viewers",
        abstract: "Show or set what viewers signed in to `lineup serve` see: paddlers' weights shown or hidden.",
        discussion: """
            Viewers (accounts added with `--role viewer`) look at boats in the browser and change nothing. \
            With weights hidden, the default, nothing the server answers them carries one paddler's weight: \
            no weight by a name or a seat, no sums or moments in kilograms; the balance verdict is its \
            direction in words only ("stern-heavy"), as on a share link made without `--weights`. Coaches \
            always see weights.
            """)

    /// Whether viewers see weights, as the option takes it.
    enum Visibility: String, ExpressibleByArgument, CaseIterable {
        case shown, hidden
    }

    @OptionGroup var database: DatabaseOptions
    @Option(help: "shown or hidden; left out, the setting in force is shown.") var weights: Visibility?

    func run() throws {
        if let weights {
            let db = try database.open()
            try db.setViewersSeeWeights(weights == .shown)
            SavedChange.declare(
                .outsideHistory(
                    saved: "viewers' weights are now \(weights.rawValue)",
                    again: "`lineup config viewers` shows it, and running it again changes nothing"))
            print("Paddlers' weights are now \(weights.rawValue) to viewers.")
        } else {
            let shown = try database.openForReading().viewersSeeWeights()
            print("Paddlers' weights are \(shown ? "shown" : "hidden") to viewers.")
        }
    }
}
