import ArgumentParser
import Foundation
import LineupCore
import LineupStore
import LineupPresentation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Walk through lineup on a throwaway database: show, exchange, undo, redo, history, export.",
        discussion: "Your own database is not touched: the demo works in a temporary folder and removes it.")

    func run() throws {
        let folder = URL(fileURLWithPath: try Self.makeThrowawayFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try LineupDatabase.open(at: folder.appendingPathComponent("demo.sqlite").path, mode: .create)
        print(
            "A walk through lineup on a throwaway database (yours is not touched). Each step shows the command"
                + " that does it.")

        step("lineup init --sample")
        var state = try db.loadSample()
        print("Loaded \(state.roster.count) paddlers and seated a crew in \"\(state.boat.name)\".")

        step("lineup show")
        print(LineupChart(state: state, style: Terminal.style).render())

        let first = Place.left(row: 2)
        let second = Place.right(row: 9)
        step("lineup exchange \(first) \(second)")
        let exchanged = try db.exchange(inBoat: .current) { _ in ExchangePlaces(first: first, second: second) }
        print(ChangeReport.text(for: exchanged, verb: "Exchanged", format: .kilograms))
        state = exchanged.state

        step("lineup undo")
        print(ChangeReport.text(for: try db.undo(inBoat: .current), verb: "Undid", format: .kilograms))

        step("lineup redo")
        print(ChangeReport.text(for: try db.redo(inBoat: .current), verb: "Redid", format: .kilograms))

        step("lineup history")
        let (boat, entries) = try db.history(ofBoat: .current)
        print(HistoryText.render(boat: boat, entries: entries))

        step("lineup export")
        let final = try db.state(ofBoat: .current)
        print(CSVFormat.lineup(final.lineup, roster: final.roster), terminator: "")
    }

    /// A new private folder in `$TMPDIR` (else /tmp), which must be an existing folder given by an absolute
    /// path: nothing is created above it, so a bad `TMPDIR` leaves nothing behind.
    static func makeThrowawayFolder() throws -> String {
        let variable = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        let base = variable.isEmpty ? "/tmp" : variable
        guard base.hasPrefix("/") else {
            throw CommandError.badUsage(
                "TMPDIR is '\(base.terminalSafe)', not an absolute path; the demo needs a folder for its throwaway "
                    + "database: set TMPDIR to one (such as /tmp), or unset it")
        }
        var status = stat()
        guard stat(base, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw CommandError.badUsage(
                "TMPDIR is \(base.terminalSafe), which is not a folder; the demo needs a folder for its throwaway "
                    + "database: set TMPDIR to one (such as /tmp), or unset it")
        }
        let parent = base.hasSuffix("/") ? base : base + "/"
        var template = Array((parent + "lineup-demo-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkdtemp($0) } ?? nil }
        guard made != nil else {
            throw CommandError.failed(
                "cannot make a folder for the demo's throwaway database in \(base.terminalSafe): "
                    + "\(String(cString: strerror(errno))); set TMPDIR to a folder you can write to")
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func step(_ command: String) {
        print("\n" + Terminal.style.bold("$ \(command)"))
    }
}
