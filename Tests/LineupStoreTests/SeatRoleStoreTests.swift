import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

@Suite("Seat roles and rows in the store")
struct SeatRoleStoreTests {
    @Test func aPaddlersRoleAndRowsReadBackAsWritten() throws {
        let test = try TestDatabase.withBoat(paddlers: 2)
        let added = try test.db.addPaddler(
            PaddlerDraft(name: "Jack Lee", role: .rear, rows: .some(RowSet(2...10)), preferredRows: .some(RowSet([9]))))
        #expect(added.role == .rear && added.rows == RowSet(2...10) && added.preferredRows == RowSet([9]))
        #expect(try test.db.paddler(named: "Jack Lee") == added)
        // Every row is stored as no limit; an update leaves what it does not name.
        let every = try test.db.updatePaddler(
            named: "Jack", with: PaddlerDraft(name: "Jack Lee", rows: .some(RowSet(1...10))), renaming: false)
        #expect(every.rows == nil && every.role == .rear && every.preferredRows == RowSet([9]))
        let cleared = try test.db.updatePaddler(
            named: "Jack", with: PaddlerDraft(name: "Jack Lee", role: .any, preferredRows: .some(nil)),
            renaming: false)
        #expect(cleared.role == .any && cleared.preferredRows == nil)
        #expect(try test.db.paddler(named: "P1").role == .any)
    }

    /// Narrowing the rows below a stored preference (or preferring beyond stored rows) is refused, and nothing
    /// is written.
    @Test func anUpdateThatLeavesPreferredRowsOutsideTheRowsIsRefused() throws {
        let test = try TestDatabase.withBoat(paddlers: 1)
        try test.db.addPaddler(PaddlerDraft(name: "Jack Lee", preferredRows: .some(RowSet(1...2))))
        #expect {
            try test.db.updatePaddler(
                named: "Jack", with: PaddlerDraft(name: "Jack Lee", rows: .some(RowSet(3...10))), renaming: false)
        } throws: { error in
            guard case .lineup(.invalidRows(_, let reason)) = error as? StoreError else { return false }
            return reason.contains("they may sit only in rows 3–10, so they cannot prefer rows 1–2")
        }
        #expect(try test.db.paddler(named: "Jack").rows == nil)
    }

    @Test(arguments: [
        "UPDATE paddler SET seat_role = 'cox' WHERE id = 1",
        "UPDATE paddler SET seat_rows = 0 WHERE id = 1",
        "UPDATE paddler SET seat_rows = 1024 WHERE id = 1",
        "UPDATE paddler SET seat_rows = 1.5 WHERE id = 1",
        "UPDATE paddler SET preferred_rows = 2048 WHERE id = 1",
        "UPDATE paddler SET seat_rows = 2, preferred_rows = 1 WHERE id = 1",
        "UPDATE boat SET stroke_rows = 3 WHERE id = 1",
        "UPDATE boat SET stroke_rows = 3, engine_rows = 6, rear_rows = 0 WHERE id = 1",
        "UPDATE boat SET stroke_rows = 1024, engine_rows = 0, rear_rows = 0 WHERE id = 1",
        "UPDATE boat SET stroke_rows = 32, engine_rows = 0, rear_rows = 0 WHERE kind = 'small'",
    ])
    func theSchemaRefusesRowsAndRolesThatCannotBe(sql: String) throws {
        let test = try TestDatabase.withBoat(paddlers: 1)
        try test.db.createBoat(named: "Small", kind: .small)
        #expect(throws: DatabaseError.self) { try test.rawWrite(sql) }
    }

    @Test func theSchemaTakesRowsAndRolesThatCan() throws {
        let test = try TestDatabase.withBoat(paddlers: 1)
        try test.db.createBoat(named: "Small", kind: .small)
        try test.rawWrite(
            """
            UPDATE paddler SET seat_role = 'stroke', seat_rows = 3, preferred_rows = 1 WHERE id = 1;
            UPDATE boat SET stroke_rows = 7, engine_rows = 1016, rear_rows = 0 WHERE kind = 'standard';
            UPDATE boat SET stroke_rows = 1, engine_rows = 14, rear_rows = 16 WHERE kind = 'small';
            """)
        let race = try test.db.boat(.named("Race"))
        #expect(race.wantedRoles == WantedRoles(stroke: RowSet(1...3), engine: RowSet(4...10), rear: RowSet([])))
    }

    @Test func aBoatsWantedRolesAreSetCheckedCopiedAndReset() throws {
        let test = try TestDatabase.withBoat(paddlers: 1)
        #expect(try test.db.boat(.named("Race")).customRoles == nil)
        let roles = WantedRoles(stroke: RowSet(1...3), engine: RowSet(4...8), rear: RowSet(9...10))
        #expect(try test.db.setWantedRoles(roles, forBoat: .named("Race")).wantedRoles == roles)
        #expect(try test.db.boat(.named("Race")).customRoles == roles)
        let copy = try test.db.copyBoat(.named("Race"), to: "Copy")
        #expect(copy.customRoles == roles)
        try test.db.createBoat(named: "Small", kind: .small)
        #expect(throws: StoreError.self) { try test.db.setWantedRoles(roles, forBoat: .named("Small")) }
        #expect(try test.db.boat(.named("Small")).customRoles == nil)
        #expect(try test.db.setWantedRoles(nil, forBoat: .named("Race")).customRoles == nil)
        #expect(try test.db.boat(.named("Race")).wantedRoles == .defaults(for: .standard))
    }
}
