import Foundation
import MVICore

/// A scheduler with virtual time, for tests and replays: nothing runs until you advance it.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let store = makeStore(scheduler: scheduler)
/// scheduler.advance(by: .milliseconds(100))   // runs exactly what is due by then, in order
/// ```
/// Work due at the same instant runs in the order it was scheduled (ordered by due time,
/// then by sequence). Cancelled work never runs. Work scheduled while advancing runs in the
/// same advance if it is due by its end. Time only moves forward.
///
/// `isCurrent` is always true: a virtual-time world is driven from one thread, the test's.
/// The queue itself is lock-protected, so work may be scheduled or cancelled from anywhere.
public final class TestScheduler: Scheduler, @unchecked Sendable {
    private final class Task {
        let work: @Sendable () -> Void
        let interval: Int64?
        var isCancelled = false

        init(work: @escaping @Sendable () -> Void, interval: Int64?) {
            self.work = work
            self.interval = interval
        }
    }

    private struct Entry {
        let due: Int64
        let sequence: UInt64
        let task: Task

        func runsBefore(_ other: Entry) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    // Task is only touched under the scheduler's lock.
    private final class Handle: Cancellable, @unchecked Sendable {
        let task: Task
        let owner: TestScheduler

        init(task: Task, owner: TestScheduler) {
            self.task = task
            self.owner = owner
        }

        var isCancelled: Bool { owner.lock.withLock { task.isCancelled } }

        func cancel() { owner.cancel(task) }
    }

    private let lock = NSLock()
    private var heap: [Entry] = []
    private var nowNanoseconds: Int64
    private var nextSequence: UInt64 = 0
    private var liveCount = 0
    private var executed = 0

    /// - Parameter now: the virtual time to start at.
    public init(now: Duration = .zero) {
        nowNanoseconds = now.wholeNanoseconds
    }

    public var now: Duration { .nanoseconds(lock.withLock { nowNanoseconds }) }

    public var isCurrent: Bool { true }

    /// The number of pieces of work waiting to run (cancelled ones excluded; a repeating one counts once).
    public var pendingCount: Int { lock.withLock { liveCount } }

    /// How many pieces of work have run so far (each run of repeating work counts).
    public var executedCount: Int { lock.withLock { executed } }

    /// The due time of the next piece of work, if any.
    public var nextDueTime: Duration? {
        lock.withLock {
            dropCancelledTop()
            return heap.first.map { .nanoseconds($0.due) }
        }
    }

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        _ = enqueue(work, delay: 0, interval: nil)
    }

    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        enqueue(work, delay: max(0, delay.wholeNanoseconds), interval: nil)
    }

    @discardableResult
    public func schedule(
        every interval: Duration,
        startingAfter initialDelay: Duration,
        _ work: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        let step = interval.wholeNanoseconds
        precondition(step > 0, "TestScheduler: a repeating interval must be positive, got \(interval)")
        return enqueue(work, delay: max(0, initialDelay.wholeNanoseconds), interval: step)
    }

    /// Runs everything due now (work scheduled "as soon as possible" included), without moving time.
    public func advance() {
        advance(by: .zero)
    }

    /// Moves virtual time forward by `duration`, running everything due by then, in order.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "TestScheduler cannot go back in time (advance by \(duration))")
        let target = lock.withLock { nowNanoseconds.addingReportingOverflow(duration.wholeNanoseconds) }
        precondition(!target.overflow, "TestScheduler: advancing by \(duration) overflows virtual time")
        runDue(until: target.partialValue)
    }

    /// Moves virtual time forward to `instant`, running everything due by then, in order.
    public func advance(to instant: Duration) {
        let target = instant.wholeNanoseconds
        let current = lock.withLock { nowNanoseconds }
        precondition(target >= current, "TestScheduler cannot go back in time (from \(now) to \(instant))")
        runDue(until: target)
    }

    /// Runs work until none is left, moving time to each piece's due time.
    ///
    /// Repeating work never runs out, so the run stops with an error after `maxSteps` pieces:
    /// cancel the repeating work, or use `advance(by:)` to run it for a bounded time.
    public func run(maxSteps: Int = 100_000) throws(TestSchedulerError) {
        var steps = 0
        while true {
            if steps == maxSteps, nextDueTime != nil {
                throw TestSchedulerError.stepLimitReached(steps: maxSteps, pending: pendingCount, now: now)
            }
            guard let entry = popNext(until: .max) else { return }
            steps += 1
            execute(entry)
        }
    }

    // MARK: - Internals

    private func enqueue(_ work: @escaping @Sendable () -> Void, delay: Int64, interval: Int64?) -> Handle {
        let task = Task(work: work, interval: interval)
        lock.withLock {
            let (due, overflow) = nowNanoseconds.addingReportingOverflow(delay)
            nextSequence += 1
            push(task, due: overflow ? .max : due, sequence: nextSequence)
            liveCount += 1
        }
        return Handle(task: task, owner: self)
    }

    private func cancel(_ task: Task) {
        lock.withLock {
            guard !task.isCancelled else { return }
            task.isCancelled = true
            // Counted out once; the entry itself is dropped lazily when it reaches the top.
            liveCount -= 1
        }
    }

    private func runDue(until target: Int64) {
        while let entry = popNext(until: target) {
            execute(entry)
        }
        lock.withLock { nowNanoseconds = max(nowNanoseconds, target) }
    }

    /// Pops the next live entry due at or before `target` and moves time to it.
    private func popNext(until target: Int64) -> Entry? {
        lock.withLock {
            dropCancelledTop()
            guard let top = heap.first, top.due <= target else { return nil }
            popTop()
            nowNanoseconds = max(nowNanoseconds, top.due)
            return top
        }
    }

    private func execute(_ entry: Entry) {
        let task = entry.task
        lock.withLock {
            executed += 1
            if let interval = task.interval {
                // Rescheduled before running, so a cancel from inside the work is honoured.
                nextSequence += 1
                let (due, overflow) = entry.due.addingReportingOverflow(interval)
                push(task, due: overflow ? .max : due, sequence: nextSequence)
            } else {
                liveCount -= 1
            }
        }
        task.work()
    }

    private func dropCancelledTop() {
        while let top = heap.first, top.task.isCancelled { popTop() }
    }

    // Binary min-heap on (due, sequence). Called with the lock held.

    private func push(_ task: Task, due: Int64, sequence: UInt64) {
        heap.append(Entry(due: due, sequence: sequence, task: task))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].runsBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < count, heap[left].runsBefore(heap[first]) { first = left }
            if right < count, heap[right].runsBefore(heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}

/// Why `TestScheduler.run()` stopped before the queue was empty.
public enum TestSchedulerError: Error, Equatable, CustomStringConvertible {
    case stepLimitReached(steps: Int, pending: Int, now: Duration)

    public var description: String {
        switch self {
        case .stepLimitReached(let steps, let pending, let now):
            "TestScheduler.run() ran \(steps) pieces of work and \(pending) are still pending at \(now): "
                + "repeating work never runs out. Cancel it, or use advance(by:) to run it for a bounded time."
        }
    }
}
