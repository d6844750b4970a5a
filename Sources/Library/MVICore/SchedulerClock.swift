import MVIEssentials

/// A scheduler's time as a `Clock`: `now` is the scheduler's `now`, and `sleep` waits for work the
/// scheduler runs after the delay. On a `TestScheduler` a sleep therefore waits in virtual time:
/// it ends when the test advances the scheduler past its deadline, never on its own.
///
/// ```swift
/// context.run(key: "search") { send in
///     try await clock.sleep(for: .milliseconds(300))   // virtual on a TestScheduler
///     send(.searchFinished(try await dataSource.search(query)))
/// }
/// ```
///
/// Get one from the store's scheduler (`scheduler.clock`) or in an executor (`context.clock`).
/// A cancelled task's sleep ends at once with `CancellationError`, and the scheduler's timer is
/// cancelled with it.
///
/// The scheduler itself is not the clock: `Scheduler.now` is a `Duration` since the scheduler's
/// origin, and a type has one `now`, so the clock is this value over the scheduler.
public struct SchedulerClock: Clock, Sendable {
    /// A point of the scheduler's time: the duration since its origin.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The time since the scheduler's origin.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        public func duration(to other: Instant) -> Duration { other.offset - offset }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        public var description: String { "\(offset)" }
    }

    /// The scheduler whose time this is.
    public let scheduler: any Scheduler

    public init(_ scheduler: any Scheduler) { self.scheduler = scheduler }

    public var now: Instant { Instant(offset: scheduler.now) }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Waits until the scheduler's time reaches `deadline` (ends at once with `CancellationError`
    /// when the task is cancelled). `tolerance` is ignored: the scheduler is exact.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let sleeper = Sleeper()
        let delay = max(.zero, deadline.offset - scheduler.now)
        let scheduler = self.scheduler
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard sleeper.wait(continuation) else { return }
                sleeper.keep(scheduler.schedule(after: delay) { sleeper.end(throwing: nil) })
            }
        } onCancel: {
            sleeper.end(throwing: CancellationError())
        }
    }
}

extension Scheduler {
    /// This scheduler's time as a `Clock`, whose `sleep` waits for this scheduler's work (virtual
    /// time on a `TestScheduler`).
    public var clock: SchedulerClock { SchedulerClock(self) }
}

/// One sleep: its continuation, resumed once (by the timer or by cancellation), and the timer.
private final class Sleeper: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var timer: (any Cancellable)?
        /// Set once the sleep has ended (or was cancelled before it began).
        var ended: (any Error)??
    }

    private let state = Locked(State())

    /// Keeps the continuation; returns false, having resumed it, when the sleep already ended
    /// (the task was cancelled before it began to wait).
    func wait(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let ended: (any Error)?? = state.withLock { state in
            if state.ended == nil { state.continuation = continuation }
            return state.ended
        }
        guard let ended else { return true }
        if let error = ended { continuation.resume(throwing: error) } else { continuation.resume() }
        return false
    }

    /// Keeps the timer, or cancels it when the sleep already ended.
    func keep(_ timer: any Cancellable) {
        let ended = state.withLock { state in
            if state.ended == nil { state.timer = timer }
            return state.ended != nil
        }
        if ended { timer.cancel() }
    }

    /// Ends the sleep: resumes the continuation (throwing `error`, if any) and cancels the timer. Once.
    func end(throwing error: (any Error)?) {
        let taken = state.withLock { state -> (CheckedContinuation<Void, any Error>?, (any Cancellable)?)? in
            guard state.ended == nil else { return nil }
            state.ended = .some(error)
            defer {
                state.continuation = nil
                state.timer = nil
            }
            return (state.continuation, state.timer)
        }
        guard let (continuation, timer) = taken else { return }
        if error != nil { timer?.cancel() }
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
    }
}
