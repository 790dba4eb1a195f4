import ArgumentParser
import HummingbirdBcrypt
import LineupStore

struct UserPasswordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Set an account's password; it is signed out everywhere.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The account's name.") var name: String
    @Flag(help: "Read the password from the first line of standard input.") var passwordStdin = false

    func run() throws {
        let db = try database.open()
        guard try db.accountForSignIn(named: name) != nil else { throw StoreError.unknownAccount(name) }
        let password = try PasswordInput.read(for: name, fromStandardInput: passwordStdin)
        let account = try db.setAccountPassword(named: name, passwordHash: Bcrypt.hash(password, cost: 12))
        SavedChange.declare(
            .outsideHistory(
                saved: "the new password of \(account.name.terminalSafe) is set and its browsers are signed out",
                again: "running it again only sets the password again"))
        print("Set the password of \(account.name); every browser signed in as \(account.name) is signed out.")
    }
}
