import Dispatch
import MVIEssentials
import Testing

@testable import MVICore

/// Each `@unchecked Sendable` left in MVICore, driven from two threads at once: CI's tsan stage
/// runs these under the thread sanitizer, which reports a race if what the comment says guards the
/// type does not. (`Locked` is MVIEssentials' and has its own, LockedTests.)
@Suite struct UncheckedSendableTests {
    /// `Confined`: handed to its queue from two threads, touched only there.
    @Test func aConfinedValueIsTouchedOnlyOnItsQueue() {
        final class Tally { var count = 0 }
        let scheduler = DispatchQueueScheduler.background(label: "confined-two-threads")
        let tally = scheduler.queue.sync { Confined(Tally(), to: scheduler) }
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<500 { tally.onScheduler { $0.count += 1 } }
        }
        #expect(scheduler.queue.sync { tally.value.count } == 1000)
    }

    /// `ImmediateScheduler`'s trampoline: work scheduled from two threads at once, every field
    /// behind its lock; each piece runs once, never two at a time.
    @Test func theTrampolineTakesWorkFromTwoThreads() {
        let scheduler = ImmediateScheduler()
        let ran = Locked((count: 0, running: 0, overlapped: false))
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<500 {
                scheduler.schedule {
                    ran.withLock {
                        $0.overlapped = $0.overlapped || $0.running > 0
                        $0.running += 1
                    }
                    ran.withLock {
                        $0.running -= 1
                        $0.count += 1
                    }
                }
            }
        }
        #expect(ran.withLock { $0.count } == 1000)
        #expect(!ran.withLock { $0.overlapped })
    }

    /// `DispatchQueueScheduler`'s timer source: a repeating timer cancelled from another thread
    /// while it ticks on its queue.
    @Test func aTimerIsCancelledFromAnotherThreadWhileItTicks() {
        let scheduler = DispatchQueueScheduler.background(label: "timer-two-threads")
        let ticked = DispatchSemaphore(value: 0)
        let ticks = Locked(0)
        let timer = scheduler.schedule(every: .milliseconds(1)) {
            ticks.withLock { $0 += 1 }
            ticked.signal()
        }
        #expect(ticked.wait(timeout: .now() + 30) == .success)
        DispatchQueue.global().sync { timer.cancel() }
        scheduler.queue.sync {}
        let counted = ticks.withLock { $0 }
        scheduler.queue.sync {}
        #expect(ticks.withLock { $0 } == counted, "no tick after the cancellation took effect on the queue")
    }

    /// `TestScheduler` knows the thread that runs its work: on another thread meanwhile it is not current.
    @Test func aTestSchedulerIsCurrentOnlyOnTheThreadThatAdvancesIt() {
        let scheduler = TestScheduler()
        let seen = Locked<[Bool]>([])
        let inside = DispatchSemaphore(value: 0)
        let checked = DispatchSemaphore(value: 0)
        scheduler.schedule {
            seen.withLock { $0.append(scheduler.isCurrent) }
            inside.signal()
            _ = checked.wait(timeout: .now() + 30)
        }
        DispatchQueue.global().async {
            _ = inside.wait(timeout: .now() + 30)
            seen.withLock { $0.append(scheduler.isCurrent) }
            checked.signal()
        }
        scheduler.advance()
        #expect(seen.withLock { $0 } == [true, false], "current on the advancing thread, not on the other")
        #expect(scheduler.isCurrent, "idle: the test's thread uses it")
    }
}
