import MVIEssentials

/// A store's subscribers of one kind, in the order they subscribed. Confined to the store's scheduler.
///
/// A value is told to the subscribers there were when it was produced (its round), so a subscriber
/// added after a value was produced, while the value waited in the store's queue, is not told it
/// (it was told the current state when it subscribed). A subscriber may add or remove subscribers
/// while it is being told: one removed is marked at once and is not told again, even later in the
/// same round.
final class ObserverList<Value> {
    /// One subscriber. Made on any thread, then touched only on the store's scheduler.
    final class Observer {
        let body: (Value) -> Void
        let onDispose: () -> Void
        private(set) var isSubscribed = true

        init(_ body: @escaping (Value) -> Void, onDispose: @escaping () -> Void = {}) {
            self.body = body
            self.onDispose = onDispose
        }

        func unsubscribe() { isSubscribed = false }
    }

    typealias Round = ContiguousArray<Observer>

    /// Changed only by taking the array out and putting it back, so that no access to it spans a
    /// call, and the compiler checks exclusive access to it when it builds this module.
    private var observers: Round = []

    /// The subscribers now: whom a value produced now is told.
    var round: Round { observers }

    var isEmpty: Bool { observers.isEmpty }

    var count: Int { observers.count }

    /// Tells each subscriber of `round` that is still subscribed `value`, in order. (An instance
    /// method, so that unspecialized code calls it without looking up this type's metadata.)
    func tell(_ value: Value, to round: Round) {
        for observer in round where observer.isSubscribed { observer.body(value) }
    }

    func add(_ observer: Observer) {
        var list = take()
        list.append(observer)
        observers = list
    }

    /// Removes `observer`, if it is still there: it is not told anything more.
    func remove(_ observer: Observer) {
        var list = take()
        if let index = list.firstIndex(where: { $0 === observer }) { list.remove(at: index).unsubscribe() }
        observers = list
    }

    /// Removes every subscriber and returns their `onDispose` callbacks, in subscription order.
    func removeAll() -> [() -> Void] {
        let removed = take()
        for observer in removed { observer.unsubscribe() }
        return removed.map(\.onDispose)
    }

    private func take() -> Round {
        var list: Round = []
        exchange(&list, &observers)
        return list
    }
}
