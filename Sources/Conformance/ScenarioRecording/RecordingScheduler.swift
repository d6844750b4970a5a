import Foundation
import MVICore
import MVIEssentials

/// The scheduler a recorded feature runs on: a real scheduler (a `DispatchQueueScheduler`) whose
/// work is kept in the order the replay's virtual-time scheduler will run it, so that the recorded
/// scenario replays to the reactions the live run showed.
///
/// It keeps a virtual clock in step with the recording: delayed and repeating work is due at a
/// virtual instant (the instant it was scheduled plus its delay, without drift), fires on the real
/// queue at about that real time, and sets the virtual clock to its due instant when it runs. Inputs
/// (the recorder's lines: lifecycle calls, view events, answers) run only when nothing the replay
/// would run first is still waiting: no work submitted "as soon as possible", no delayed work that is
/// due by the real clock. Each input then gets a whole-millisecond instant before the next pending
/// delayed work, and the recorder writes the `advance` that leads to it.
final class RecordingScheduler: Scheduler {
    private struct Timed {
        let id: Int
        var due: Int64
        var sequence: Int
        /// Nanoseconds between repeats; 0 runs once.
        let interval: Int64
        let work: @Sendable () -> Void
    }

    private struct State {
        /// The recording's virtual time, in nanoseconds.
        var now: Int64 = 0
        /// The real instant of virtual time 0 (set when the component is created).
        var origin = ContinuousClock.now
        var immediatePending = 0
        var timed: [Timed] = []
        var nextID = 0
        var nextSequence = 0
    }

    private let base: any Scheduler
    private let state = Locked(State())

    /// - Parameter base: the real scheduler: a serial queue such as `DispatchQueueScheduler`.
    init(base: any Scheduler) { self.base = base }

    var now: Duration { .nanoseconds(state.withLock { $0.now }) }

    var isCurrent: Bool { base.isCurrent }

    func schedule(_ work: @escaping @Sendable () -> Void) {
        state.withLock { $0.immediatePending += 1 }
        base.schedule { [state] in
            state.withLock { $0.immediatePending -= 1 }
            work()
        }
    }

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        add(delay: delay, interval: 0, work)
    }

    @discardableResult
    func schedule(
        every interval: Duration, startingAfter initialDelay: Duration, _ work: @escaping @Sendable () -> Void
    ) -> any Cancellable {
        precondition(interval > .zero, "A repeating interval must be positive, got \(interval)")
        return add(delay: initialDelay, interval: interval.wholeNanoseconds, work)
    }

    // MARK: The recorder's side

    /// Starts virtual time 0 now (the recorder calls it as it creates the component).
    func startClock() { state.withLock { $0.origin = .now } }

    /// Real time since virtual time 0, in nanoseconds.
    private func realNanoseconds(_ state: State) -> Int64 { state.origin.duration(to: .now).wholeNanoseconds }

    /// On the queue: the whole-millisecond instant an input runs at now, or nil when work the replay
    /// would run before it is still waiting (then the caller tries again a little later).
    /// `notBefore` is the instant of the last line written.
    func inputInstant(notBefore lastLine: Int64) -> Int64? {
        state.withLock { state in
            guard state.immediatePending == 0 else { return nil }
            let real = realNanoseconds(state)
            let firstDue = state.timed.map(\.due).min()
            if let firstDue, firstDue <= real { return nil }
            var milliseconds = real / 1_000_000
            // Before the next delayed work, which has not run here and must not run before it in the replay.
            if let firstDue { milliseconds = min(milliseconds, (firstDue - 1) / 1_000_000) }
            milliseconds = max(milliseconds, lastLine, (state.now + 999_999) / 1_000_000)
            state.now = milliseconds * 1_000_000
            return milliseconds
        }
    }

    /// The latest virtual instant reached, rounded up to a whole millisecond.
    var reachedMilliseconds: Int64 { state.withLock { ($0.now + 999_999) / 1_000_000 } }

    /// Whether work submitted "as soon as possible" is still waiting.
    var isBusy: Bool { state.withLock { $0.immediatePending > 0 } }

    // MARK: Delayed work

    private func add(delay: Duration, interval: Int64, _ work: @escaping @Sendable () -> Void) -> any Cancellable {
        let (id, due) = state.withLock { state -> (Int, Int64) in
            state.nextID += 1
            state.nextSequence += 1
            let due = state.now + max(0, delay.wholeNanoseconds)
            state.timed.append(
                Timed(id: state.nextID, due: due, sequence: state.nextSequence, interval: interval, work: work))
            return (state.nextID, due)
        }
        arm(id, due: due)
        return Cancellation { [state] in state.withLock { $0.timed.removeAll { $0.id == id } } }
    }

    /// Asks the real scheduler to fire `id` at about the real time of its virtual due instant.
    private func arm(_ id: Int, due: Int64) {
        let wait = state.withLock { due - realNanoseconds($0) }
        base.schedule(after: .nanoseconds(max(0, wait))) { [weak self] in self?.fire(id) }
    }

    /// On the queue: runs `id` if it is still scheduled and nothing is due before it.
    private func fire(_ id: Int) {
        enum Verdict {
            case gone, waitForImmediate, waitForEarlier
            case run(@Sendable () -> Void, next: Int64?)
        }
        let verdict = state.withLock { state -> Verdict in
            guard let index = state.timed.firstIndex(where: { $0.id == id }) else { return .gone }
            let entry = state.timed[index]
            if state.immediatePending > 0 { return .waitForImmediate }
            let earlier = state.timed.contains {
                $0.due < entry.due || ($0.due == entry.due && $0.sequence < entry.sequence)
            }
            if earlier { return .waitForEarlier }
            state.now = max(state.now, entry.due)
            guard entry.interval > 0 else {
                state.timed.remove(at: index)
                return .run(entry.work, next: nil)
            }
            state.nextSequence += 1
            state.timed[index].due += entry.interval
            state.timed[index].sequence = state.nextSequence
            return .run(entry.work, next: state.timed[index].due)
        }
        switch verdict {
        case .gone: return
        case .waitForImmediate: base.schedule { [weak self] in self?.fire(id) }
        case .waitForEarlier: base.schedule(after: .milliseconds(1)) { [weak self] in self?.fire(id) }
        case .run(let work, let next):
            if let next { arm(id, due: next) }
            work()
        }
    }
}

/// The recording scheduler as a task executor (SE-0417), as `TestScheduler` is one for the replay:
/// an async effect's jobs run on the real queue as work submitted "as soon as possible", so an
/// input waits for them as it waits for any such work, and the recorded order is the one the replay
/// runs them in.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension RecordingScheduler: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        schedule { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
