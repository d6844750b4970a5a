import MVIEssentials

/// A store's subscribers of one kind, in the order they subscribed. Confined to the store's scheduler.
///
/// A round tells the subscribers there were when it started: one added during the round is not
/// told it (a state subscriber was told the current state when it subscribed). A subscriber
/// removed during a round is marked at once and is not told again, even later in that round.
final class ObserverList<Value> {
    /// One subscriber. Touched only on the store's scheduler.
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

    /// Changed only by taking the array out and putting it back, so that no access to it spans a
    /// call, and the compiler checks exclusive access to it when it builds this module.
    private var observers: ContiguousArray<Observer> = []

    var isEmpty: Bool { observers.isEmpty }

    var count: Int { observers.count }

    /// A round: tells each subscriber there is now, and is still subscribed when its turn comes,
    /// `value`, in order. (An instance method, so that unspecialized code calls it without looking
    /// up this type's metadata.)
    func tell(_ value: Value) {
        for observer in observers where observer.isSubscribed { observer.body(value) }
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
        // A closure, not `\.onDispose`: in generic code a key path is built at run time on each call.
        return removed.map { $0.onDispose }
    }

    private func take() -> ContiguousArray<Observer> {
        var list: ContiguousArray<Observer> = []
        exchange(&list, &observers)
        return list
    }
}
