import MVICore
import MVITestSupport

/// The one scheduler every store of the demo runs on, and the time it keeps.
///
/// It is a `TestScheduler` moved forward by the demo's loop on the loop's thread: to the wall
/// clock's elapsed time before each frame, or, with virtual time, by a second each time `^T`
/// is pressed. Work that other threads hand back (HTTP answers, images) is queued on it and runs
/// at the loop's next turn, so every store, view and screen is touched by one thread only.
final class DemoClock {
    let scheduler = TestScheduler()
    let isVirtual: Bool
    private let start = ContinuousClock.now

    init(isVirtual: Bool) { self.isVirtual = isVirtual }

    /// Runs the work that is due: at the wall clock's time, or at the virtual time as it stands.
    func catchUp() {
        if isVirtual {
            scheduler.advance()
        } else {
            scheduler.advance(to: max(scheduler.now, ContinuousClock.now - start))
        }
    }

    /// With virtual time: moves it on by `step` and runs what falls due.
    func advance(by step: Duration) {
        guard isVirtual else { return }
        scheduler.advance(by: step)
    }

    /// How long the loop may wait for input before it must run due work again. Answers from other
    /// threads are picked up at most this late.
    var wait: Duration {
        let poll = Duration.milliseconds(40)
        guard !isVirtual, let due = scheduler.nextDueTime else { return poll }
        return min(poll, max(.zero, due - scheduler.now))
    }

    /// `virtual time 0:05`, or nil when time is the wall clock's.
    var label: String? {
        guard isVirtual else { return nil }
        let seconds = Int(scheduler.now.components.seconds)
        return "virtual time \(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)   ^T +1s"
    }
}
