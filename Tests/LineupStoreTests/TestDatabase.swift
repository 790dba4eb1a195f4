import Foundation
import GRDB
import LineupCore

@testable import LineupStore

/// A database in a fresh temporary folder, removed when the value is released.
final class TestDatabase {
    let folder: URL
    let path: String
    let db: LineupDatabase

    init(sample: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lineup-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("club.sqlite").path
        db = try LineupDatabase.open(at: path, mode: .create)
        if sample { try db.loadSample() }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A boat of `kind` named "Race" with paddlers P1…Pn on the roster (weights 60, 61, …).
    static func withBoat(paddlers: Int = 6, kind: BoatKind = .standard) throws -> TestDatabase {
        let test = try TestDatabase()
        for index in 1...paddlers {
            try test.db.addPaddler(PaddlerDraft(name: "P\(index)", weightKg: .some(Double(59 + index))))
        }
        try test.db.createBoat(named: "Race", kind: kind)
        return test
    }

    /// Who is where, by name, in chart order.
    func chart(_ boat: String? = nil) throws -> [String] {
        let state = try db.state(ofBoat: BoatChoice(boat))
        return state.lineup.allPlaces.compactMap { place, paddler in
            paddler.map { "\(place)=\(state.roster[$0]?.name ?? "?")" }
        }
    }

    /// Runs raw SQL on the file, as another program could.
    func rawWrite(_ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
    }
}

extension LineupChangeStore {
    /// `lineup exchange FIRST SECOND [-b BOAT]`: the store's one exchange, with the places named as the
    /// command line names them.
    @discardableResult
    func exchange(_ first: String, _ second: String, inBoat boat: String?) throws(StoreError) -> ChangeOutcome {
        try exchange(inBoat: BoatChoice(boat)) { state throws(LineupError) in
            try ExchangePlaces(first, second, on: state)
        }
    }

    /// `lineup lock PLACE` (or `unlock`) `[-b BOAT]`: the store's lock, with the seat named as the command
    /// line names it.
    @discardableResult
    func setLock(_ locked: Bool, at place: String, inBoat boat: String?) throws(StoreError) -> ChangeOutcome {
        try setLock(
            locked, inBoat: BoatChoice(boat), at: { state throws(LineupError) in try state.place(place) },
            expected: nil)
    }
}
