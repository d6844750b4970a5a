#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The descriptors one event loop watches, and the one blocking call that waits on them: `poll`.
///
/// `poll` is portable (Linux and Apple systems alike) and meets the numbers in docs/performance.md;
/// its cost grows with the number of descriptors watched, which matters only with thousands of
/// busy connections. The loop sees readiness through `ready` and never touches `pollfd` itself.
struct PollSet {
    /// What a descriptor is ready for.
    struct Readiness {
        let fd: Int32
        let readable: Bool
        let writable: Bool
        /// Hung up or in error: the next read or write says which.
        let failed: Bool
    }

    private var descriptors: [pollfd] = []
    /// Where each descriptor is in `descriptors` (-1: not watched), indexed by the descriptor: the
    /// kernel hands out the lowest free ones, so this stays as long as the most open at once, and
    /// a connection's every turn finds its slot without hashing.
    private var slots: [Int] = []
    private(set) var ready: [Readiness] = []

    /// Watches `fd` for reading and/or writing (neither: kept, but only failures wake it).
    mutating func watch(_ fd: Int32, read: Bool, write: Bool) {
        let events = Int16(read ? POLLIN : 0) | Int16(write ? POLLOUT : 0)
        let index = Int(fd)
        if index >= slots.count { slots.append(contentsOf: repeatElement(-1, count: index + 1 - slots.count)) }
        let slot = slots[index]
        if slot >= 0 {
            descriptors[slot].events = events
        } else {
            slots[index] = descriptors.count
            descriptors.append(pollfd(fd: fd, events: events, revents: 0))
        }
    }

    mutating func remove(_ fd: Int32) {
        let index = Int(fd)
        guard index < slots.count, slots[index] >= 0 else { return }
        let slot = slots[index]
        slots[index] = -1
        let last = descriptors.count - 1
        if slot != last {
            descriptors[slot] = descriptors[last]
            slots[Int(descriptors[slot].fd)] = slot
        }
        descriptors.removeLast()
    }

    /// Waits up to `milliseconds` (-1: no limit) and fills `ready`.
    mutating func wait(milliseconds: Int32) {
        ready.removeAll(keepingCapacity: true)
        let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        guard count > 0 else { return }
        let failure = Int16(POLLERR | POLLHUP | POLLNVAL)
        for descriptor in descriptors where descriptor.revents != 0 {
            ready.append(
                Readiness(
                    fd: descriptor.fd, readable: descriptor.revents & Int16(POLLIN) != 0,
                    writable: descriptor.revents & Int16(POLLOUT) != 0,
                    failed: descriptor.revents & failure != 0))
        }
    }
}
