import MVIEssentials

/// A store's subscribers of one kind, in the order they subscribed.
///
/// Confined to the store's scheduler, like the rest of the store's mutable state.
///
/// The store never tells a list while it is already telling it (emissions made during a round are
/// queued by the store), but a subscriber may add or remove subscribers while it is being told:
/// - a round walks the list as it was when the round started (`for ... in` holds that array), so a
///   subscriber added during a round is not told in it (a state subscriber was told the current
///   state when it subscribed);
/// - a subscriber removed during a round is marked removed at once and is not told again, even
///   later in the same round.
///
/// Each subscriber records the store's event sequence number at the time it subscribed (`since`),
/// so that a value produced before it subscribed, but delivered later from the store's queue, does
/// not reach it.
@usableFromInline
final class ObserverList<Value> {
    @usableFromInline
    final class Box {
        let id: Int
        @usableFromInline let since: Int
        @usableFromInline let body: (Value) -> Void
        let onDispose: () -> Void
        @usableFromInline var isRemoved = false

        init(id: Int, since: Int, body: @escaping (Value) -> Void, onDispose: @escaping () -> Void) {
            self.id = id
            self.since = since
            self.body = body
            self.onDispose = onDispose
        }
    }

    @usableFromInline var boxes: ContiguousArray<Box> = []

    @usableFromInline
    init() {}

    /// Whether no subscriber is left.
    var isEmpty: Bool { boxes.isEmpty }

    /// Whether any subscriber is there.
    @inlinable var hasObservers: Bool { !boxes.isEmpty }

    /// The number of subscribers.
    var liveCount: Int { boxes.count }

    /// Adds a subscriber that is told values produced after event number `since`.
    @usableFromInline
    func add(id: Int, since: Int, body: @escaping (Value) -> Void, onDispose: @escaping () -> Void = {}) {
        boxes.append(Box(id: id, since: since, body: body, onDispose: onDispose))
    }

    /// Tells every subscriber that subscribed before event number `sequence` the value, in order.
    @inlinable
    func notify(_ value: Value, sequence: Int) {
        // The round walks the list as it was when it started; removal marks a box at once.
        for box in boxes where !box.isRemoved && box.since < sequence {
            box.body(value)
        }
    }

    /// Removes the subscriber `id`, if it is still there. It is not told anything more, even
    /// later in a round that is running now.
    func remove(id: Int) {
        guard let index = boxes.firstIndex(where: { $0.id == id }) else { return }
        boxes[index].isRemoved = true
        boxes.remove(at: index)
    }

    /// Removes every subscriber and returns their `onDispose` callbacks, in subscription order.
    func removeAll() -> [() -> Void] {
        let removed = boxes
        boxes = []
        for box in removed { box.isRemoved = true }
        return removed.map(\.onDispose)
    }
}
