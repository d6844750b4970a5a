/// A store's subscribers of one kind, built so that telling them costs no reference counting.
///
/// Confined to the store's scheduler, like the rest of the store's mutable state.
///
/// Telling a subscriber is the store's hottest path: a plain array of closures would retain
/// the array's buffer and each closure's context around every call, and those atomic
/// operations cost more than the rest of an intent. Here each subscriber lives in a box that
/// the list keeps alive by hand, and `notify` calls the boxes through unretained references.
///
/// That is safe because nothing a subscriber does while being told can free a box or the
/// storage being walked:
/// - a subscriber removed during a notification (by itself, another one, or `removeAll`) is
///   only marked removed; it is not called again, even later in the same round, and its box is
///   released once the outermost notification returns;
/// - a subscriber added during a notification is not told in that round (a state subscriber was
///   told the current state when it subscribed); the storage may grow, so the walk re-reads it at
///   each step.
@usableFromInline
final class ObserverList<Value> {
    @usableFromInline
    final class Box {
        @usableFromInline let id: Int
        @usableFromInline let body: (Value) -> Void
        let onDispose: () -> Void
        @usableFromInline @exclusivity(unchecked) var isRemoved = false

        init(id: Int, body: @escaping (Value) -> Void, onDispose: @escaping () -> Void) {
            self.id = id
            self.body = body
            self.onDispose = onDispose
        }
    }

    // Each entry holds one retain of its box, taken on `add` and given back when it is dropped.
    @usableFromInline @exclusivity(unchecked) var entries: UnsafeMutablePointer<Unmanaged<Box>>
    @usableFromInline @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var capacity = 0
    /// How many notifications are walking the entries now (notifications nest when a subscriber
    /// sends the store an intent).
    @usableFromInline @exclusivity(unchecked) var walking = 0
    /// Entries marked removed during a walk, dropped when the outermost walk ends.
    @usableFromInline @exclusivity(unchecked) var removedWhileWalking = 0

    @usableFromInline
    init() {
        entries = UnsafeMutablePointer(bitPattern: MemoryLayout<Unmanaged<Box>>.alignment)!
    }

    deinit {
        for index in 0..<count { entries[index].release() }
        if capacity > 0 { entries.deallocate() }
    }

    /// Whether no subscriber is live (removed ones do not count).
    @inlinable
    var isEmpty: Bool { count == removedWhileWalking }

    /// The number of live subscribers.
    var liveCount: Int { count - removedWhileWalking }

    @usableFromInline
    func add(id: Int, body: @escaping (Value) -> Void, onDispose: @escaping () -> Void = {}) {
        if count == capacity { grow() }
        entries[count] = .passRetained(Box(id: id, body: body, onDispose: onDispose))
        count += 1
    }

    /// Tells every live subscriber `value`, in the order they subscribed.
    @inlinable @inline(__always)
    func notify(_ value: Value) {
        let end = count
        guard end > 0 else { return }
        walking &+= 1
        var index = 0
        while index < end {
            entries[index]._withUnsafeGuaranteedRef { box in
                if !box.isRemoved { box.body(value) }
            }
            index &+= 1
        }
        walking &-= 1
        if walking == 0 && removedWhileWalking > 0 { dropRemoved() }
    }

    /// Removes the subscriber `id`, if it is still there.
    func remove(id: Int) {
        guard let index = (0..<count).first(where: { entries[$0]._withUnsafeGuaranteedRef { $0.id == id && !$0.isRemoved } }) else {
            return
        }
        if walking > 0 {
            entries[index]._withUnsafeGuaranteedRef { $0.isRemoved = true }
            removedWhileWalking += 1
        } else {
            entries[index].release()
            (entries + index).moveInitialize(from: entries + index + 1, count: count - index - 1)
            count -= 1
        }
    }

    /// Removes every subscriber and returns their `onDispose` callbacks, in subscription order.
    func removeAll() -> [() -> Void] {
        var endings: [() -> Void] = []
        for index in 0..<count {
            entries[index]._withUnsafeGuaranteedRef { box in
                guard !box.isRemoved else { return }
                endings.append(box.onDispose)
                if walking > 0 {
                    box.isRemoved = true
                    removedWhileWalking += 1
                }
            }
        }
        if walking == 0 {
            for index in 0..<count { entries[index].release() }
            count = 0
        }
        return endings
    }

    @usableFromInline
    func dropRemoved() {
        var kept = 0
        for index in 0..<count {
            let entry = entries[index]
            if entry._withUnsafeGuaranteedRef({ $0.isRemoved }) {
                entry.release()
            } else {
                entries[kept] = entry
                kept += 1
            }
        }
        count = kept
        removedWhileWalking = 0
    }

    private func grow() {
        let newCapacity = max(4, capacity * 2)
        let newEntries = UnsafeMutablePointer<Unmanaged<Box>>.allocate(capacity: newCapacity)
        newEntries.moveInitialize(from: entries, count: count)
        if capacity > 0 { entries.deallocate() }
        entries = newEntries
        capacity = newCapacity
    }
}
