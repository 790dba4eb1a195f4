import Foundation
import LineupCore
import Testing

@testable import LineupStore

@Suite("Roster and boats")
struct RosterTests {
    @Test func namesAreUniqueIgnoringCaseAndSpaces() throws {
        let test = try TestDatabase()
        try test.db.addPaddler(PaddlerDraft(name: "Åsa Berg"))
        #expect(throws: StoreError.duplicatePaddler("åsa berg")) {
            try test.db.addPaddler(PaddlerDraft(name: "  åsa berg "))
        }
        #expect(try test.db.roster().map(\.name) == ["Åsa Berg"])
    }

    /// Look-alikes of a name (another space, another case spelling, invisible characters) are the same
    /// paddler or refused, never a second paddler beside her.
    @Test func lookAlikeNamesAreNoNewPaddlers() throws {
        let test = try TestDatabase()
        try test.db.addPaddler(PaddlerDraft(name: "Ada Lindqvist"))
        try test.db.addPaddler(PaddlerDraft(name: "Jan Strauß"))
        for spaced in ["Ada\u{A0}Lindqvist", "Ada\u{2003}Lindqvist", "Ada\u{202F}Lindqvist", "Ada\u{3000}Lindqvist"] {
            #expect(throws: StoreError.duplicatePaddler("Ada Lindqvist")) {
                try test.db.addPaddler(PaddlerDraft(name: spaced))
            }
        }
        #expect(throws: StoreError.duplicatePaddler("JAN STRAUSS")) {
            try test.db.addPaddler(PaddlerDraft(name: "JAN STRAUSS"))
        }
        for invisible in ["Ada\u{115F}Lindqvist", "Ada\u{200D}Lindqvist", "Ada\u{2800}Lindqvist", "\u{E000}"] {
            #expect(throws: StoreError.self) { try test.db.addPaddler(PaddlerDraft(name: invisible)) }
        }
        #expect(try test.db.roster().map(\.name) == ["Ada Lindqvist", "Jan Strauß"])
    }

    /// An export edited in a spreadsheet that put a no-break space in a name, or wrote it in capitals,
    /// re-imports as an update of the same paddlers.
    @Test func reimportingAnEditedExportUpdatesLookAlikeNames() throws {
        let test = try TestDatabase()
        for name in ["Bea Marangoni", "Νίκος Παπαδόπουλος", "Jan Strauß"] {
            try test.db.addPaddler(PaddlerDraft(name: name, weightKg: 70))
        }
        let edited = CSVFormat.roster(try test.db.roster())
            .replacingOccurrences(of: "Bea Marangoni", with: "Bea\u{A0}Marangoni")
            .replacingOccurrences(of: "Νίκος Παπαδόπουλος", with: "ΝΊΚΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ")
            .replacingOccurrences(of: "Jan Strauß", with: "JAN STRAUSS")
            .replacingOccurrences(of: "70", with: "81")
        let file = RosterImporter.read(Array(edited.utf8))
        #expect(file.problems.isEmpty, "\(file.problems)")
        let report = try test.db.importRoster(file, dryRun: true)
        #expect(report.added.isEmpty)
        #expect(report.updated.map(\.before.name).sorted() == ["Bea Marangoni", "Jan Strauß", "Νίκος Παπαδόπουλος"])
        #expect(report.updated.allSatisfy { $0.after.name == $0.before.name && $0.after.weightKg == 81 })
        _ = try test.db.importRoster(file, dryRun: false)
        #expect(try test.db.roster().count == 3)
        #expect(try test.db.roster().allSatisfy { $0.weightKg == 81 })
    }

    @Test func removingASeatedPaddlerNeedsForceAndClosesTheBench() throws {
        let test = try TestDatabase.withBoat(paddlers: 4)
        try test.db.exchange("P2", "L3", inBoat: nil)
        #expect(throws: StoreError.paddlerSeated("P2", places: [PaddlerSeat(boat: "Race", place: .left(row: 3))])) {
            try test.db.removePaddler(named: "p2", force: false)
        }
        _ = try test.db.removePaddler(named: "P1", force: false)
        #expect(try test.chart() == ["L3=P2", "B1=P3", "B2=P4"])
        let report = try test.db.removePaddler(named: "P2", force: true)
        #expect(report.leftSeats == [PaddlerSeat(boat: "Race", place: .left(row: 3))])
        #expect(try test.chart() == ["B1=P3", "B2=P4"])
    }

    @Test func updateChangesOnlyTheFieldsGiven() throws {
        let test = try TestDatabase()
        try test.db.addPaddler(PaddlerDraft(name: "Ann", weightKg: .some(60), sex: .some(.female), canDrum: true))
        let updated = try test.db.updatePaddler(named: "ann", with: PaddlerDraft(name: "Ann Lee", side: .left))
        #expect(
            updated == Paddler(id: updated.id, name: "Ann Lee", weightKg: 60, sex: .female, side: .left, canDrum: true))
        let cleared = try test.db.updatePaddler(
            named: "Ann Lee", with: PaddlerDraft(name: "Ann Lee", weightKg: .some(nil)))
        #expect(cleared.weightKg == nil)
        #expect(throws: StoreError.lineup(.invalidWeight("500"))) {
            try test.db.updatePaddler(named: "Ann Lee", with: PaddlerDraft(name: "Ann Lee", weightKg: 500))
        }
        #expect(throws: StoreError.self) {
            try test.db.updatePaddler(named: "Ann Lee", with: PaddlerDraft(name: "R2"))
        }
        #expect(try test.db.roster() == [cleared])
    }

    @Test func importIsAllOrNothingAndDryRunChangesNothing() throws {
        let test = try TestDatabase.withBoat(paddlers: 2)
        let bad = RosterImporter.read(Array("name,weight\nNew One,70\nP1,abc\n".utf8))
        #expect(throws: StoreError.self) { try test.db.importRoster(bad, dryRun: false) }
        #expect(try test.db.roster().count == 2)

        let good = RosterImporter.read(Array("name,weight\nNew One,70\np1,75\nP2,61\n".utf8))
        let dryRun = try test.db.importRoster(good, dryRun: true)
        // A dry run shows the values a new paddler would get, converted as they will be stored.
        #expect(dryRun.added.map(\.name) == ["New One"] && dryRun.added.first?.weightKg == 70)
        #expect(dryRun.updated.map(\.before.name) == ["P1"])
        #expect(dryRun.updated.map(\.before.weightKg) == [60] && dryRun.updated.map(\.after.weightKg) == [75])
        #expect(dryRun.unchanged == ["P2"])
        #expect(try test.db.roster().count == 2)

        _ = try test.db.importRoster(good, dryRun: false)
        #expect(try test.db.roster().map(\.name) == ["New One", "P1", "P2"])
        #expect(try test.db.roster().first { $0.name == "P1" }?.weightKg == 75)
        #expect(try test.chart() == ["B1=P1", "B2=P2", "B3=New One"])
    }

    @Test func sampleLoadsOnlyIntoAnEmptyDatabaseAndSeatsAFullMixedCrew() throws {
        let test = try TestDatabase(sample: true)
        try test.db.updatePaddler(named: "Ada Lindqvist", with: PaddlerDraft(name: "Ada Lindqvist", weightKg: 99))
        _ = try test.db.removePaddler(named: "Mia Xu", force: true)
        let before = try test.db.roster()
        // Loading it again would revert the club's changes and add the fictional paddlers back: refused.
        #expect(throws: StoreError.sampleNeedsEmptyDatabase(path: test.path, paddlers: 29, boats: 1)) {
            try test.db.loadSample()
        }
        #expect(try test.db.roster() == before)
        let club = try TestDatabase()
        try club.db.createBoat(named: "Ours", kind: .small)
        #expect(throws: StoreError.sampleNeedsEmptyDatabase(path: club.path, paddlers: 0, boats: 1)) {
            try club.db.loadSample()
        }
        #expect(try club.db.roster().isEmpty)
        let boats = try test.db.boats()
        #expect(boats.map(\.boat.name) == ["Sample crew"])
        let state = try test.db.state(ofBoat: .current)
        #expect(state.roster.count == 29)
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let crew = rowSeats.compactMap { state.paddler(at: $0) }
        #expect(crew.count == 20)
        #expect(crew.filter { $0.sex == .female }.count == 10)
        #expect(state.paddler(at: .drummer)?.canDrum == true)
        #expect(state.paddler(at: .steerer)?.canSteer == true)
    }

    @Test func boatsCanBeCopiedRenamedAndDeleted() throws {
        let test = try TestDatabase.withBoat(paddlers: 3)
        try test.db.exchange("P3", "D", inBoat: nil)
        try test.db.setLock(true, at: "D", inBoat: nil)
        _ = try test.db.copyBoat(.named("race"), to: "Race B")
        let copied = try test.chart("Race B")
        #expect(try test.chart("Race") == copied)
        #expect(try test.db.state(ofBoat: .named("Race B")).lineup.isLocked(.drummer))
        #expect(try test.db.history(ofBoat: .named("Race B")).1.isEmpty)
        #expect(throws: StoreError.duplicateBoat("RACE")) { try test.db.renameBoat(.named("Race B"), to: "RACE") }
        _ = try test.db.renameBoat(.named("Race B"), to: "Heat 2")
        _ = try test.db.deleteBoat(.wholeName("race"))
        #expect(try test.db.boats().map(\.boat.name) == ["Heat 2"])
        #expect(try test.db.roster().count == 3)
    }
}
