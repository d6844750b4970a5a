/// Where and when a store runs its work.
///
/// The store never reads a clock or a queue directly: every hop, delay and tick goes through
/// the `Scheduler` it was given. Apps inject a `DispatchQueueScheduler`, tests and the
/// replay harness inject `TestScheduler` (in this module, re-exported by `MVITestSupport`), whose time is virtual.
///
/// Work submitted to one scheduler runs one piece at a time, in the order it became due;
/// pieces due at the same instant run in the order they were scheduled. A piece never runs
/// inside another piece of the same scheduler.
public protocol Scheduler: AnyObject, Sendable {
    /// The time elapsed since this scheduler's origin. Monotonic; virtual for a test scheduler.
    var now: Duration { get }

    /// Whether the calling code already runs in this scheduler's execution context,
    /// so that work may run inline instead of being submitted.
    var isCurrent: Bool { get }

    /// Submits work to run as soon as possible, after the work already submitted.
    func schedule(_ work: @escaping @Sendable () -> Void)

    /// Runs work once after `delay`. Cancelling the result before then means it never runs.
    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable

    /// Runs work every `interval`, the first time after `initialDelay`, until cancelled.
    @discardableResult
    func schedule(
        every interval: Duration,
        startingAfter initialDelay: Duration,
        _ work: @escaping @Sendable () -> Void
    ) -> any Cancellable
}

extension Scheduler {
    /// Runs work every `interval`, the first time one interval from now, until cancelled.
    @discardableResult
    public func schedule(every interval: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        schedule(every: interval, startingAfter: interval, work)
    }
}

extension Duration {
    /// The duration as whole nanoseconds (truncated), saturating at `Int64` bounds.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow2 { return seconds < 0 ? .min : .max }
        return sum
    }
}
