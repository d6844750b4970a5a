/// Runs every piece of work at once, on the calling thread.
///
/// Useful for synchronous code and simple tests. Delays are not waited for: delayed work runs
/// immediately, as Combine's `ImmediateScheduler` does. Repeating work cannot be expressed
/// without a clock and is a programming error here; use `TestScheduler` for time.
/// A store on this scheduler must only be used from one thread at a time.
public final class ImmediateScheduler: Scheduler {
    public init() {}

    public var now: Duration { .zero }

    public var isCurrent: Bool { true }

    public var isCurrentOnEveryThread: Bool { true }

    public func schedule(_ work: @escaping @Sendable () -> Void) { work() }

    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        work()
        return Cancellation()
    }

    @discardableResult
    public func schedule(
        every interval: Duration,
        startingAfter initialDelay: Duration,
        _ work: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        preconditionFailure(
            "ImmediateScheduler cannot run repeating work (every \(interval)): it has no clock. "
                + "Use TestScheduler in tests or DispatchQueueScheduler in apps.")
    }
}
