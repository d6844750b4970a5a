import Foundation
import MVIEssentials

#if canImport(Glibc)
    import Glibc
    import Synchronization
#endif

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
/// The scheduler knows the thread that runs its work: while a thread advances it, `isCurrent` is
/// true on that thread only, so a store on it touched from another thread meanwhile stops the
/// program instead of racing. While nothing advances it, the thread that drives the test (which
/// may change between the `await`s of an async test) is the one that uses it, and `isCurrent` is
/// true. Advancing it from a second thread while a first one does stops the program. The queue
/// itself is lock-protected, so work may be scheduled or cancelled from anywhere.
///
/// The scheduler is also a task executor (SE-0417): the async effects of a store on it
/// (`ExecutorContext.run`) run their jobs here, as pieces of its work, only while the test advances
/// it; `clock` is its time as a `Clock`, whose `sleep` waits in virtual time.
public final class TestScheduler: Scheduler {
    /// A scheduled piece of work. Slots are reused; `generation` tells a stale handle apart.
    private struct Slot {
        var work: (@Sendable () -> Void)?
        var interval: Int64 = 0  // 0: runs once
        var generation: UInt32 = 0
        var isCancelled = false
    }

    /// A heap entry: plain integers, so reordering the heap costs no reference counting.
    private struct Entry {
        let due: Int64
        let sequence: UInt64
        let slot: Int32
        let generation: UInt32

        @inline(__always)
        func runsBefore(_ other: Entry) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    private final class Handle: Cancellable {
        let owner: TestScheduler
        let slot: Int32
        let generation: UInt32

        init(owner: TestScheduler, slot: Int32, generation: UInt32) {
            self.owner = owner
            self.slot = slot
            self.generation = generation
        }

        var isCancelled: Bool { owner.isCancelled(slot: slot, generation: generation) }

        func cancel() { owner.cancel(slot: slot, generation: generation) }
    }

    /// The queue and the clock, behind a lock. Each operation is one mutating method of `Queue`,
    /// so it pays for one exclusive access, not one per array element it touches.
    private let state: Locked<Queue>

    /// The thread that runs the scheduler's work now, if any.
    private let runner = RunnerThread()

    /// The number of async jobs waiting to run (see `Scheduler+TaskExecutor.swift`).
    let waitingJobs = Locked(0)

    /// While `endingCancelledTasks` runs: the jobs its thread enqueued, to run before it returns.
    let endingJobs = Locked<[UnownedJob]?>(nil)

    /// Keeps `job` for the running `endingCancelledTasks` when the calling thread is the one that
    /// runs it; false otherwise.
    func keepForEnding(_ job: UnownedJob) -> Bool {
        guard runner.isRunningOnCurrentThread else { return false }
        return endingJobs.withLock { jobs in
            guard jobs != nil else { return false }
            jobs?.append(job)
            return true
        }
    }

    /// - Parameter now: the virtual time to start at.
    public init(now: Duration = .zero) {
        state = Locked(Queue(nowNanoseconds: now.wholeNanoseconds))
    }

    public var now: Duration { .nanoseconds(state.withLock { $0.nowNanoseconds }) }

    /// True while no thread runs this scheduler's work, and on the thread that runs it.
    public var isCurrent: Bool { runner.isCurrentOrIdle }

    /// The number of pieces of work waiting to run (cancelled ones excluded; a repeating one counts once).
    public var pendingCount: Int { state.withLock { $0.liveCount } }

    /// How many pieces of work have run so far (each run of repeating work counts).
    public var executedCount: Int { state.withLock { $0.executed } }

    /// The due time of the next piece of work, if any.
    public var nextDueTime: Duration? {
        state.withLock { queue in
            queue.dropStaleTop()
            return queue.heap.first.map { .nanoseconds($0.due) }
        }
    }

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        _ = enqueue(work, delay: 0, interval: 0)
    }

    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        enqueue(work, delay: max(0, delay.wholeNanoseconds), interval: 0)
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
        let target = state.withLock { $0.nowNanoseconds.addingReportingOverflow(duration.wholeNanoseconds) }
        precondition(!target.overflow, "TestScheduler: advancing by \(duration) overflows virtual time")
        runDue(until: target.partialValue)
    }

    /// Moves virtual time forward to `instant`, running everything due by then, in order.
    public func advance(to instant: Duration) {
        let target = instant.wholeNanoseconds
        let current = state.withLock { $0.nowNanoseconds }
        precondition(target >= current, "TestScheduler cannot go back in time (from \(now) to \(instant))")
        runDue(until: target)
    }

    /// Runs work until none is left, moving time to each piece's due time.
    ///
    /// Repeating work never runs out, so the run stops with an error after `maxSteps` pieces:
    /// cancel the repeating work, or use `advance(by:)` to run it for a bounded time.
    public func run(maxSteps: Int = 100_000) throws(TestSchedulerError) {
        try running { () throws(TestSchedulerError) in try runAll(maxSteps: maxSteps) }
    }

    private func runAll(maxSteps: Int) throws(TestSchedulerError) {
        var steps = 0
        while true {
            if steps >= maxSteps, nextDueTime != nil {
                throw TestSchedulerError.stepLimitReached(steps: maxSteps, pending: pendingCount, now: now)
            }
            guard let work = takeNext(until: .max) else { return }
            steps += 1
            work()
        }
    }

    /// Runs `body` as the thread that runs this scheduler's work (an advance inside a piece of work
    /// nests); another thread advancing it meanwhile is a programming error.
    func running<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard let nested = runner.claim() else {
            preconditionFailure("TestScheduler advanced on \(Thread.current) while another thread advances it")
        }
        defer { if !nested { runner.release() } }
        return try body()
    }

    // MARK: - Internals

    private func enqueue(_ work: @escaping @Sendable () -> Void, delay: Int64, interval: Int64) -> Handle {
        let (slot, generation) = state.withLock { $0.enqueue(work, delay: delay, interval: interval) }
        return Handle(owner: self, slot: slot, generation: generation)
    }

    private func isCancelled(slot: Int32, generation: UInt32) -> Bool {
        state.withLock { $0.isCancelled(slot: slot, generation: generation) }
    }

    private func cancel(slot: Int32, generation: UInt32) {
        // The work is released outside the lock: what it captured may cancel more work as it goes.
        let released = state.withLock { $0.cancel(slot: slot, generation: generation) }
        withExtendedLifetime(released) {}
    }

    private func runDue(until target: Int64) {
        running {
            while let work = takeNext(until: target) {
                work()
            }
            state.withLock { $0.nowNanoseconds = max($0.nowNanoseconds, target) }
        }
    }

    private func takeNext(until target: Int64) -> (@Sendable () -> Void)? {
        state.withLock { $0.takeNext(until: target) }
    }

    /// The scheduler's queue: a 4-ary min-heap on (due, sequence) of plain integers indexing a
    /// slot table with a free list. Only touched with the lock held.
    private struct Queue {
        var heap: [Entry] = []
        var slots: [Slot] = []
        var freeSlots: [Int32] = []
        var nowNanoseconds: Int64
        var nextSequence: UInt64 = 0
        var liveCount = 0
        var executed = 0

        init(nowNanoseconds: Int64) { self.nowNanoseconds = nowNanoseconds }

        mutating func enqueue(_ work: @escaping @Sendable () -> Void, delay: Int64, interval: Int64) -> (Int32, UInt32)
        {
            let slot: Int32
            if let free = freeSlots.popLast() {
                slot = free
                slots[Int(slot)].work = work
                slots[Int(slot)].interval = interval
                slots[Int(slot)].isCancelled = false
            } else {
                slot = Int32(slots.count)
                slots.append(Slot(work: work, interval: interval))
            }
            let generation = slots[Int(slot)].generation
            let (due, overflow) = nowNanoseconds.addingReportingOverflow(delay)
            nextSequence += 1
            push(Entry(due: overflow ? .max : due, sequence: nextSequence, slot: slot, generation: generation))
            liveCount += 1
            return (slot, generation)
        }

        func isCancelled(slot: Int32, generation: UInt32) -> Bool {
            let entry = slots[Int(slot)]
            // A slot reused by later work means this handle's work is long finished.
            return entry.generation == generation ? entry.isCancelled : false
        }

        /// Marks the work cancelled and hands it back, so that what it captured (often something
        /// that holds this scheduler) is released at once; the heap entry is dropped lazily when
        /// it reaches the top.
        mutating func cancel(slot: Int32, generation: UInt32) -> (@Sendable () -> Void)? {
            let index = Int(slot)
            guard slots[index].generation == generation, !slots[index].isCancelled, let work = slots[index].work else {
                return nil
            }
            slots[index].isCancelled = true
            slots[index].work = nil
            liveCount -= 1
            return work
        }

        /// Takes the next live piece of work due at or before `target`, moves time to it, and does
        /// its bookkeeping (repeating work is rescheduled before it runs, so it may cancel itself).
        mutating func takeNext(until target: Int64) -> (@Sendable () -> Void)? {
            dropStaleTop()
            guard let top = heap.first, top.due <= target else { return nil }
            popTop()
            nowNanoseconds = max(nowNanoseconds, top.due)
            executed += 1
            let index = Int(top.slot)
            let work = slots[index].work
            let interval = slots[index].interval
            if interval > 0 {
                nextSequence += 1
                let (due, overflow) = top.due.addingReportingOverflow(interval)
                push(
                    Entry(
                        due: overflow ? .max : due, sequence: nextSequence, slot: top.slot, generation: top.generation))
            } else {
                release(slot: top.slot)
                liveCount -= 1
            }
            return work
        }

        /// Frees a slot for reuse; its generation moves on so old handles see nothing.
        mutating func release(slot: Int32) {
            let index = Int(slot)
            slots[index].work = nil
            slots[index].generation &+= 1
            freeSlots.append(slot)
        }

        /// Drops heap entries whose work was cancelled.
        mutating func dropStaleTop() {
            while let top = heap.first {
                let index = Int(top.slot)
                guard slots[index].generation == top.generation, slots[index].isCancelled else { return }
                popTop()
                release(slot: top.slot)
            }
        }

        // A 4-ary heap: half the depth of a binary heap, and a node's four children sit side by
        // side in memory, which matters with a million pending tasks.

        mutating func push(_ entry: Entry) {
            heap.append(entry)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) >> 2
                guard heap[child].runsBefore(heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        }

        mutating func popTop() {
            let last = heap.removeLast()
            guard !heap.isEmpty else { return }
            heap[0] = last
            var parent = 0
            let count = heap.count
            while true {
                let firstChild = (parent << 2) + 1
                if firstChild >= count { return }
                var smallest = firstChild
                var child = firstChild + 1
                let end = min(firstChild + 4, count)
                while child < end {
                    if heap[child].runsBefore(heap[smallest]) { smallest = child }
                    child += 1
                }
                guard heap[smallest].runsBefore(heap[parent]) else { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
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

/// The thread that runs a test scheduler's work now, if any: read on every call of a store on the
/// scheduler (`isCurrent`), so on Linux one atomic load and `pthread_self()`, no lock.
private final class RunnerThread: Sendable {
    #if canImport(Glibc)
        /// `pthread_self()` of the running thread; 0 while none runs (no thread's id is 0).
        private let thread = Atomic<UInt>(0)

        var isCurrentOrIdle: Bool {
            let running = thread.load(ordering: .acquiring)
            return running == 0 || running == pthread_self()
        }

        /// Makes the calling thread the runner: false when it was idle, true when the calling
        /// thread already runs it (a nested advance), nil when another thread does.
        func claim() -> Bool? {
            let me = pthread_self()
            let (exchanged, original) = thread.compareExchange(
                expected: 0, desired: me, ordering: .acquiringAndReleasing)
            if exchanged { return false }
            return original == me ? true : nil
        }

        func release() { thread.store(0, ordering: .releasing) }

        /// True on the thread that runs the scheduler's work now (false while none does).
        var isRunningOnCurrentThread: Bool { thread.load(ordering: .acquiring) == pthread_self() }
    #else
        private let thread = Locked<ObjectIdentifier?>(nil)

        var isCurrentOrIdle: Bool {
            let me = ObjectIdentifier(Thread.current)
            return thread.withLock { $0.map { $0 == me } ?? true }
        }

        func claim() -> Bool? {
            let me = ObjectIdentifier(Thread.current)
            return thread.withLock { running -> Bool? in
                if running == nil {
                    running = me
                    return false
                }
                return running == me ? true : nil
            }
        }

        func release() { thread.withLock { $0 = nil } }

        var isRunningOnCurrentThread: Bool {
            let me = ObjectIdentifier(Thread.current)
            return thread.withLock { $0 == me }
        }
    #endif
}
