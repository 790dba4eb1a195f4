import Testing

@testable import LineupCore

/// Records every callback, and keeps a model of items that it swaps as told.
private final class RecordingDelegate: ExchangeControllerDelegate {
    enum Event: Equatable {
        case exchange(SeatPath, SeatPath)
        case eventFinished
        case finished(SeatPath, SeatPath)
        case cancelled
    }

    var events: [Event] = []
    var model: [[String]]
    var refusedBegin: Set<SeatPath> = []
    var refusedDisplace: Set<SeatPath> = []
    var inProgressDuringCallbacks: [Bool] = []
    weak var controller: ExchangeController?

    init(model: [[String]]) { self.model = model }

    private func note() { inProgressDuringCallbacks.append(controller?.isTransactionInProgress ?? false) }

    func exchangeController(_ controller: ExchangeController, didExchange path1: SeatPath, with path2: SeatPath) {
        note()
        events.append(.exchange(path1, path2))
        let first = model[path1.section][path1.item]
        model[path1.section][path1.item] = model[path2.section][path2.item]
        model[path2.section][path2.item] = first
    }

    func exchangeControllerDidFinishExchangeEvent(_ controller: ExchangeController) {
        note()
        events.append(.eventFinished)
    }

    func exchangeController(
        _ controller: ExchangeController, didFinishTransactionWith path1: SeatPath, and path2: SeatPath
    ) {
        note()
        events.append(.finished(path1, path2))
    }

    func exchangeControllerDidCancelTransaction(_ controller: ExchangeController) {
        note()
        events.append(.cancelled)
    }

    func exchangeController(_ controller: ExchangeController, canBeginTransactionAt path: SeatPath) -> Bool {
        !refusedBegin.contains(path)
    }

    func exchangeController(
        _ controller: ExchangeController, canDisplaceItemAt target: SeatPath, draggedFrom origin: SeatPath
    ) -> Bool {
        !refusedDisplace.contains(target)
    }
}

/// A delegate that implements only the required methods, to exercise the protocol's defaults.
private final class MinimalDelegate: ExchangeControllerDelegate {
    var exchanges = 0
    func exchangeController(_ controller: ExchangeController, didExchange path1: SeatPath, with path2: SeatPath) {
        exchanges += 1
    }
    func exchangeControllerDidFinishExchangeEvent(_ controller: ExchangeController) {}
    func exchangeController(
        _ controller: ExchangeController, didFinishTransactionWith path1: SeatPath, and path2: SeatPath
    ) {}
    func exchangeControllerDidCancelTransaction(_ controller: ExchangeController) {}
}

private func path(_ section: Int, _ item: Int) -> SeatPath { SeatPath(section: section, item: item) }

@Suite("ExchangeController: the transaction model")
struct ExchangeControllerTests {
    private func make() -> (ExchangeController, RecordingDelegate) {
        let delegate = RecordingDelegate(model: [["1", "2", "3", "4", "5"], ["a", "b"]])
        let controller = ExchangeController(delegate: delegate)
        delegate.controller = controller
        return (controller, delegate)
    }

    @Test func exchangeIsNotAMove() {
        let (controller, delegate) = make()
        #expect(controller.catchItem(at: path(0, 0)))
        controller.drag(over: path(0, 4))
        controller.release()
        #expect(delegate.model[0] == ["5", "2", "3", "4", "1"])
    }

    @Test func firstDragOverANewItemIsOneExchangeWithTheOrigin() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 1))
        controller.drag(over: path(0, 3))
        #expect(delegate.events == [.exchange(path(0, 3), path(0, 1)), .eventFinished])
        #expect(delegate.model[0] == ["1", "4", "3", "2", "5"])
    }

    @Test func dragOverASecondItemPutsTheFirstBackThenExchanges() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 1))
        controller.drag(over: path(0, 3))
        delegate.events.removeAll()
        controller.drag(over: path(0, 4))
        #expect(
            delegate.events == [
                .exchange(path(0, 1), path(0, 3)), .exchange(path(0, 4), path(0, 1)), .eventFinished,
            ])
        #expect(delegate.model[0] == ["1", "5", "3", "4", "2"])
    }

    @Test func dragBackOverTheOriginUndoesOnly() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 1))
        controller.drag(over: path(0, 3))
        delegate.events.removeAll()
        controller.drag(over: path(0, 1))
        #expect(delegate.events == [.exchange(path(0, 1), path(0, 3)), .eventFinished])
        #expect(delegate.model[0] == ["1", "2", "3", "4", "5"])
        delegate.events.removeAll()
        controller.release()
        #expect(delegate.events == [.finished(path(0, 1), path(0, 1))])
    }

    @Test func dragOverTheOriginWithNothingDisplacedDoesNothing() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 2))
        controller.drag(over: path(0, 2))
        #expect(delegate.events.isEmpty)
    }

    @Test("Over nothing, over the displaced item again, or over a refused item: no exchange, the previous stays")
    func dragsThatChangeNothing() {
        let (controller, delegate) = make()
        delegate.refusedDisplace = [path(1, 1)]
        controller.catchItem(at: path(0, 0))
        controller.drag(over: path(0, 2))
        let afterFirst = delegate.model
        delegate.events.removeAll()
        controller.drag(over: nil)
        controller.drag(over: path(0, 2))
        controller.drag(over: path(0, 2))
        controller.drag(over: path(1, 1))
        #expect(delegate.events.isEmpty)
        #expect(delegate.model == afterFirst)
        controller.release()
        #expect(delegate.events == [.finished(path(0, 2), path(0, 0))])
    }

    @Test func releaseReportsTheLastDisplacedAndTheOrigin() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 0))
        for item in [1, 2, 3] { controller.drag(over: path(0, item)) }
        delegate.events.removeAll()
        controller.release()
        #expect(delegate.events == [.finished(path(0, 3), path(0, 0))])
        #expect(delegate.model[0] == ["4", "2", "3", "1", "5"])
        #expect(!controller.isTransactionInProgress)
    }

    @Test func cancelRestoresWithOneExchangeAndNoEventFinished() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 0))
        controller.drag(over: path(0, 2))
        controller.drag(over: path(1, 0))
        delegate.events.removeAll()
        controller.cancel()
        #expect(delegate.events == [.exchange(path(0, 0), path(1, 0)), .cancelled])
        #expect(delegate.model == [["1", "2", "3", "4", "5"], ["a", "b"]])
        #expect(!controller.isTransactionInProgress)
    }

    @Test func cancelWithNothingDisplacedOnlyReportsTheCancel() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 0))
        controller.cancel()
        #expect(delegate.events == [.cancelled])
    }

    @Test func exchangesCrossSections() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(1, 1))
        controller.drag(over: path(0, 0))
        controller.release()
        #expect(delegate.model == [["b", "2", "3", "4", "5"], ["a", "1"]])
    }

    @Test func refusedCatchStartsNothing() {
        let (controller, delegate) = make()
        delegate.refusedBegin = [path(0, 0)]
        #expect(!controller.catchItem(at: path(0, 0)))
        #expect(!controller.isTransactionInProgress)
        controller.drag(over: path(0, 1))
        controller.release()
        controller.cancel()
        #expect(delegate.events.isEmpty)
    }

    @Test func callsOutsideATransactionDoNothing() {
        let (controller, delegate) = make()
        controller.drag(over: path(0, 1))
        controller.release()
        controller.cancel()
        #expect(delegate.events.isEmpty)
        #expect(delegate.model[0] == ["1", "2", "3", "4", "5"])
    }

    @Test func secondCatchDuringATransactionIsRefused() {
        let (controller, delegate) = make()
        #expect(controller.catchItem(at: path(0, 0)))
        #expect(!controller.catchItem(at: path(0, 1)))
        #expect(controller.isTransactionInProgress)
        withExtendedLifetime(delegate) {}
    }

    @Test func transactionIsInProgressInsideEveryCallback() {
        let (controller, delegate) = make()
        controller.catchItem(at: path(0, 0))
        controller.drag(over: path(0, 1))
        controller.drag(over: path(0, 2))
        controller.release()
        controller.catchItem(at: path(0, 0))
        controller.drag(over: path(0, 3))
        controller.cancel()
        #expect(!delegate.inProgressDuringCallbacks.isEmpty)
        #expect(delegate.inProgressDuringCallbacks.allSatisfy { $0 })
        #expect(!controller.isTransactionInProgress)
    }

    @Test func modelIsAlwaysTheOriginalWithTwoItemsSwapped() {
        let (controller, delegate) = make()
        let original = delegate.model
        controller.catchItem(at: path(0, 2))
        for target in [path(0, 0), path(1, 1), path(0, 2), path(0, 4), path(1, 0), path(0, 3)] {
            controller.drag(over: target)
            let differences = zip(original.joined(), delegate.model.joined()).filter { $0 != $1 }.count
            #expect(differences == 0 || differences == 2)
        }
    }

    @Test func defaultsAllowCatchAndDisplace() {
        let delegate = MinimalDelegate()
        let controller = ExchangeController(delegate: delegate)
        #expect(controller.catchItem(at: path(0, 0)))
        controller.drag(over: path(0, 1))
        #expect(delegate.exchanges == 1)
    }

    @Test func holdsTheDelegateWeakly() {
        var delegate: MinimalDelegate? = MinimalDelegate()
        weak let weakDelegate = delegate
        let controller = ExchangeController(delegate: delegate!)
        delegate = nil
        #expect(weakDelegate == nil)
        #expect(!controller.catchItem(at: path(0, 0)))
    }
}
