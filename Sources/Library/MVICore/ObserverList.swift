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
/// The list's storage is internal and touched only by this module's non-inlinable methods, which
/// never call out while they access it, so the compiler checks exclusive access to it when it builds
/// the module instead of at run time on every notification. The walk holds no generic iterator
/// either, so it needs no type metadata beyond the list's own.
@usableFromInline
final class ObserverList<Value> {
    @usableFromInline
    final class Box {
        let id: Int
        @usableFromInline let since: Int
        @usableFromInline let body: (Value) -> Void
        let onDispose: () -> Void
        var isRemoved = false

        /// Whether the subscriber is still there (read from inlined code through this call, so
        /// that the flag is checked at build time).
        @usableFromInline var isSubscribed: Bool { !isRemoved }

        init(id: Int, since: Int, body: @escaping (Value) -> Void, onDispose: @escaping () -> Void) {
            self.id = id
            self.since = since
            self.body = body
            self.onDispose = onDispose
        }
    }

    var boxes: ContiguousArray<Box> = []

    @usableFromInline
    init() {}

    /// Whether no subscriber is left.
    var isEmpty: Bool { boxes.isEmpty }

    /// The number of subscribers.
    var liveCount: Int { boxes.count }

    /// Adds a subscriber that is told values produced after event number `since`.
    @usableFromInline
    func add(id: Int, since: Int, body: @escaping (Value) -> Void, onDispose: @escaping () -> Void = {}) {
        // Taken out and put back, so that no access to `boxes` spans the append.
        var list = boxes
        boxes = []
        list.append(Box(id: id, since: since, body: body, onDispose: onDispose))
        boxes = list
    }

    /// The subscribers now: what a round walks.
    @usableFromInline
    func round() -> ContiguousArray<Box> { boxes }

    /// Tells every subscriber that subscribed before event number `sequence` the value, in order.
    @inlinable
    func notify(_ value: Value, sequence: Int) {
        // The round walks the list as it was when it started; removal marks a box at once.
        for box in round() where box.since < sequence && box.isSubscribed {
            box.body(value)
        }
    }

    /// Removes the subscriber `id`, if it is still there. It is not told anything more, even
    /// later in a round that is running now.
    func remove(id: Int) {
        // Taken out and put back, so that no access to `boxes` spans a call.
        var list = boxes
        guard let index = list.firstIndex(where: { $0.id == id }) else { return }
        boxes = []
        list[index].isRemoved = true
        list.remove(at: index)
        boxes = list
    }

    /// Removes every subscriber and returns their `onDispose` callbacks, in subscription order.
    func removeAll() -> [() -> Void] {
        let removed = boxes
        boxes = []
        for box in removed { box.isRemoved = true }
        return removed.map(\.onDispose)
    }
}
