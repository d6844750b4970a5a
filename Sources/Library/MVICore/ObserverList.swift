import MVIEssentials

/// A store's subscribers of one kind, in the order they subscribed. Confined to the store's scheduler.
///
/// A value is told to the subscribers there were when it was produced (its `round`), so a
/// subscriber added after a value was produced, while the value waited in the store's queue, is
/// not told it (it was told the current state when it subscribed). A subscriber may add or remove
/// subscribers while it is being told: one removed is marked at once and is not told again, even
/// later in the same round.
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

    /// The subscribers a value is told to.
    typealias Round = ContiguousArray<Observer>

    /// The subscribers now.
    private(set) var round: Round = []

    var isEmpty: Bool { round.isEmpty }

    var count: Int { round.count }

    func add(_ observer: Observer) { round.append(observer) }

    /// Removes `observer`, if it is still there: it is not told anything more.
    func remove(_ observer: Observer) {
        guard let index = round.firstIndex(where: { $0 === observer }) else { return }
        round.remove(at: index).unsubscribe()
    }

    /// Removes every subscriber and returns their `onDispose` callbacks, in subscription order.
    func removeAll() -> [() -> Void] {
        let removed = round
        round = []
        for observer in removed { observer.unsubscribe() }
        return removed.map(\.onDispose)
    }
}
