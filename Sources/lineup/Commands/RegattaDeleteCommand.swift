import ArgumentParser

struct RegattaDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a regatta with its races and availability (the boats stay).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Flag(help: "Confirm: the races and availability are deleted for good.") var force = false

    func run() throws {
        let db = try database.open()
        guard force else {
            let (info, races) = try db.races(of: regatta.regatta)
            throw CommandError.failed(
                "deleting \"\(info.name.terminalSafe)\" removes its \(races.count) race\(races.count == 1 ? "" : "s") and its "
                    + "availability for good (the boats stay); add --force to confirm")
        }
        let deleted = try db.deleteRegatta(regatta.regatta)
        print("Deleted regatta \"\(deleted.name.terminalSafe)\"; its boats are still there (`lineup boat list`).")
    }
}
