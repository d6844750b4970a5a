import MVIEssentials

/// Runs work on the calling thread, without waiting: a trampoline.
///
/// Work submitted while no work of this scheduler is running runs at once, inside the call that
/// submitted it. Work submitted while work is running (including a store's intent, action or
/// subscription on this scheduler) is queued and runs right after the running piece, so it keeps
/// the `Scheduler` contract: one piece at a time, in the order it became due, never inside another.
///
/// Delays are not waited for: delayed work runs as soon as nothing runs, in due order (ties in the
/// order scheduled), on a virtual clock that moves to each piece's due time (`now`). Repeating work
/// cannot be expressed without waiting and is a programming error here; use `TestScheduler` for time.
/// A store on this scheduler must only be used from one thread at a time.
public final class ImmediateScheduler: Scheduler {
    private struct Queued {
        let due: Duration
        let sequence: Int
        let work: @Sendable () -> Void
        let cancellation: Cancellation?
    }

    private struct Trampoline {
        var isRunning = false
        var clock = Duration.zero
        var nextSequence = 0
        var queue: [Queued] = []
    }

    private let trampoline = Locked(Trampoline())

    public init() {}

    /// The due time of the piece of work running now (or that ran last); zero at first.
    public var now: Duration { trampoline.withLock { $0.clock } }

    public var isCurrent: Bool { true }

    public var isCurrentOnEveryThread: Bool { true }

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

    /// Runs `body` now as one piece of this scheduler's work: work it submits runs after it
    /// returns, not inside it. Inside running work, `body` simply runs (it is part of that piece).
    /// A store on this scheduler runs its intents, actions and subscriptions through it.
    @usableFromInline
    package func perform(_ body: () -> Void) {
        let outermost = trampoline.withLock { state -> Bool in
            if state.isRunning { return false }
            state.isRunning = true
            return true
        }
        body()
        if outermost { drain() }
    }

    private func submit(_ work: @escaping @Sendable () -> Void, delay: Duration, cancellation: Cancellation?) {
        let outermost = trampoline.withLock { state -> Bool in
            state.nextSequence += 1
            state.queue.append(
                Queued(due: state.clock + max(.zero, delay), sequence: state.nextSequence, work: work, cancellation: cancellation))
            if state.isRunning { return false }
            state.isRunning = true
            return true
        }
        if outermost { drain() }
    }

    /// Runs queued work in due order until none is left, then lets the next submission run at once.
    private func drain() {
        while let next = takeNext() {
            if next.cancellation?.isCancelled != true { next.work() }
        }
    }

    private func takeNext() -> Queued? {
        trampoline.withLock { state -> Queued? in
            guard var first = state.queue.indices.first else {
                state.isRunning = false
                return nil
            }
            for index in state.queue.indices.dropFirst() {
                let candidate = state.queue[index]
                let best = state.queue[first]
                if candidate.due < best.due || (candidate.due == best.due && candidate.sequence < best.sequence) { first = index }
            }
            let next = state.queue.remove(at: first)
            state.clock = max(state.clock, next.due)
            return next
        }
    }
}
