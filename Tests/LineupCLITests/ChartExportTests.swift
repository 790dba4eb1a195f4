import Foundation
import Testing

/// `lineup export --format svg|html|text|md` end to end, and the charts' layout in a real browser.
@Suite("charts and cards exported from the command line")
struct ChartExportTests {
    /// A fixed day for the charts' date (2026-11-22 in UTC), so output can be compared byte for byte.
    static let fixedDay = ["SOURCE_DATE_EPOCH": "1795305600", "TZ": "UTC"]

    /// Names longer than any seat and in several scripts, as a club might have.
    static let longNames = [
        ("Maximiliane Oberhollenzer-Wittgenstein von Habsburg", "F"), ("王小明", "M"), ("محمد عبد الرحمن", "M"),
        ("Анастасия Владимировна Кузнецова-Петрова", "F"), ("Σωκράτης Παπαδόπουλος", "M"),
        ("देवनागरी लिपि शर्मा", "F"), ("Nguyễn Thị Minh Khai", "F"), ("Jean-Baptiste Emmanuel Zorg de la Fontaine", "M"),
        ("Zoë Ørsted-Åberg", "F"), ("Ōtani Shōhei", "M"), ("Björk Guðmundsdóttir", "F"),
        ("Wolfeschlegelsteinhausenbergerdorff", "M"),
    ]

    /// The sample club, its boat with the long names seated, and a small boat.
    static func club() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let rows = ["name,weight,sex"] + longNames.enumerated().map { "\"\($1.0)\",\(55 + $0 * 3),\($1.1)" }
        let file = try lineup.file("long.csv", Array(rows.joined(separator: "\n").utf8))
        #expect(try lineup.run(["roster", "import", file]).status == 0)
        #expect(try lineup.run(["boat", "copy", "Sample crew", "Long names"]).status == 0)
        let seats = ["L1", "R2", "L3", "R4", "L5", "R6", "L7", "R8", "L9", "R10", "D", "S"]
        for ((name, _), seat) in zip(longNames, seats) {
            #expect(try lineup.run(["exchange", "-b", "Long names", name, seat]).status == 0, "\(name)")
        }
        #expect(try lineup.run(["lock", "-b", "Long names", "L1"]).status == 0)
        #expect(try lineup.run(["boat", "create", "Small 200m", "--small", "--rules", "idbf-mixed"]).status == 0)
        for (index, seat) in ["D", "L1", "R1", "L2", "R2", "L3", "R3", "S"].enumerated() {
            #expect(try lineup.run(["exchange", "-b", "Small 200m", "B\(index + 1)", seat]).status == 0)
        }
        return lineup
    }

    @Test func svgAndHtmlCarryEverySeatOnceAndHideWeightsOnRequest() throws {
        let lineup = try Self.club()
        let svg = try lineup.run(["export", "-b", "Long names", "--format", "svg"], environment: Self.fixedDay)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.hasPrefix("<?xml"))
        // A long name is drawn on several lines (tspans); its text, read without the markup, is whole.
        let text = svg.stdout.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        for (name, _) in Self.longNames {
            #expect(text.components(separatedBy: name).count == 2, "\(name) once")
        }
        #expect(svg.stdout.components(separatedBy: "data-seat=\"").count - 1 == 22 + 20)
        let html = try lineup.run(["export", "--all", "--format", "html"], environment: Self.fixedDay)
        #expect(html.status == 0)
        #expect(html.stdout.components(separatedBy: "<article class=\"boat\"").count - 1 == 3)
        #expect(!html.stdout.contains("http://") || html.stdout.contains("xmlns=\"http://www.w3.org/1999/xhtml\""))
        #expect(!html.stdout.contains("<link") && !html.stdout.contains("<script") && !html.stdout.contains("@import"))
        let two = try lineup.run(["export", "-b", "Small 200m", "-b", "Long names", "--format", "html"])
        #expect(two.stdout.components(separatedBy: "<article class=\"boat\"").count - 1 == 2)
        let hidden = try lineup.run(["export", "-b", "Sample crew", "--format", "html", "--no-weights"]).stdout
        #expect(hidden.contains("Ada Lindqvist"))
        #expect(!hidden.contains(" kg</span>"))
        #expect(try lineup.run(["export", "-b", "Sample crew", "--format", "html"]).stdout.contains("61.5 kg</span>"))
        let refused = try lineup.run(["export", "--all", "--format", "csv"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("one boat at a time"))
        #expect(try lineup.run(["export", "--format", "csv", "--no-weights"]).status == 64)
    }

    @Test func theTextCardMatchesItsGoldenFiles() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["lock", "D"]).status == 0)
        for (format, golden) in [("text", "card-sample.txt"), ("md", "card-sample.md")] {
            let card = try lineup.run(["export", "--format", format], environment: Self.fixedDay)
            #expect(card.status == 0)
            try GoldenTests.check(card.stdout, against: golden)
        }
    }

    /// The charts in headless Chromium at a phone's width with touch, at a desktop width, and printed on A4
    /// and Letter: no two text boxes overlap, every text box lies inside its seat, nothing falls outside the
    /// page, one printed page per boat. Skipped, saying why, where Chromium or Playwright is missing, unless
    /// `LINEUP_REQUIRE_BROWSER=1` (set by .ci/run) makes that a failure.
    @Test func layoutInARealBrowser() throws {
        guard Self.browserIsAvailable(for: "layoutInARealBrowser") else { return }
        let lineup = try Self.club()
        let html = lineup.folder.appendingPathComponent("sheet.html").path
        let svg = lineup.folder.appendingPathComponent("long.svg").path
        #expect(
            try lineup.run(["export", "--all", "--format", "html", "--output", html], environment: Self.fixedDay).status
                == 0)
        #expect(
            try lineup.run(
                ["export", "-b", "Long names", "--format", "svg", "--output", svg], environment: Self.fixedDay
            )
            .status == 0)
        let (problems, checked) = try Self.browserCheck(["--html", html, "--boats", "3", "--svg", svg])
        #expect(problems == [])
        // Every view was really looked at: hundreds of text boxes each, and one page per boat on both papers.
        for view in ["html-phone", "html-desktop", "html-print", "svg"] {
            #expect((checked[view] ?? 0) > 100, "\(view)")
        }
        #expect(checked["pages-A4"] == 3 && checked["pages-Letter"] == 3)
    }

    /// Race names that differ only past their first words, and more races than a laptop's window holds
    /// beside the names.
    static let wideRegattaRaces = [
        "Heat 1 500m", "Heat 2 500m", "Heat 3 500m", "Repechage 500m", "Semi-final 1 500m", "Semi-final 2 500m",
        "Final 500m", "Heat 1 200m", "Heat 2 200m", "Final 200m", "Mixed 2000m pursuit", "Grand final mixed 500m",
        "Women 200m heat", "Women 200m final", "Open 500m heat", "Open 500m final", "Senior B 500m heat",
        "Senior B 500m final", "Corporate challenge 200m", "Breast cancer survivors 200m", "Junior 200m",
        "Exhibition race", "Relay 4 × 250m", "Last race of the day",
    ]

    /// The regatta page's paddler × race grid in headless Chromium at 1280 px and at a phone's 390 px:
    /// the page never scrolls sideways, the grid is wholly in view or scrolls in its own box (to its last
    /// race, the names staying in view), and every race's header holds its whole name, readable.
    @Test func aWideRegattaGridInARealBrowser() throws {
        guard Self.browserIsAvailable(for: "aWideRegattaGridInARealBrowser") else { return }
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        for (index, race) in Self.wideRegattaRaces.enumerated() {
            let time = String(format: "%02d:%02d", 7 + index * 25 / 60, index * 25 % 60)
            #expect(
                try lineup.run(["race", "add", "Cup", race, "--at", time, "--boat", "Sample crew"]).status == 0,
                "\(race)")
        }
        #expect(try lineup.run(["regatta", "attend", "Cup", "Ada Lindqvist", "--until", "10:00"]).status == 0)
        let page = lineup.folder.appendingPathComponent("cup.html").path
        #expect(try lineup.run(["regatta", "show", "Cup", "--format", "html", "--output", page]).status == 0)
        let (problems, checked) = try Self.browserCheck([
            "--regatta", page, "--races", "\(Self.wideRegattaRaces.count)",
        ])
        #expect(problems == [])
        #expect(checked["regatta-desktop"] == Self.wideRegattaRaces.count)
        #expect(checked["regatta-phone"] == Self.wideRegattaRaces.count)
        // At a phone's width this grid cannot be wholly in view: its scrolling was checked.
        #expect(checked["regatta-phone-scrolls"] == 1)
    }

    /// True when Chromium and Playwright for Python are here; else says why `test` is skipped, and fails it
    /// under `LINEUP_REQUIRE_BROWSER=1`.
    static func browserIsAvailable(for test: String) -> Bool {
        let required = ProcessInfo.processInfo.environment["LINEUP_REQUIRE_BROWSER"] == "1"
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import playwright"]
        probe.standardError = FileHandle.nullDevice
        let found = (try? ProcessLaunch.run(probe)) != nil
        probe.waitUntilExit()
        guard found, probe.terminationStatus == 0, FileManager.default.fileExists(atPath: "/usr/bin/chromium") else {
            #expect(!required, "Chromium or Playwright for Python is missing")
            print("\(test): skipped, Chromium (/usr/bin/chromium) or Playwright for Python is missing")
            return false
        }
        return true
    }

    /// The problems `Tests/Browser/chart_layout.py` finds with `arguments`, and what it checked.
    /// Screenshots are kept as test artifacts; LINEUP_UPDATE_SCREENSHOTS=1 refreshes the ones in docs/.
    static func browserCheck(_ arguments: [String]) throws -> (problems: [String], checked: [String: Int]) {
        let tests = GoldenTests.goldenFolder.deletingLastPathComponent().deletingLastPathComponent()
        let root = tests.deletingLastPathComponent()
        let shots =
            ProcessInfo.processInfo.environment["LINEUP_UPDATE_SCREENSHOTS"] == "1"
            ? root.appendingPathComponent("docs") : root.appendingPathComponent(".build/browser-artifacts")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", tests.appendingPathComponent("Browser/chart_layout.py").path] + arguments + [
                "--shots", shots.path,
            ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        return (
            parsed["problems"] as? [String] ?? ["no problems list in the report: \(report)"],
            parsed["checked"] as? [String: Int] ?? [:]
        )
    }

    /// A chart's totals are the sums of the weights it shows, even for weights entered in pounds
    /// (150 lb is stored as 68.04 kg and shown as 68).
    @Test func theNumbersAChartShowsAddUp() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init"]).status == 0)
        let weights = ["150 lb", "151 lb", "149.5 lb", "61.37", "70.06", "133 lb", "58.44", "87.75"]
        for (index, weight) in weights.enumerated() {
            #expect(try lineup.run(["roster", "add", "Rower \(index + 1)", "--weight", weight]).status == 0)
        }
        #expect(try lineup.run(["boat", "create", "Heat"]).status == 0)
        for (index, seat) in ["L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4"].enumerated() {
            #expect(try lineup.run(["exchange", "Rower \(index + 1)", seat]).status == 0)
        }
        for unit in ["kg", "lb"] {
            let chart = try lineup.run(["show", "--unit", unit]).stdout
            var left = 0.0
            var right = 0.0
            for line in chart.split(separator: "\n") where line.contains(" | ") {
                let halves = line.split(separator: "|", omittingEmptySubsequences: false)
                for (index, half) in halves.enumerated() {
                    guard let weight = half.split(separator: " ").last.flatMap({ Double($0) }) else { continue }
                    if index == 0 { left += weight } else { right += weight }
                }
            }
            let sums = try #require(chart.split(separator: "\n").first { $0.contains("sums left") })
            let expected = "sums left \(Self.text(left)) \(unit), right \(Self.text(right)) \(unit)"
            #expect(sums.contains(expected), "\(unit): \(sums) vs \(expected)")
        }
        // Exports carry at most two decimals: the stored kilograms, never binary noise.
        let csv = try lineup.run(["export"]).stdout
        #expect(csv.contains(",Rower 1,68.04,"))
        let document = try lineup.run(["show", "--json"]).stdout
        let decimals = document.split(separator: "\n").compactMap { line -> Int? in
            guard
                let value = line.split(separator: ":").last?.trimmingCharacters(
                    in: .whitespaces.union(.init(charactersIn: ","))),
                Double(value) != nil, let dot = value.firstIndex(of: ".")
            else { return nil }
            return value.distance(from: dot, to: value.endIndex) - 1
        }
        #expect(!decimals.isEmpty)
        #expect(decimals.allSatisfy { $0 <= 2 }, "\(decimals)")
    }

    /// A sheet posted in public shows no weights, and no totals or kilogram figures that would give them away.
    @Test func chartsWithoutWeightsHideTotalsToo() throws {
        let lineup = try LineupProcess.sampleClub()
        for format in ["svg", "html", "text", "md"] {
            let out = try lineup.run(["export", "--format", format, "--no-weights"]).stdout
            #expect(!out.contains(" kg"), "\(format)")
            #expect(out.contains("stern-heavy"), "\(format)")
        }
    }

    /// Markdown renders HTML entities: `&lt;b&gt;` in a name must not become a tag in the card.
    @Test func markdownCardsEscapeEntities() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["roster", "add", "&lt;b&gt; Ray", "--weight", "70"]).status == 0)
        #expect(try lineup.run(["exchange", "&lt;b&gt; Ray", "L1"]).status == 0)
        #expect(try lineup.run(["export", "--format", "md"]).stdout.contains("1 \\&lt;b\\&gt; | Bea"))
    }

    private static func text(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
