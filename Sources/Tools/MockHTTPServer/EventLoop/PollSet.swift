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
    private var slots: [Int32: Int] = [:]
    private(set) var ready: [Readiness] = []

    /// Watches `fd` for reading and/or writing (neither: kept, but only failures wake it).
    mutating func watch(_ fd: Int32, read: Bool, write: Bool) {
        let events = Int16(read ? POLLIN : 0) | Int16(write ? POLLOUT : 0)
        if let slot = slots[fd] {
            descriptors[slot].events = events
        } else {
            slots[fd] = descriptors.count
            descriptors.append(pollfd(fd: fd, events: events, revents: 0))
        }
    }

    mutating func remove(_ fd: Int32) {
        guard let slot = slots.removeValue(forKey: fd) else { return }
        let last = descriptors.count - 1
        if slot != last {
            descriptors[slot] = descriptors[last]
            slots[descriptors[slot].fd] = slot
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
