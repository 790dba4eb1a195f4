import ArgumentParser
import HummingbirdBcrypt
import LineupCore
import LineupStore

struct UserAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an account; the password is asked for twice (or read from standard input).",
        discussion: """
            NAME: 1 to 64 letters (a to z), digits and . _ @ -, unique ignoring case. Passwords: 8 to 72 bytes; \
            only a bcrypt hash is kept.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The account's name, as typed at sign-in.") var name: String
    @Option(help: "coach (changes lineups) or viewer (only looks).") var role: AccountRole
    @Flag(help: "Read the password from the first line of standard input.") var passwordStdin = false

    func run() throws {
        // A name the schema would refuse is bad usage, found before the password is asked for.
        guard Account.isValidName(name) else { throw StoreError.invalidAccountName(name) }
        let db = try database.open()
        let password = try PasswordInput.read(for: name, fromStandardInput: passwordStdin)
        let account = try db.addAccount(named: name, role: role, passwordHash: Bcrypt.hash(password, cost: 12))
        SavedChange.declare(
            .outsideHistory(
                saved: "the account \(account.name.terminalSafe) was added",
                again: "`lineup user list` shows it, and adding it again is refused (the name is taken)"))
        print("Added \(account.role.rawValue) account \(account.name).")
    }
}
