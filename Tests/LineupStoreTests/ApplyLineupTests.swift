import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

@Suite("Applying an optimized lineup")
struct ApplyLineupTests {
    @Test func severalExchangesAreOneRecordThatOneUndoTakesBack() throws {
        let test = try TestDatabase(sample: true)
        let state = try test.db.state(ofBoat: .current)
        let result = LineupOptimizer.optimize(
            state.lineup, roster: state.roster, model: state.balanceModel, rules: state.rules,
            options: OptimizerOptions(toleranceKg: 0))
        #expect(result.plan.peopleMoved >= 2)
        let outcome = try test.db.applyLineup(
            result.lineup, replacing: state.lineup, summary: "optimize", inBoat: .current)
        #expect(outcome.record?.summary == "optimize")
        #expect(try test.db.state(ofBoat: .current).lineup == result.lineup)
        #expect(try test.db.history(ofBoat: .current).1.count == 1)
        _ = try test.db.undo(inBoat: .current)
        #expect(try test.db.state(ofBoat: .current).lineup == state.lineup)
        _ = try test.db.redo(inBoat: .current)
        #expect(try test.db.state(ofBoat: .current).lineup == result.lineup)
    }

    @Test func aBoatChangedMeanwhileIsRefused() throws {
        let test = try TestDatabase(sample: true)
        let state = try test.db.state(ofBoat: .current)
        let target = try state.lineup.exchanging(.left(row: 1), with: .right(row: 1), names: [:]).lineup
        try test.db.exchange("L2", "R2", inBoat: nil)
        #expect(throws: StoreError.changedMeanwhile(boat: "Sample crew")) {
            try test.db.applyLineup(target, replacing: state.lineup, summary: "optimize", inBoat: .current)
        }
        #expect(try test.db.history(ofBoat: .current).1.count == 1)
    }

    @Test func rulesAndBalanceFiguresAreKept() throws {
        let test = try TestDatabase(sample: true)
        try test.db.createBoat(named: "Mixed", kind: .small, rules: .idbfMixed)
        #expect(try test.db.state(ofBoat: .named("Mixed")).boat.rules == .idbfMixed)
        _ = try test.db.setRules(.women, forBoat: .named("Mixed"))
        #expect(try test.db.state(ofBoat: .named("Mixed")).rules == CrewRules(.women, kind: .small))
        _ = try test.db.copyBoat(.named("Mixed"), to: "Copy")
        #expect(try test.db.state(ofBoat: .named("Copy")).boat.rules == .women)

        try test.db.setBalance([.drumKg: 10, .rowSpacingM: 1], for: [.small])
        let model = try test.db.balanceModel(for: .small)
        #expect(model.drumKg == 10 && model.rowSpacingM == 1 && model.steeringOarKg == 7)
        #expect(try test.db.state(ofBoat: .named("Mixed")).balanceModel == model)
        #expect(try test.db.balanceModel(for: .standard) == .defaults(for: .standard))
        #expect(throws: StoreError.self) { try test.db.setBalance([.drumKg: 51], for: [.small]) }
        try test.db.resetBalance(for: BoatKind.allCases)
        #expect(try test.db.balanceModel(for: .small) == .defaults(for: .small))
        #expect(throws: (any Error).self) {
            try test.rawWrite("INSERT INTO balance_setting_of_kind VALUES ('small', 'mast-height-m', 3.0)")
        }
        #expect(throws: (any Error).self) {
            try test.rawWrite("INSERT INTO balance_setting_of_kind VALUES ('canoe', 'drum-kg', 3.0)")
        }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE boat SET rules = 'juniors'") }
    }
}
