import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Make a read-only link to a boat's chart or a regatta's day for the crew; list or revoke links.",
        discussion: """
            The link opens the boat's chart (as `lineup export --format html`) on `lineup serve`, for whoever \
            has it, without signing in; it shows the lineup as it is when opened. Weights are hidden unless \
            --weights. The link is shown once: the database keeps only a digest of its secret (256 random \
            bits). --base-url (default $LINEUP_PUBLIC_URL, else http://127.0.0.1:8080) is the address the \
            crew reaches the server at. --regatta REGATTA makes (or, with --list and --revoke-all, lists or \
            revokes) a link to the whole regatta instead: its schedule and the crews of every race, as \
            `lineup regatta show --format html` draws them, weights hidden unless --weights.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat (default: the one `-b` or `lineup use` names, or the only one).") var boatName: String?
    @OptionGroup var boat: BoatOptions
    @Option(help: ArgumentHelp("A link to this regatta's whole day instead of a boat.", valueName: "regatta"))
    var regatta: String?
    @Flag(help: "Show the paddlers' weights on the shared chart.") var weights = false
    @Option(help: ArgumentHelp("The server's address as the crew reaches it.", valueName: "url")) var baseURL: String?
    @Flag(help: "List the links (of BOAT, or of every boat) instead of making one.") var list = false
    @Option(help: ArgumentHelp("Revoke the link with this number (from --list).", valueName: "id")) var revoke: Int64?
    @Flag(help: "Revoke every link of the boat.") var revokeAll = false
    @Flag(
        help: """
            With --list, print JSON: an array of {id, kind, name, shows_weights, created}; with --revoke or \
            --revoke-all, {message, revoked}, revoked listed the same way.
            """)
    var json = false

    func validate() throws {
        if boatName != nil, boat.boat != nil { throw ValidationError("name the boat once: as BOAT or with -b") }
        let modes = [list, revoke != nil, revokeAll].filter { $0 }.count
        if modes > 1 { throw ValidationError("give one of --list, --revoke and --revoke-all") }
        if modes == 1, weights || baseURL != nil {
            throw ValidationError("--weights and --base-url are for making a link")
        }
        if modes == 0, json { throw ValidationError("--json is for --list, --revoke and --revoke-all") }
        if regatta != nil, boatName != nil || boat.boat != nil {
            throw ValidationError("a link is to a boat or to a regatta: give BOAT (or -b) or --regatta, not both")
        }
        if revoke != nil, boatName != nil || boat.boat != nil || regatta != nil {
            throw ValidationError("--revoke takes the link's number alone: numbers are unique across boats")
        }
        try PublicAddress.validate(baseURL)
    }

    func run() throws {
        let name = boatName ?? boat.boat
        if list {
            let db = try database.openForReading()
            let links =
                try regatta.map { try db.shareLinks(ofRegatta: $0) }
                ?? db.shareLinks(ofBoat: name.map(BoatChoice.named))
            if json {
                print(try JSONCoding.encode(ShareLinkListDocument(links)), terminator: "")
                return
            }
            guard !links.isEmpty else {
                print(
                    regatta != nil
                        ? "No share links for this regatta."
                        : name == nil ? "No share links." : "No share links for this boat.")
                return
            }
            for link in links { print(ShareWords.listed(link).terminalSafe) }
            return
        }
        if let revoke {
            let link = try database.open().revokeShareLink(id: revoke)
            SavedChange.declare(
                .outsideHistory(
                    saved: "share link #\(link.id) was revoked",
                    again: "`lineup share --list` shows the links left, and revoking it again is refused"))
            if json {
                print(try JSONCoding.encode(ShareLinkRevocationDocument(link)), terminator: "")
            } else {
                print(ShareWords.revoked(link).terminalSafe)
            }
            return
        }
        if revokeAll {
            let db = try database.open()
            let (subject, links) =
                try regatta.map { try db.revokeShareLinks(ofRegatta: $0) }
                ?? db.revokeShareLinks(ofBoat: BoatChoice(name))
            SavedChange.declare(
                .outsideHistory(
                    saved: "\(links.count) share link\(links.count == 1 ? " was" : "s were") revoked",
                    again: "`lineup share --list` shows the links left; running it again revokes nothing more"))
            if json {
                print(try JSONCoding.encode(ShareLinkRevocationDocument(links, of: subject)), terminator: "")
            } else {
                print(ShareWords.revokedAll(links, of: subject).terminalSafe)
            }
            return
        }
        let token = SecretToken.make()
        let db = try database.open()
        let digest = SecretToken.digest(token)
        let link =
            try regatta.map { try db.createShareLink(forRegatta: $0, showsWeights: weights, tokenDigest: digest) }
            ?? db.createShareLink(forBoat: BoatChoice(name), showsWeights: weights, tokenDigest: digest)
        SavedChange.declare(.shareLink(id: link.id))
        let root = PublicAddress.root(baseURL)
        print("\(root)/share/\(token)")
        Terminal.standardError.write(ShareWords.made(link).terminalSafe + "\n")
        PublicAddress.warnIfThisMachineOnly(root)
    }
}
