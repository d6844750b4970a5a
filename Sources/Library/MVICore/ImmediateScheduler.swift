import Foundation
import MVIEssentials

/// Runs work on the calling thread, without waiting: a trampoline.
///
/// Work submitted while no work of this scheduler is running runs at once, inside the call that
/// submitted it. Work submitted while work is running is queued and runs right after the running
/// piece, so it keeps
/// the `Scheduler` contract: one piece at a time, in the order it became due, never inside another.
///
/// Delays are not waited for: delayed work runs as soon as nothing runs, in due order (ties in the
/// order scheduled), on a virtual clock that moves to each piece's due time (`now`). Repeating work
/// cannot be expressed without waiting and is a programming error here; use `TestScheduler` for time.
/// `isCurrent` is true on every thread: a store on this scheduler must only be used from one
/// thread at a time.
public final class ImmediateScheduler: Scheduler {
    private struct Queued {
        let due: Duration
        let work: @Sendable () -> Void
        let cancellation: Cancellation?
    }

    /// The trampoline's state. Its fields are private to this file and touched only with `lock`
    /// held, by non-inlinable methods that call nothing while they access them, so the compiler
    /// proves their exclusivity when it builds the module (no run-time check per intent).
    private final class Trampoline: @unchecked Sendable {  // every field is touched only with `lock` held
        let lock = NSLock()
        var isRunning = false
        var clock = Duration.zero
        var queue: [Queued] = []

        /// Marks the trampoline running; returns whether it was idle (the caller then drains it).
        func enter() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if isRunning { return false }
            isRunning = true
            return true
        }

        /// Queues work; returns whether the trampoline was idle (the caller then drains it).
        func enqueue(_ work: @escaping @Sendable () -> Void, delay: Duration, cancellation: Cancellation?) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            let item = Queued(due: clock + max(.zero, delay), work: work, cancellation: cancellation)
            // Taken out and put back, so that no access to `queue` spans the append.
            var items = queue
            queue = []
            items.append(item)
            queue = items
            if isRunning { return false }
            isRunning = true
            return true
        }

        /// The next piece in due order, or nil when none is left (the trampoline is then idle).
        func takeNext() -> Queued? {
            lock.lock()
            defer { lock.unlock() }
            if queue.isEmpty {
                isRunning = false
                return nil
            }
            var items = queue
            queue = []
            var first = 0
            for index in items.indices.dropFirst() {
                let candidate = items[index]
                let best = items[first]
                // The queue keeps the order work was queued in, so the first of equal due times
                // stays the best: work due together runs in the order it was scheduled.
                if candidate.due < best.due {
                    first = index
                }
            }
            let next = items.remove(at: first)
            queue = items
            clock = max(clock, next.due)
            return next
        }

        var now: Duration {
            lock.lock()
            defer { lock.unlock() }
            return clock
        }
    }

    private let trampoline = Trampoline()

    public init() {}

    /// The due time of the piece of work running now (or that ran last); zero at first.
    public var now: Duration { trampoline.now }

    public var isCurrent: Bool { true }

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        submit(work, delay: .zero, cancellation: nil)
    }

    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        let cancellation = Cancellation()
        submit(work, delay: delay, cancellation: cancellation)
        return cancellation
    }

    @discardableResult
    public func schedule(
        every interval: Duration,
        startingAfter initialDelay: Duration,
        _ work: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        preconditionFailure(
            "ImmediateScheduler cannot run repeating work (every \(interval)): it does not wait. "
                + "Use TestScheduler in tests or DispatchQueueScheduler in apps.")
    }

    private func submit(_ work: @escaping @Sendable () -> Void, delay: Duration, cancellation: Cancellation?) {
        if trampoline.enqueue(work, delay: delay, cancellation: cancellation) { drain() }
    }

    /// Runs queued work in due order until none is left, then lets the next submission run at once.
    private func drain() {
        while let next = trampoline.takeNext() {
            if next.cancellation?.isCancelled != true { next.work() }
        }
    }
}
