import ArgumentParser
import LineupStore

struct UserRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an account; it is signed out everywhere.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The account's whole name.") var name: String

    func run() throws {
        let account = try database.open().removeAccount(named: name)
        SavedChange.declare(
            .outsideHistory(
                saved: "the account \(account.name.terminalSafe) was removed",
                again: "running it again is refused (no such account is left)"))
        print("Removed the \(account.role.rawValue) account \(account.name).")
    }
}
