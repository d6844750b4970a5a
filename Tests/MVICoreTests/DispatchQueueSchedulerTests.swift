import Dispatch
import MVICore
import Testing

/// Subject: real dispatch queues, so these wait on wall time, with generous timeouts.
@Suite struct DispatchQueueSchedulerTests {
    @Test func isCurrentOnlyOnItsOwnQueue() {
        let scheduler = DispatchQueueScheduler.background(label: "current-test")
        let other = DispatchQueueScheduler.background(label: "other-test")
        #expect(!scheduler.isCurrent)
        #expect(scheduler.queue.sync { scheduler.isCurrent })
        #expect(!other.queue.sync { scheduler.isCurrent })
    }

    /// `now` counts from the scheduler's creation: read at once, it is at most the wall time
    /// since just before the scheduler was made.
    @Test func nowCountsFromTheSchedulersCreation() {
        let before = DispatchTime.now().uptimeNanoseconds
        let scheduler = DispatchQueueScheduler.background(label: "now-test")
        let now = scheduler.now
        let elapsed = DispatchTime.now().uptimeNanoseconds - before
        #expect(now >= .zero)
        #expect(now <= .nanoseconds(Int64(elapsed)), "\(now) read \(elapsed) ns after the creation began")
    }

    @Test func runsDelayedWorkOnItsQueue() {
        let scheduler = DispatchQueueScheduler.background(label: "delay-test")
        let ran = DispatchSemaphore(value: 0)
        let onQueue = Recorder<Bool>()
        scheduler.schedule(after: .milliseconds(5)) {
            onQueue.append(scheduler.isCurrent)
            ran.signal()
        }
        #expect(ran.wait(timeout: .now() + 30) == .success)
        #expect(onQueue.values == [true])
    }

    /// Delayed work waits at least its delay on the wall clock (later is allowed, as libdispatch
    /// promises no more; earlier is a fault).
    @Test func delayedWorkWaitsAtLeastItsDelay() {
        let scheduler = DispatchQueueScheduler.background(label: "delay-test")
        let ran = DispatchSemaphore(value: 0)
        let clock = ContinuousClock()
        let start = clock.now
        let waited = Locked<Duration?>(nil)
        scheduler.schedule(after: .milliseconds(200)) {
            waited.withLock { $0 = clock.now - start }
            ran.signal()
        }
        #expect(ran.wait(timeout: .now() + 30) == .success)
        let elapsed = waited.withLock { $0 }
        #expect(elapsed.map { $0 >= .milliseconds(200) } == true, "ran after \(String(describing: elapsed))")
    }

    @Test func cancelledDelayedWorkNeverRuns() {
        let scheduler = DispatchQueueScheduler.background(label: "cancel-test")
        let log = Recorder<String>()
        // Hold the queue so the cancel surely happens before the work is due to run.
        let gate = DispatchSemaphore(value: 0)
        scheduler.schedule { gate.wait() }
        let work = scheduler.schedule(after: .zero) { log.append("cancelled work ran") }
        work.cancel()
        gate.signal()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: .milliseconds(20)) { done.signal() }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(log.values.isEmpty)
    }

    /// Repeating work needs a positive interval, as on TestScheduler: zero or a negative one stops
    /// the program with the message before a timer is made.
    @Test func aRepeatingIntervalThatIsNotPositiveStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DispatchQueueScheduler.background(label: "zero-interval").schedule(every: .zero, startingAfter: .zero) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("A repeating interval must be positive, got 0.0 seconds"))
    }

    @Test func repeatingWorkStopsWhenCancelled() {
        let scheduler = DispatchQueueScheduler.background(label: "repeat-test")
        let ticks = Recorder<Int>()
        let third = DispatchSemaphore(value: 0)
        let timer = scheduler.schedule(every: .milliseconds(2)) {
            ticks.append(1)
            if ticks.values.count == 3 { third.signal() }
        }
        #expect(third.wait(timeout: .now() + 30) == .success)
        // Cancelled on the queue, so no tick runs meanwhile: however late the test's thread gets
        // here, the count at the cancel is the last one.
        let counted = scheduler.queue.sync {
            timer.cancel()
            return ticks.values.count
        }
        #expect(counted >= 3)
        let settled = DispatchSemaphore(value: 0)
        scheduler.schedule(after: .milliseconds(30)) { settled.signal() }
        #expect(settled.wait(timeout: .now() + 30) == .success)
        #expect(ticks.values.count == counted)
    }
}

/// A value confined to a scheduler is made and read there only; `Confined` checks both, in release
/// builds too.
@Suite struct ConfinedTests {
    @Test func aConfinedValueIsReadOnItsQueue() {
        let scheduler = DispatchQueueScheduler.background(label: "confined")
        let confined = scheduler.queue.sync { Confined([1, 2], to: scheduler) }
        #expect(scheduler.queue.sync { confined.value } == [1, 2])
        let seen = Recorder<Bool>()
        confined.onScheduler { _ in seen.append(scheduler.isCurrent) }  // from the test's thread: handed over
        scheduler.queue.sync {}
        #expect(seen.values == [true])
    }

    @Test func makingAConfinedValueOffItsSchedulerStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = Confined("x", to: DispatchQueueScheduler.background(label: "elsewhere"))
        }
    }

    @Test func readingAConfinedValueOffItsSchedulerStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let scheduler = DispatchQueueScheduler.background(label: "confined-read")
            let confined = scheduler.queue.sync { Confined("x", to: scheduler) }
            _ = confined.value
        }
    }

    @Test func onASchedulerOfEveryThreadItIsReadEverywhere() {
        let confined = Confined("x", to: ImmediateScheduler())
        #expect(confined.value == "x")
    }
}
