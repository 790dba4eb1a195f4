import Foundation
import Testing

/// `lineup serve`, `lineup user` and `lineup share` end to end, with the real binaries.
@Suite("serve, user and share from the command line")
struct ServeCommandTests {
    @Test func accountsAreAddedWithHashedPasswordsAndCheckedArguments() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let added = try lineup.run(
            ["user", "add", "maya", "--role", "coach", "--password-stdin"], input: "correct horse\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added coach account maya.\n")
        #expect(
            try lineup.run(["user", "add", "sam", "--role", "viewer", "--password-stdin"], input: "another one\n")
                .status == 0)
        let list = try lineup.run(["user", "list", "--json"])
        let accounts = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: String]] ?? []
        #expect(accounts.map { $0["name"] } == ["maya", "sam"])
        #expect(accounts.map { $0["role"] } == ["coach", "viewer"])
        // Only a bcrypt hash is kept.
        let stored = try String(contentsOfFile: lineup.databasePath, encoding: .isoLatin1)
        #expect(!stored.contains("correct horse"))
        let cases: [([String], String?, Int32, String)] = [
            (["user", "add", "MAYA", "--role", "viewer", "--password-stdin"], "correct horse\n", 1, "already exists"),
            (
                ["user", "add", "two words", "--role", "coach", "--password-stdin"], "correct horse\n", 64,
                "cannot be an account name"
            ),
            (["user", "add", "kim", "--role", "admin", "--password-stdin"], "correct horse\n", 64, "admin"),
            (["user", "add", "kim", "--role", "coach", "--password-stdin"], "short\n", 64, "at least 8 characters"),
            (
                ["user", "add", "kim", "--role", "coach", "--password-stdin"], String(repeating: "x", count: 73) + "\n",
                64, "at most 72 bytes"
            ),
            (["user", "add", "kim", "--role", "coach"], nil, 64, "--password-stdin"),
            (["user", "remove", "nobody"], nil, 1, "no account named 'nobody'"),
        ]
        for (arguments, input, status, message) in cases {
            let result = try lineup.run(arguments, input: input)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try lineup.run(["user", "role", "sam", "coach"]).stdout == "sam is now a coach.\n")
        #expect(try lineup.run(["user", "remove", "sam"]).status == 0)
        #expect(try lineup.run(["user", "list"]).stdout.hasPrefix("maya"))
    }

    @Test func shareLinksAreMadeListedAndRevoked() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let made = try lineup.run(["share", "Sample crew", "--base-url", "https://club.example.org/"])
        #expect(made.status == 0, "\(made.stderr)")
        let url = made.stdout.trimmingCharacters(in: .newlines)
        #expect(url.hasPrefix("https://club.example.org/share/"))
        #expect(url.dropFirst("https://club.example.org/share/".count).count == 43)
        #expect(made.stderr.contains("Share link #1") && made.stderr.contains("without weights"))
        let second = try lineup.run(["share", "--weights"])
        #expect(second.stdout.hasPrefix("http://127.0.0.1:8080/share/"))
        // A link only this machine can open says so, and how to make one for the crew.
        #expect(second.stderr.contains("this link opens only on this machine"), "\(second.stderr)")
        #expect(!made.stderr.contains("only on this machine"))
        #expect(second.stdout != made.stdout)
        let listed = try lineup.run(["share", "--list"])
        #expect(
            listed.stdout.contains("#1  boat \"Sample crew\"  no weights")
                && listed.stdout.contains("#2  boat \"Sample crew\"  with weights"), "\(listed.stdout)")
        // The link's secret is not in the database, only its digest.
        let stored = try String(contentsOfFile: lineup.databasePath, encoding: .isoLatin1)
        #expect(!stored.contains(String(url.suffix(43))))
        #expect(try lineup.run(["share", "--revoke", "1"]).status == 0)
        let again = try lineup.run(["share", "--revoke", "1"])
        #expect(again.status == 1 && again.stderr.contains("no share link numbered 1"))
        #expect(try lineup.run(["share", "--revoke", "2", "--weights"]).status == 64)
        #expect(try lineup.run(["share", "--base-url", "ftp://x"]).status == 64)
        #expect(try lineup.run(["share", "Nowhere"]).status == 1)
    }

    @Test func serveRefusesWhatItCannotDoSafely() throws {
        let lineup = try LineupProcess()
        let missing = try lineup.run(["serve"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no lineup database at"))
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let bad = try lineup.run(["serve", "--listen", "nowhere:port"])
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(
            bad.stderr
                == "error: --listen takes HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080), not 'nowhere:port'\n")
        // Beyond this machine without a coach account: refused, nothing listens.
        let open = try lineup.run(["serve", "--listen", "0.0.0.0:0"])
        #expect(open.status == 1)
        #expect(open.stderr.contains("no coach account yet"))
        let proxied = try lineup.run(["serve", "--listen", "127.0.0.1:0", "--trust-proxy"])
        #expect(proxied.status == 1)
        #expect(try lineup.run(["serve", "--session-days", "0"]).status == 64)
        // A port another server holds: refused in words, and the first one goes on serving.
        let first = try ServerProcess(lineup)
        let taken = try lineup.run(["serve", "--listen", "127.0.0.1:\(first.port)"])
        #expect(taken.status == 1, "\(taken.stderr)")
        #expect(taken.stderr.hasPrefix("error: cannot listen on 127.0.0.1:\(first.port): another program"))
        #expect(try first.get("/api/boats").status == 200)
        #expect(first.stop() == 0)
    }

    /// The server shares the database and history with the command line, and stops cleanly on Ctrl-C.
    @Test func serveAnswersWithTheCommandLinesDocumentsAndStopsCleanly() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let server = try ServerProcess(lineup)
        #expect(server.banner.contains("this machine only, no sign-in"))
        let show = try lineup.run(["show", "--json"]).stdout
        let answer = try server.get("/api/boats/Sample%20crew")
        #expect(answer.status == 200)
        #expect(answer.body == show)
        let exchange = try server.request(
            "/api/boats/Sample%20crew/exchange", method: "POST", json: #"{"first": "L1", "second": "R1"}"#)
        #expect(exchange.status == 200)
        let undo = try lineup.run(["undo"])
        #expect(undo.stdout.hasPrefix("Undid L1 Ada Lindqvist ⇄ R1 Bea Marangoni"))
        #expect(try server.get("/openapi.json").status == 200)
        // Without sign-in it answers to this machine's own names only: a page elsewhere cannot reach it
        // through a name of its own pointing here (DNS rebinding).
        let rebound = try server.request("/api/boats", method: "GET", headers: ["Host": "evil.example"])
        #expect(rebound.status == 421, "\(rebound.body)")
        #expect(
            try server.request("/api/boats", method: "GET", headers: ["Host": "localhost:\(server.port)"]).status == 200
        )
        #expect(server.stop() == 0)
    }

    /// A request that changes nothing (a seat exchanged with itself, a lock already on, the same availability
    /// again) writes nothing: the database and its log stay byte for byte as they were. A change still does.
    @Test func aRequestThatChangesNothingLeavesTheFilesAsTheyWere() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        for setUp in [
            ["lock", "L1"], ["regatta", "create", "Cup", "--date", "2026-06-13"],
            ["regatta", "attend", "Cup", "Ada Lindqvist", "--absent"],
        ] {
            #expect(try lineup.run(setUp).status == 0, "\(setUp)")
        }
        let server = try ServerProcess(lineup)
        #expect(try server.get("/api/boats/Sample%20crew").status == 200)
        // The log's index (-shm) is SQLite's to update as it reads; the file and the log are not.
        let files = { BadInputTests.snapshot(lineup.folder).filter { !$0.key.hasSuffix("-shm") } }
        let before = files()
        for (path, body) in [
            ("/api/boats/Sample%20crew/exchange", #"{"first": "L7", "second": "L7"}"#),
            ("/api/boats/Sample%20crew/lock", #"{"seat": "L1", "expected": "Ada Lindqvist"}"#),
            ("/api/regattas/Cup/attend", #"{"paddlers": ["Ada Lindqvist"], "absent": true}"#),
        ] {
            let answer = try server.request(path, method: "POST", json: body)
            #expect(answer.status == 200, "\(path): \(answer.body)")
        }
        #expect(files() == before, "a file changed")
        let change = try server.request(
            "/api/boats/Sample%20crew/exchange", method: "POST", json: #"{"first": "L7", "second": "R7"}"#)
        #expect(change.status == 200)
        #expect(files() != before)
        #expect(server.stop() == 0)
    }

    /// On every network, the server lists the addresses phones can open (never the wildcard), this machine's
    /// loopback one last, and warns once that it speaks plain HTTP; a sign-in that then arrives over plain
    /// HTTP from another address warns once more, and only once.
    @Test func onEveryNetworkItListsTheAddressesToOpenAndWarnsOfPlainHTTP() throws {
        let lineup = try LineupProcess.sampleClub()
        let add = try lineup.run(
            ["user", "add", "maya", "--role", "coach", "--password-stdin"], input: "correct horse\n")
        #expect(add.status == 0, "\(add.stderr)")
        let server = try ServerProcess(lineup, listen: "0.0.0.0:0")
        let banner = server.banner
        let urls = banner.split(separator: "\n").compactMap { line in
            line.range(of: #"http://[^ ]+/"#, options: .regularExpression).map { String(line[$0]) }
        }
        #expect(!banner.contains("0.0.0.0"), "\(banner)")
        #expect(urls.last == "http://127.0.0.1:\(server.port)/", "\(banner)")
        #expect(banner.contains("http://127.0.0.1:\(server.port)/ (this machine)"), "\(banner)")
        #expect(banner.components(separatedBy: "warning:").count == 2, "\(banner)")
        #expect(banner.contains("passwords and session cookies cross the network unencrypted"), "\(banner)")
        #expect(banner.contains("reverse proxy with HTTPS"), "\(banner)")
        // A sign-in through an address of this machine other than loopback comes from that address.
        let outside = urls.first { !$0.hasPrefix("http://127.") && !$0.contains("%25") }
        if let outside {
            let base = String(outside.dropLast())
            for password in ["wrong horse!", "correct horse"] {
                let signIn = try server.request(
                    "/api/session", method: "POST", json: #"{"name": "maya", "password": "\#(password)"}"#,
                    base: base)
                #expect([200, 401].contains(signIn.status), "\(signIn.body)")
            }
        }
        // One from this machine says nothing.
        let local = try server.request(
            "/api/session", method: "POST", json: #"{"name": "maya", "password": "correct horse"}"#)
        #expect(local.status == 200, "\(local.body)")
        #expect(server.stop() == 0)
        let later = server.laterErrors()
        let warnings = later.split(separator: "\n").filter { $0.contains("sign-in came over plain HTTP") }
        #expect(warnings.count == (outside == nil ? 0 : 1), "\(later)")
        #expect(outside != nil, "this machine has no address beyond loopback to sign in from: \(banner)")
    }

    /// On this machine only, the server says where as before, and warns of nothing.
    @Test func onLoopbackItListsOneAddressAndNoWarning() throws {
        let lineup = try LineupProcess.sampleClub()
        let server = try ServerProcess(lineup)
        #expect(
            server.banner.hasPrefix("lineup serve: http://127.0.0.1:\(server.port)/ (this machine only, no sign-in)"))
        #expect(server.banner.split(separator: "\n").count == 1, "\(server.banner)")
        #expect(!server.banner.contains("warning"))
        #expect(server.stop() == 0)
    }
}
