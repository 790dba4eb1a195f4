import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct UserListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the accounts, by name, with their roles.")

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Print JSON: an array of {name, role, created}.") var json = false

    func run() throws {
        let accounts = try database.openForReading().accounts()
        if json {
            print(try JSONCoding.encode(AccountListDocument(accounts)), terminator: "")
        } else if accounts.isEmpty {
            print(
                "No accounts yet. `lineup serve` needs none on this machine's own address; to serve the club's "
                    + "network, add a coach: lineup user add NAME --role coach")
        } else {
            let width = accounts.map(\.name.count).max() ?? 0
            for account in accounts {
                print(
                    "\(TextLayout.pad(account.name, width))  \(TextLayout.pad(account.role.rawValue, 6))  "
                        + "since \(DateText.localMinutes(account.createdAt))")
            }
        }
    }
}
