import Testing

@testable import LineupCore

/// The engine's model of a lineup, driven as an interactive editor would: a drag over several places with
/// live figures at every event, then a release or a cancel.
@Suite("LineupExchangeModel: dragging across a lineup")
struct LineupExchangeModelTests {
    @Test func liveFiguresAtEveryEventThenOneChangeOnRelease() throws {
        let start = try sampleLineup()
        let model = LineupExchangeModel(lineup: start)
        let controller = ExchangeController(delegate: model)
        var seenAtL1: [PaddlerID?] = []
        model.onExchangeEvent = { lineup in seenAtL1.append(lineup[.left(row: 1)]) }

        #expect(controller.catchItem(at: model.path(for: .left(row: 1))))
        controller.drag(over: model.path(for: .right(row: 1)))
        controller.drag(over: model.path(for: .bench(position: 2)))
        controller.drag(over: model.path(for: .steerer))
        // The displaced paddler shows at the origin as the drag goes on.
        #expect(seenAtL1 == [3, 8, 6])
        #expect(model.current[.steerer] == 2)
        controller.release()

        let change = model.finishedChange(names: sampleNames)
        #expect(change.summary() == "L1 P2 ⇄ S P6")
        #expect(try start.applying(change, names: sampleNames) == model.current)
    }

    @Test func cancelMidDragRestoresTheStartAndRecordsNothing() throws {
        let start = try sampleLineup()
        let model = LineupExchangeModel(lineup: start)
        let controller = ExchangeController(delegate: model)
        controller.catchItem(at: model.path(for: .bench(position: 1)))
        controller.drag(over: model.path(for: .right(row: 2)))
        #expect(model.current.bench == [8, 9])
        controller.cancel()
        #expect(model.wasCancelled)
        #expect(model.current == start)
        #expect(model.finishedChange(names: sampleNames).isEmpty)
    }

    @Test func emptySeatsAndLocksRefuseTheirParts() throws {
        let model = LineupExchangeModel(lineup: try sampleLineup(locked: [.right(row: 1)]))
        let controller = ExchangeController(delegate: model)
        #expect(!controller.catchItem(at: model.path(for: .right(row: 2))), "nothing to pick up in an empty seat")
        #expect(!controller.catchItem(at: model.path(for: .right(row: 1))), "a locked seat")
        #expect(!controller.catchItem(at: model.endOfBenchPath))
        #expect(controller.catchItem(at: model.path(for: .left(row: 1))))
        controller.drag(over: model.path(for: .right(row: 1)))
        #expect(model.current == model.original, "a locked seat is not displaced")
        controller.drag(over: SeatPath(section: 9, item: 0))
        #expect(model.current == model.original, "a path outside the model is over nothing")
        controller.drag(over: model.endOfBenchPath)
        controller.release()
        #expect(model.current.bench == [7, 8, 9, 2])
    }

    @Test func resetStartsOverFromANewLineup() throws {
        let start = try sampleLineup()
        let model = LineupExchangeModel(lineup: start)
        let controller = ExchangeController(delegate: model)
        controller.catchItem(at: model.path(for: .left(row: 1)))
        controller.drag(over: model.path(for: .left(row: 2)))
        controller.release()
        let after = model.current
        model.reset(to: after)
        #expect(model.original == after)
        #expect(model.finishedChange(names: sampleNames).isEmpty)
        #expect(model.place(at: model.path(for: .bench(position: 3))) == .bench(position: 3))
        #expect(model.paddler(at: model.path(for: .left(row: 2))) == 2)
    }
}
