import Dispatch
import MVIEssentials

/// Runs work on a serial `DispatchQueue`: the main queue for UI stores, or a background queue.
///
/// `isCurrent` is exact: it is true only for code running on this scheduler's queue (a queue-specific
/// key is set on it), so a store on it stops the program when it is called from another thread.
public final class DispatchQueueScheduler: Scheduler {
    /// The queue work runs on.
    public let queue: DispatchQueue
    private let key = DispatchSpecificKey<ObjectIdentifier>()
    private let origin = DispatchTime.now().uptimeNanoseconds

    /// - Parameter queue: must be serial; a store's work relies on running one piece at a time.
    public init(queue: DispatchQueue) {
        self.queue = queue
        queue.setSpecific(key: key, value: ObjectIdentifier(self))
    }

    /// A scheduler on the main queue.
    public static func main() -> DispatchQueueScheduler { DispatchQueueScheduler(queue: .main) }

    /// A scheduler on a new serial background queue.
    public static func background(label: String = "mvi.background", qos: DispatchQoS = .userInitiated)
        -> DispatchQueueScheduler
    {
        DispatchQueueScheduler(queue: DispatchQueue(label: label, qos: qos))
    }

    public var now: Duration { .nanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - origin)) }

    public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == ObjectIdentifier(self) }

    public func schedule(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        let cancellation = Cancellation()
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, delay.wholeNanoseconds)))) {
            // Checked on the queue itself, so a cancel that happened before this point always wins.
            if !cancellation.isCancelled { work() }
        }
        return cancellation
    }

    @discardableResult
    public func schedule(
        every interval: Duration,
        startingAfter initialDelay: Duration,
        _ work: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        precondition(interval > .zero, "A repeating interval must be positive, got \(interval)")
        let timer = TimerSource(DispatchSource.makeTimerSource(queue: queue))
        let cancellation = Cancellation(onCancel: { timer.source.cancel() })
        timer.source.schedule(
            deadline: .now() + .nanoseconds(Int(max(0, initialDelay.wholeNanoseconds))),
            repeating: .nanoseconds(Int(interval.wholeNanoseconds)))
        timer.source.setEventHandler {
            if !cancellation.isCancelled { work() }
        }
        timer.source.resume()
        return cancellation
    }

    /// A timer source, cancelled from whichever thread cancels the timer.
    // libdispatch's sources are thread-safe; the type is not marked Sendable.
    private final class TimerSource: @unchecked Sendable {  // libdispatch's sources are thread-safe
        let source: any DispatchSourceTimer
        init(_ source: any DispatchSourceTimer) { self.source = source }
    }
}
