import Foundation
import LineupCore
import Testing

@testable import LineupStore

/// The balance figures together must make the words agree with the sums: a hull wider at its ends than in
/// the middle is refused, and nothing is written.
@Suite("Balance settings that contradict each other are refused")
struct BalanceSettingTests {
    @Test func anEndWiderThanTheMiddleIsRefused() throws {
        let test = try TestDatabase(sample: true)
        do {
            try test.db.setBalance([.middleHalfWidthM: 0.1, .endHalfWidthM: 1.5], for: BoatKind.allCases)
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("end-half-width-m (1.5) is more than middle-half-width-m (0.1)"))
        }
        #expect(try test.db.balanceModel(for: .standard) == BalanceModel.defaults(for: .standard))
        // One figure set against the other's stored or default value counts too.
        #expect(throws: StoreError.self) { try test.db.setBalance([.endHalfWidthM: 0.6], for: [.small]) }
        try test.db.setBalance([.middleHalfWidthM: 0.7], for: [.small])
        try test.db.setBalance([.endHalfWidthM: 0.6], for: [.small])
        #expect(throws: StoreError.self) { try test.db.setBalance([.middleHalfWidthM: 0.5], for: [.small]) }
        #expect(try test.db.balanceModel(for: .small).middleHalfWidthM == 0.7)
        // Equal widths are a hull of one width: the sums and the moments then always agree.
        try test.db.setBalance([.middleHalfWidthM: 0.5, .endHalfWidthM: 0.5], for: [.standard])
    }
}
