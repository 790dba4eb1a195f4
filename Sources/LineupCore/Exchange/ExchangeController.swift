/// Hears every step of an exchange transaction and keeps the model in step with it.
public protocol ExchangeControllerDelegate: AnyObject {
    /// One individual exchange; the delegate swaps the two items in its model.
    func exchangeController(_ controller: ExchangeController, didExchange path1: SeatPath, with path2: SeatPath)
    /// After the one or two exchanges of an event: the place for live updates.
    func exchangeControllerDidFinishExchangeEvent(_ controller: ExchangeController)
    /// Release. The exchanges are already applied; equal paths mean nothing changed.
    func exchangeController(
        _ controller: ExchangeController, didFinishTransactionWith path1: SeatPath, and path2: SeatPath)
    /// Cancel. Called after the controller reported the exchange that restores the model.
    func exchangeControllerDidCancelTransaction(_ controller: ExchangeController)
    /// Optional (default true): may the item at `path` be caught (moved) at all?
    func exchangeController(_ controller: ExchangeController, canBeginTransactionAt path: SeatPath) -> Bool
    /// Optional (default true): may `target` be displaced by the item dragged from `origin`?
    func exchangeController(
        _ controller: ExchangeController, canDisplaceItemAt target: SeatPath, draggedFrom origin: SeatPath
    ) -> Bool
}

extension ExchangeControllerDelegate {
    /// Every item may be caught unless the delegate says otherwise.
    public func exchangeController(_ controller: ExchangeController, canBeginTransactionAt path: SeatPath) -> Bool {
        true
    }

    /// Every item may be displaced unless the delegate says otherwise.
    public func exchangeController(
        _ controller: ExchangeController, canDisplaceItemAt target: SeatPath, draggedFrom origin: SeatPath
    ) -> Bool {
        true
    }
}

/// Runs exchange transactions: catch an item, drag it over others, then release or cancel.
///
/// A headless port of SSCollectionViewExchangeController's model. At every moment the delegate's model
/// equals the model before the catch with two items swapped: the origin and the item currently displaced.
public final class ExchangeController {
    /// The transaction's state: where the caught item came from and which item it displaces now.
    private struct Transaction {
        /// O: where the caught item was picked up.
        let origin: SeatPath
        /// D: the item currently displaced; equal to `origin` while nothing is displaced.
        var displaced: SeatPath
    }

    private weak var delegate: (any ExchangeControllerDelegate)?
    private var transaction: Transaction?

    /// True from a successful catch until release or cancel has finished its callbacks.
    public private(set) var isTransactionInProgress = false

    /// Creates a controller; the delegate is held weakly, as in the original.
    public init(delegate: any ExchangeControllerDelegate) {
        self.delegate = delegate
    }

    /// Catches the item at `path`, starting a transaction. Returns false, starting nothing, when a
    /// transaction is already under way or the delegate refuses.
    @discardableResult
    public func catchItem(at path: SeatPath) -> Bool {
        guard !isTransactionInProgress, let delegate,
            delegate.exchangeController(self, canBeginTransactionAt: path)
        else { return false }
        transaction = Transaction(origin: path, displaced: path)
        isTransactionInProgress = true
        return true
    }

    /// The caught item arrives over the item at `path` (nil: over no item). One exchange event at most.
    public func drag(over path: SeatPath?) {
        guard isTransactionInProgress, var transaction, let delegate, let path else { return }
        let origin = transaction.origin
        let displaced = transaction.displaced
        if path == displaced { return }
        if path == origin {
            // Back over the origin: put the displaced item back, and nothing else.
            delegate.exchangeController(self, didExchange: origin, with: displaced)
            transaction.displaced = origin
        } else {
            guard delegate.exchangeController(self, canDisplaceItemAt: path, draggedFrom: origin) else { return }
            if displaced != origin {
                delegate.exchangeController(self, didExchange: origin, with: displaced)
            }
            delegate.exchangeController(self, didExchange: path, with: origin)
            transaction.displaced = path
        }
        self.transaction = transaction
        delegate.exchangeControllerDidFinishExchangeEvent(self)
    }

    /// Ends the transaction where it stands; the delegate hears the final pair (displaced, origin).
    public func release() {
        guard isTransactionInProgress, let transaction else { return }
        delegate?.exchangeController(self, didFinishTransactionWith: transaction.displaced, and: transaction.origin)
        finish()
    }

    /// An interruption: restores the model as it was before the catch, then tells the delegate.
    public func cancel() {
        guard isTransactionInProgress, let transaction else { return }
        if transaction.displaced != transaction.origin {
            delegate?.exchangeController(self, didExchange: transaction.origin, with: transaction.displaced)
        }
        delegate?.exchangeControllerDidCancelTransaction(self)
        finish()
    }

    private func finish() {
        transaction = nil
        isTransactionInProgress = false
    }
}
