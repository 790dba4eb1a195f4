import ArgumentParser

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the boats (lineups); the same as `lineup boat list`.")

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Print JSON: an array of {name, kind, rules, seated, bench, current}.") var json = false

    func run() throws {
        try BoatListCommand.list(database: database, json: json)
    }
}
