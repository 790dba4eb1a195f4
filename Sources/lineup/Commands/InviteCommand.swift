import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

struct InviteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite",
        abstract: "Make each paddler a personal link to answer for themselves and see their own races.",
        discussion: """
            Prints one link per paddler named (every active paddler with --all): through it, on `lineup serve`, \
            the paddler answers in, maybe or out for each regatta (with the times they arrive and leave) and \
            for single races, sees their own races, seats and crews (first names only; nobody's weight or \
            notes), and subscribes to a calendar of their races. No account or password: the link is the key, \
            so give each paddler their own. A link is shown once; the database keeps only a digest of its \
            secret (256 random bits). --regatta REGATTA makes links that open that regatta only (by default a \
            link opens every regatta from today on); --expires DATE makes them stop opening after that day. \
            --csv writes name,link lines (for a mail merge) and --output FILE writes to a file instead of the \
            terminal. --list lists the links (never the secrets); --revoke NAME… (or --revoke --all) revokes \
            them. --base-url (default $LINEUP_PUBLIC_URL, else http://127.0.0.1:8080) is the address paddlers \
            reach the server at.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The paddlers, by name.") var names: [String] = []
    @Flag(help: "Every active paddler (with --revoke or --list: every link).") var all = false
    @Option(help: ArgumentHelp("The links open this regatta only.", valueName: "regatta")) var regatta: String?
    @Option(help: ArgumentHelp("The last day the links open.", valueName: "YYYY-MM-DD")) var expires: String?
    @Option(help: ArgumentHelp("The server's address as paddlers reach it.", valueName: "url")) var baseURL: String?
    @Flag(help: "Write CSV: a name,link header, then one paddler a line.") var csv = false
    @Option(help: ArgumentHelp("Write the links to this file instead of standard output.", valueName: "file"))
    var output: String?
    @Flag(help: "List the links (of the paddlers named, or everyone's) instead of making them.") var list = false
    @Flag(help: "Revoke the links of the paddlers named (whole names), or every link with --all.") var revoke = false
    @Flag(help: "Print JSON: {message, links: [{id, paddler, regatta, expires, created, link}]}; --list an array.")
    var json = false

    func validate() throws {
        if list, revoke { throw ValidationError("give --list or --revoke, not both") }
        if names.isEmpty, !all, !list {
            throw ValidationError("name the paddlers, or give --all for every active paddler")
        }
        if !names.isEmpty, all { throw ValidationError("name the paddlers or give --all, not both") }
        if list || revoke {
            if regatta != nil || expires != nil || baseURL != nil || csv || output != nil {
                throw ValidationError("--regatta, --expires, --base-url, --csv and --output are for making links")
            }
        }
        if csv, json { throw ValidationError("give --csv or --json, not both") }
        if let expires {
            do {
                _ = try RegattaDay(parsing: expires)
            } catch {
                throw ValidationError(error.description)
            }
        }
        try PublicAddress.validate(baseURL)
    }

    func run() throws {
        if list {
            let links = try database.openForReading().paddlerLinks(of: names)
            if json {
                print(try JSONCoding.encode(PaddlerLinkListDocument(links.map { .init($0) })), terminator: "")
            } else if links.isEmpty {
                print("No personal links.")
            } else {
                for link in links { print(AnswerWords.listed(link).terminalSafe) }
            }
            return
        }
        if revoke {
            let links = try database.open().revokePaddlerLinks(of: names)
            SavedChange.declare(
                .outsideHistory(
                    saved: "\(ListWords.count(links.count, "personal link")) revoked",
                    again: "`lineup invite --list` shows the links left; running it again revokes nothing more"))
            let message = AnswerWords.revoked(links)
            if json {
                print(
                    try JSONCoding.encode(PaddlerLinkListDocument(links.map { .init($0) }, message: message)),
                    terminator: "")
            } else {
                print(message.terminalSafe)
            }
            return
        }
        let day = try expires.map { (text: String) throws(LineupError) in try RegattaDay(parsing: text) }
        if let day, let today = try? RegattaDay(parsing: DateText.localDate(Date())), day < today {
            throw CommandError.badUsage("--expires \(day) is already past: give today or a later day")
        }
        let databasePath = try database.resolvedPath
        // Refused before any link is made: a link nobody was shown would only wait to be revoked.
        if let output { try OutputFile.check(output, protecting: databasePath) }
        let db = try database.open()
        if let regatta, let today = try? RegattaDay(parsing: DateText.localDate(Date())) {
            let info = try db.races(of: regatta).0
            if let day = try? RegattaDay(parsing: info.date), day < today {
                throw CommandError.badUsage(
                    "regatta '\(info.name.terminalSafe)' was on \(day), already past: a link to it would open a day "
                        + "nobody can answer for any more")
            }
        }
        let issued = try db.invitePaddlers(names, regatta: regatta, expiresOn: day)
        guard !issued.isEmpty else {
            throw CommandError.failed("no active paddlers to invite: add paddlers with `lineup roster add`")
        }
        SavedChange.declare(
            .outsideHistory(
                saved: "\(ListWords.count(issued.count, "personal link")) made",
                again: "running it again makes new links beside these; `lineup invite --revoke NAME` ends a link"))
        let root = PublicAddress.root(baseURL)
        let rows = issued.map { (name: $0.link.paddlerName, link: "\(root)/p/\($0.token)", made: $0) }
        let text: String
        if json {
            text = try JSONCoding.encode(
                PaddlerLinkListDocument(
                    rows.map { .init($0.made.link, address: $0.link) }, message: AnswerWords.invited(issued.map(\.link))
                ))
        } else if csv {
            text =
                (["name,link"] + rows.map { "\(CSVFormat.field($0.name)),\(CSVFormat.field($0.link))" })
                .joined(separator: "\n") + "\n"
        } else {
            let width = rows.map { TextLayout.width($0.name) }.max() ?? 0
            text =
                rows.map { "\(TextLayout.pad($0.name.terminalSafe, width))  \($0.link)" }.joined(separator: "\n") + "\n"
        }
        if let output {
            do {
                try OutputFile.write(text, to: output, protecting: databasePath)
            } catch {
                // Links nobody was shown would only wait to be found: they are taken back.
                try db.revokePaddlerLinks(ids: issued.map(\.link.id))
                throw CommandError.failed(
                    "\(error); the links were taken back, so nothing changed")
            }
        } else {
            print(text, terminator: "")
        }
        Terminal.standardError.write(AnswerWords.invited(issued.map(\.link)).terminalSafe + "\n")
        PublicAddress.warnIfThisMachineOnly(root, links: "these links open")
    }
}
