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
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "lineup-demo-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
        let exchanged = try db.exchange(first.description, second.description, inBoat: nil)
        print(ChangeReport.text(for: exchanged, verb: "Exchanged", format: .kilograms))
        state = exchanged.state

        step("lineup undo")
        print(ChangeReport.text(for: try db.undo(inBoat: nil), verb: "Undid", format: .kilograms))

        step("lineup redo")
        print(ChangeReport.text(for: try db.redo(inBoat: nil), verb: "Redid", format: .kilograms))

        step("lineup history")
        let (boat, entries) = try db.history(ofBoat: nil)
        print(HistoryText.render(boat: boat, entries: entries))

        step("lineup export")
        let final = try db.state(ofBoat: nil)
        print(CSVFormat.lineup(final.lineup, roster: final.roster), terminator: "")
    }

    private func step(_ command: String) {
        print("\n" + Terminal.style.bold("$ \(command)"))
    }
}
