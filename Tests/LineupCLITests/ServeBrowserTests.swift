import Foundation
import Testing

/// `lineup serve` in a real browser: headless Chromium at a phone's size with touch and at a desktop size with
/// a mouse (Tests/Browser/serve_editor.py), the exchange's animations (Tests/Browser/exchange_motion.py), the
/// page without a connection (Tests/Browser/offline_page.py), race day from a phone (Tests/Browser/race_day.py) and
/// a paddler's own link (Tests/Browser/paddler_links.py),
/// against real servers and the real command line. Skipped, saying why, where Chromium or Playwright is
/// missing, unless `LINEUP_REQUIRE_BROWSER=1` (set by .ci/run).
@Suite("lineup serve in a real browser")
struct ServeBrowserTests {
    @Test func aWholeSessionByTouchAndByMouse() throws {
        guard try Self.browserIsHere(for: "aWholeSessionByTouchAndByMouse") else { return }
        let lineup = try Self.sampleClubWithAccounts()
        let open = try ServerProcess(lineup)
        let signIn = try ServerProcess(lineup, extra: ["--require-sign-in"])
        let parsed = try Self.run("serve_editor.py", lineup: lineup, open: open, signIn: signIn)
        #expect((parsed["problems"] as? [String]) == [])
        let checked = try #require(parsed["checked"] as? [String: Int])
        // Every scenario really ran, at both sizes.
        for size in ["phone", "desktop"] {
            for scenario in [
                "three-seat drag is one record (\(size))", "cancel changed nothing (\(size))",
                "tap-to-place is one record (\(size))", "a locked seat refuses (\(size))",
                "the command line redoes the page's undo (\(size))",
                "a command-line change appears within a second (\(size))",
                "a stale drop changes nothing (\(size))",
            ] {
                #expect(checked[scenario] == 1, "\(scenario)")
            }
        }
        #expect(checked["live verdict in the bar while dragging (phone)"] == 1)
        // A drop lands where the finger visibly is, at both phone sizes: held still below the bar, from the
        // bench to every row, and to the bench; tabs and tap targets fit a thumb.
        for size in ["390x844", "360x640"] {
            for scenario in [
                "a finger held still never scrolls the page (\(size))",
                "the seat under a finger held still is the one highlighted (\(size))",
                "a drag from the bench lands where the finger is (\(size))",
                "a drag to the bench lands where the finger is (\(size))",
                "tap targets are at least 44x44 on the boat (\(size))", "the tabs fit the width (\(size))",
            ] {
                #expect(checked.keys.contains(scenario), "\(scenario)")
            }
        }
        for scenario in [
            "keyboard", "the optimizer's plan applies as one record", "a viewer cannot change the boat",
            "a signed-in coach changes the boat",
        ] {
            #expect(checked.keys.contains { $0.hasPrefix(scenario) }, "\(scenario)")
        }
        print("aWholeSessionByTouchAndByMouse: \(parsed["timings"] ?? [:])")
        // Both servers stop cleanly, open event streams and all.
        #expect(open.stop() == 0)
        #expect(signIn.stop() == 0)
    }

    /// Offline at the venue: the page opens from what its service worker saved, showing the boat as last
    /// loaded under a banner saying offline and read-only; a drag and an undo are refused at once and the
    /// database does not change; back online, the banner goes and the page shows what changed meanwhile. Signing
    /// out forgets what was saved; signing out offline says it could not, and forgets it all the same.
    @Test func thePageOfflineShowsTheLastBoatAndRefusesChanges() throws {
        guard try Self.browserIsHere(for: "thePageOfflineShowsTheLastBoatAndRefusesChanges") else { return }
        let lineup = try Self.sampleClubWithAccounts()
        let open = try ServerProcess(lineup)
        let signIn = try ServerProcess(lineup, extra: ["--require-sign-in"])
        let parsed = try Self.run("offline_page.py", lineup: lineup, open: open, signIn: signIn)
        #expect((parsed["problems"] as? [String]) == [])
        let checked = try #require(parsed["checked"] as? [String: Int])
        for scenario in [
            "the service worker controls the page", "the boat viewed is saved for offline",
            "offline, the banner says offline, read-only and since when", "offline, the boat shows as last loaded",
            "offline, a boat never viewed here is not shown under another's chart",
            "offline, a drag is refused at once", "offline, an undo is refused at once",
            "offline, nothing changed in the database", "back online, the banner goes",
            "back online, the page shows the command line's change", "back online, a change goes through",
            "signing out forgets the boats saved for offline", "offline after signing out, no boat shows",
            "the session is ended from another device",
            "a session ended on the server forgets the boats saved for offline at once",
            "offline after the session ended, no boat shows", "signing out offline says it did not sign out",
            "signing out offline does not reload into a page that seems signed out",
            "signing out offline forgets the boats saved for offline",
            "back online, the session not ended offline is still there",
            "back online, signing out again ends the session",
        ] {
            #expect(checked[scenario] == 1, "\(scenario)")
        }
        print("thePageOfflineShowsTheLastBoatAndRefusesChanges: \(parsed["measured"] ?? [:])")
        #expect(open.stop() == 0)
        #expect(signIn.stop() == 0)
    }

    /// Race day from a phone (Tests/Browser/race_day.py): the schedule, the bar's undo and redo naming their boat
    /// and shown only with it, the grid opened on the next race, a crew opened in the editor whose header names
    /// the race, a paddler marked late (typed 24-hour) and absent (leaving now once a race of theirs ran), with
    /// the conflict lines the command line prints, a re-plan written by its code and undone on the command line
    /// and from the page (saying what the undo left broken in the races), the roster at the dock, a viewer
    /// reading only, the boat menu within a phone's screen, a regatta's boat named by its race in the bar with
    /// its shared-crew line whole, each of its races' cards naming the other and its picture headed with the
    /// race, the boat the page opens on, a drop drawn from its own answer, every tab at five widths (the roster
    /// whole without scrolling sideways), and a small phone's header with the race line shown.
    @Test func raceDayFromAPhone() throws {
        guard try Self.browserIsHere(for: "raceDayFromAPhone") else { return }
        let lineup = try LineupProcess()
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.string(from: Date())
        for arguments in [
            ["init", "--sample"], ["regatta", "create", "Cup", "--date", today],
            ["race", "add", "Cup", "200m heat", "--at", "09:10", "--boat", "Sample crew"],
            ["race", "add", "Cup", "500m final", "--at", "23:59", "--copy-from", "200m heat"],
        ] {
            #expect(try lineup.run(arguments).status == 0, "\(arguments)")
        }
        for (name, role) in [("maya", "coach"), ("sam", "viewer")] {
            let added = try lineup.run(
                ["user", "add", name, "--role", role, "--password-stdin"], input: "correct horse\n")
            #expect(added.status == 0, "\(added.stderr)")
        }
        let open = try ServerProcess(lineup)
        let signIn = try ServerProcess(lineup, extra: ["--require-sign-in"])
        let parsed = try Self.run("race_day.py", lineup: lineup, open: open, signIn: signIn)
        #expect((parsed["problems"] as? [String]) == [])
        let checked = try #require(parsed["checked"] as? [String: Int])
        for scenario in [
            "the schedule lists the next race first", "a race's crew opens in the editor",
            "marking a paddler late says the conflict at once", "lineup check --regatta sees the page's change",
            "the Boat view lists the race's problem", "one choice marks a paddler absent",
            "the plan seats nobody who is not there",
            "an undo on the command line shows in the Day tab within a second", "a paddler added at the dock",
            "a weight corrected at the dock", "marked inactive at the dock, with the warning",
            "a bad weight is refused with the command line's words", "a viewer reads the day without its controls",
            "a viewer reads a plan but cannot write it", "a viewer has no roster controls",
            "the day is saved for offline", "offline, the day's schedule shows as last read",
            "a link to the day is made in the page",
            "the shared day shows the schedule and the crews to anyone with the link",
            "the shared day hides weights unless asked", "the day's links are listed in the page",
            "a link revoked from the page is gone for the command line too",
            "a link to the day revoked from the page opens nothing",
            "a viewer neither makes, lists nor revokes share links",
            "the picture is a PNG",
            "the crew sheet's text names every paddler, as the command line's export does",
            "the picture is the crew sheet drawn at twice its size",
            "the picture has the crew's names and seats drawn on it",
            "offline, a change of who is there is refused and changes nothing",
            "the editor's header names the race, its start and the regatta",
            "another boat opened drops the race from the header", "the race is said only when opened from the Day tab",
            "a first visit opens on the boat in use", "the page opens on the boat last shown on this device",
            "a drop is drawn from its own answer before any read",
            "the other documents are read after the drop's answer",
            "the bar's undo and redo are hidden in the Day tab", "the bar's undo and redo are hidden in the Roster tab",
            "the bar's undo and redo name the boat they act on (boat)",
            "the bar's undo and redo name the boat they act on (history)",
            "the grid opens on the next race's column at 390 px",
            "the grid keeps the coach's own scroll when drawn again",
            "after choosing a time, the time field and Set are in view", "the time is typed 24-hour",
            "a time that is none is refused in the page and changes nothing",
            "the page says the conflicts a change of who is there made, as the command line does",
            "absent after a race of theirs ran is leaving now, the race run kept",
            "a race's card says which other race its boat's crew races, as lineup race list does",
            "the picture of a crew opened for a race is headed with the race and its start, not the boat",
            "an undo from the plan says what stands broken in the boat's races after it",
        ] {
            #expect(checked[scenario] == 1, "\(scenario)")
        }
        #expect(checked.keys.contains { $0.hasPrefix("the plan written from the page is on the command line") })
        for width in [768, 1280, 1440] {
            #expect(checked["the roster's header row covers the rows scrolled under it (\(width)px)"] == 1)
        }
        for state in ["opened", "after a change"] {
            for check in [
                "the race line overlaps nothing in the header at 360x640",
                "tap targets are at least 44x44 in the header at 360x640",
                "the header with the race line takes at most 150 px of 640",
            ] {
                #expect(checked["\(check) (\(state))"] == 1, "\(check) (\(state))")
            }
        }
        for width in [1280, 1440] {
            #expect(checked["on a laptop the bench is beside the boat, in sight (\(width)px)"] == 1)
        }
        for width in [360, 390] {
            for check in [
                "the boat menu is within the screen", "the boat menu scrolls within itself",
                "every boat in the menu is 44 by 44 px or more", "every boat's full name shows in the menu",
                "the menu's last boat scrolls into sight",
                "the menu's last boat is chosen", "the boat's button shows a regatta boat's race whole",
                "the race line says whole that a change here changes the other race too",
            ] {
                #expect(checked["\(check) (\(width)px)"] == 1, "\(check) (\(width)px)")
            }
        }
        for width in [360, 390, 768, 1280, 1440] {
            for tab in ["History", "Check", "Plan"] {
                #expect(checked["no two text boxes overlap in the \(tab) tab (\(width)px)"] == 1)
                #expect(checked["every text box is inside the \(tab) tab (\(width)px)"] == 1)
                #expect(checked["nothing is wider than the screen in the \(tab) tab (\(width)px)"] == 1)
                #expect(checked["every tab's name fits, \(tab) chosen (\(width)px)"] == 1)
            }
            #expect(checked["no two text boxes overlap in the Day tab (\(width)px)"] == 1)
            #expect(checked["no two text boxes overlap in the Roster tab (\(width)px)"] == 1)
            for check in [
                "every text box is inside the Roster tab, none overlapping",
                "the roster has enough paddlers to fill a phone's screen",
                "every paddler's figures and tools are in sight without scrolling sideways",
                "tap targets are at least 44x44 in the Roster tab",
            ] {
                #expect(checked["\(check) (\(width)px)"] == 1, "\(check) (\(width)px)")
            }
            #expect(checked["every tab's name fits (\(width)px)"] == 1)
            #expect(checked["no two text boxes overlap in the Boat view (\(width)px)"] == 1)
        }
        #expect(open.stop() == 0)
        #expect(signIn.stop() == 0)
    }

    /// The exchange's own feedback (Tests/Browser/exchange_motion.py), by touch and by mouse: the snapshot lifted,
    /// the displaced paddler sliding to the origin faded, the one before sliding home, the snapshot set down and
    /// gone within half a second of a release that sends its drop at once, a cancel sliding everyone home, no
    /// moving copy ever taking the hit test, and nothing moving under prefers-reduced-motion.
    @Test func theExchangeAnimatesAsTheOriginalDoes() throws {
        guard try Self.browserIsHere(for: "theExchangeAnimatesAsTheOriginalDoes") else { return }
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        // No page here signs in: the open server stands in for the one requiring it.
        let open = try ServerProcess(lineup)
        let parsed = try Self.run("exchange_motion.py", lineup: lineup, open: open, signIn: open)
        #expect((parsed["problems"] as? [String]) == [])
        let checked = try #require(parsed["checked"] as? [String: Int])
        for size in ["phone", "desktop"] {
            for scenario in [
                "the catch lifts a copy of the seat's card", "the snapshot is lifted by an animation",
                "the displaced paddler's card slides to the origin seat, a running animation",
                "the displaced paddler fades as it slides", "a card mid-slide never takes the hit test",
                "the seat under the pointer is the one highlighted mid-slide",
                "landed, the displaced paddler shows at the origin at lowered opacity",
                "the one displaced before slides home as the next slides to the origin",
                "the release sets a copy of the snapshot down",
                "after the release the snapshot is gone within half a second",
                "the drop is sent within 50 ms of the release, never waiting for an animation",
                "the animated drag is one record", "a cancel slides everyone home", "a cancel changes nothing",
                "reduced motion leaves no seat a transition",
                "reduced motion animates nothing at the catch, over a seat, at the release or after",
                "with reduced motion the drop is one record",
                "with reduced motion a cancel puts everyone back without moving",
            ] {
                #expect(checked["\(scenario) (\(size))"] == 1, "\(scenario) (\(size))")
            }
        }
        print("theExchangeAnimatesAsTheOriginalDoes: \(parsed["timings"] ?? [:])")
        #expect(open.stop() == 0)
    }

    /// A paddler's own link from a phone (Tests/Browser/paddler_links.py), on the server that requires sign-in
    /// and with no account: answered out for one race and late for another, which `lineup regatta show` says
    /// within a second; a crew change on the command line on the paddler's page within a second; closed answers
    /// refused; the calendar read back with `icalendar`; the coach's answers and entry shown as winning, with
    /// their buttons off; the page at 360x640 and 390x844; a revoked link opening nothing. The script makes the
    /// links in the database itself, as `lineup invite` does.
    @Test func aPaddlerAnswersThroughTheirOwnLink() throws {
        guard try Self.browserIsHere(for: "aPaddlerAnswersThroughTheirOwnLink") else { return }
        let lineup = try LineupProcess()
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.string(from: Date())
        for arguments in [
            ["init", "--sample"], ["regatta", "create", "Cup", "--date", today],
            ["race", "add", "Cup", "200m heat", "--at", "09:10", "--boat", "Sample crew"],
            ["race", "add", "Cup", "500m final", "--at", "23:59", "--copy-from", "200m heat"],
        ] {
            #expect(try lineup.run(arguments).status == 0, "\(arguments)")
        }
        // A server that requires sign-in starts only with a coach's account; the paddler uses none.
        let added = try lineup.run(
            ["user", "add", "maya", "--role", "coach", "--password-stdin"], input: "correct horse\n")
        #expect(added.status == 0, "\(added.stderr)")
        let open = try ServerProcess(lineup)
        let signIn = try ServerProcess(lineup, extra: ["--require-sign-in"])
        let parsed = try Self.run("paddler_links.py", lineup: lineup, open: open, signIn: signIn)
        #expect((parsed["problems"] as? [String]) == [])
        let checked = try #require(parsed["checked"] as? [String: Int])
        for scenario in [
            "the page opens without an account, sending no referrer", "the page greets the paddler",
            "my races today in time order", "a race shows seat, boat, start, the next race and the crew",
            "every button is at least 44x44", "out for one race reaches the coach within a second",
            "arriving late reaches the coach within a second",
            "a crew change on the command line shows within a second", "an answer once closed is a 409",
            "one event per race she sits in", "the heat starts today at its start, in local time",
            "an open page of a revoked link says it no longer opens", "a revoked link opens nothing",
            "and says it once", "a race answered out for is listed apart, as not racing",
            "the races she paddles come before those she does not",
            "a race not raced is struck, with no crew as if she raced it",
            "the page offers to subscribe to the calendar, by webcal",
            "and to download it over the page's own scheme", "subscribing is the main button",
            "a race's answer the coach set says so, its buttons off and the other race's on",
            "the regatta's answer the coach set turns off its buttons, times and comment",
            "the coach's entry is said, and that it wins", "an injury is said with its date",
            "the page fits the phone's width (360x640)", "the page fits the phone's width (390x844)",
            "nothing reaches past the screen's edges (360x640)", "nothing reaches past the screen's edges (390x844)",
            "every button and link is at least 44x44 (360x640)", "every button and link is at least 44x44 (390x844)",
            "no date breaks across lines (360x640)", "no date breaks across lines (390x844)",
            "every date on the page is kept whole (360x640)", "every date on the page is kept whole (390x844)",
            "a race she is out of is a cancelled event",
        ] {
            #expect(checked[scenario] == 1, "\(scenario)")
        }
        #expect(open.stop() == 0)
        #expect(signIn.stop() == 0)
    }

    /// Whether Chromium and Playwright for Python are here; when not, says so, and records an issue if the
    /// browser is required.
    private static func browserIsHere(for test: String) throws -> Bool {
        let required = ProcessInfo.processInfo.environment["LINEUP_REQUIRE_BROWSER"] == "1"
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import playwright"]
        probe.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(probe)
        probe.waitUntilExit()
        guard probe.terminationStatus == 0, FileManager.default.fileExists(atPath: "/usr/bin/chromium") else {
            #expect(!required, "Chromium or Playwright for Python is missing")
            print("\(test): skipped, Chromium (/usr/bin/chromium) or Playwright for Python is missing")
            return false
        }
        return true
    }

    /// The sample club, with maya (a coach) and sam (a viewer), both with the password "correct horse".
    private static func sampleClubWithAccounts() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        for (name, role) in [("maya", "coach"), ("sam", "viewer")] {
            let added = try lineup.run(
                ["user", "add", name, "--role", role, "--password-stdin"], input: "correct horse\n")
            #expect(added.status == 0, "\(added.stderr)")
        }
        return lineup
    }

    /// Runs a script of Tests/Browser against the two servers and returns its report; its screenshots go to
    /// .build/browser-artifacts (or docs/, with `LINEUP_UPDATE_SCREENSHOTS=1`).
    private static func run(
        _ script: String, lineup: LineupProcess, open: ServerProcess, signIn: ServerProcess
    ) throws -> [String: Any] {
        let root = GoldenTests.goldenFolder.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shots =
            ProcessInfo.processInfo.environment["LINEUP_UPDATE_SCREENSHOTS"] == "1"
            ? root.appendingPathComponent("docs") : root.appendingPathComponent(".build/browser-artifacts")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", root.appendingPathComponent("Tests/Browser/\(script)").path, "--url", open.url,
            "--signin-url", signIn.url, "--lineup", LineupProcess.executable.path, "--db", lineup.databasePath,
            "--shots", shots.path,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try ProcessLaunch.run(process)
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)\n\(stderr)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any], "\(report)\n\(stderr)")
    }
}
