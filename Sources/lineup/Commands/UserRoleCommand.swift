import ArgumentParser
import LineupCore
import LineupStore

struct UserRoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "role", abstract: "Make an account a coach or a viewer.",
        discussion: """
            A coach made a viewer is signed out everywhere, so that a page which kept the coach's view for \
            offline use forgets it; a viewer made a coach stays signed in.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The account's name.") var name: String
    @Argument(help: "coach or viewer.") var role: AccountRole

    func run() throws {
        let (account, signedOut) = try database.open().setAccountRole(named: name, role: role)
        SavedChange.declare(
            .outsideHistory(
                saved: "\(account.name.terminalSafe) is now a \(account.role.rawValue)",
                again: "running it again changes nothing"))
        print("\(account.name) is now a \(account.role.rawValue)\(signedOut ? " and is signed out everywhere" : "").")
    }
}
