import MVICore
import Testing

@Suite struct TestSchedulerTests {
    @Test func nothingRunsUntilTimeAdvances() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: .milliseconds(10)) { log.append("10ms") }
        #expect(log.values.isEmpty)
        #expect(scheduler.pendingCount == 2)
        scheduler.advance()
        #expect(log.values == ["now"])
        scheduler.advance(by: .milliseconds(9))
        #expect(log.values == ["now"])
        scheduler.advance(by: .milliseconds(1))
        #expect(log.values == ["now", "10ms"])
        #expect(scheduler.now == .milliseconds(10))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func workDueAtTheSameInstantRunsInSchedulingOrder() {
        let scheduler = TestScheduler()
        let log = Recorder<Int>()
        scheduler.schedule(after: .milliseconds(5)) { log.append(3) }
        scheduler.schedule(after: .milliseconds(1)) { log.append(1) }
        for value in [4, 5, 6, 7] { scheduler.schedule(after: .milliseconds(5)) { log.append(value) } }
        scheduler.schedule(after: .milliseconds(2)) { log.append(2) }
        scheduler.advance(by: .seconds(1))
        #expect(log.values == [1, 2, 3, 4, 5, 6, 7])
    }

    /// Each piece scheduled earlier than all before it: in a queue three levels deep the newest
    /// must still come first, so it climbs more than one level of the heap.
    @Test func workScheduledEarlierThanEverythingQueuedRunsFirstHoweverLongTheQueue() {
        let scheduler = TestScheduler()
        let log = Recorder<Int>()
        for delay in (1...30).reversed() { scheduler.schedule(after: .milliseconds(delay)) { log.append(delay) } }
        #expect(scheduler.nextDueTime == .milliseconds(1))
        scheduler.advance(by: .seconds(1))
        #expect(log.values == Array(1...30))
    }

    /// Work scheduled out of due order, so that a newcomer must climb past its own parent in the
    /// 4-ary heap: the ninth piece (due at 3 ms) lands at index 8, under index 1 (due at 4 ms by
    /// then), and must still run before it.
    @Test func workScheduledOutOfDueOrderRunsInDueOrder() {
        let scheduler = TestScheduler()
        let log = Recorder<Int>()
        for delay in [1, 8, 2, 5, 10, 6, 4, 7, 3, 11, 9] {
            scheduler.schedule(after: .milliseconds(delay)) { log.append(delay) }
        }
        scheduler.advance(by: .seconds(1))
        #expect(log.values == Array(1...11))
    }

    @Test func workRunsAtItsDueTime() {
        let scheduler = TestScheduler()
        let times = Recorder<Duration>()
        scheduler.schedule(after: .milliseconds(30)) { times.append(scheduler.now) }
        scheduler.schedule(after: .milliseconds(70)) { times.append(scheduler.now) }
        scheduler.advance(by: .seconds(1))
        #expect(times.values == [.milliseconds(30), .milliseconds(70)])
        #expect(scheduler.now == .seconds(1))
    }

    /// A delay of zero, or a negative one, makes work due now: an advance that does not move time
    /// runs it, in scheduling order with work scheduled "as soon as possible".
    @Test func workScheduledAfterNoDelayOrANegativeOneIsDueNow() {
        let scheduler = TestScheduler(now: .seconds(5))
        let log = Recorder<String>()
        scheduler.schedule(after: .zero) { log.append("zero") }
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: .milliseconds(-3)) { log.append("negative") }
        #expect(scheduler.nextDueTime == .seconds(5))
        scheduler.advance()
        #expect(log.values == ["zero", "now", "negative"])
        #expect(scheduler.now == .seconds(5))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func cancelledWorkNeverRuns() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let first = scheduler.schedule(after: .milliseconds(10)) { log.append("first") }
        scheduler.schedule(after: .milliseconds(10)) { log.append("second") }
        first.cancel()
        first.cancel()
        #expect(first.isCancelled)
        #expect(scheduler.pendingCount == 1)
        scheduler.advance(by: .milliseconds(10))
        #expect(log.values == ["second"])
    }

    @Test func workCancelledByEarlierWorkAtTheSameInstantDoesNotRun() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let box = Recorder<any Cancellable>()
        scheduler.schedule(after: .milliseconds(5)) {
            log.append("canceller")
            box.values.first?.cancel()
        }
        box.append(scheduler.schedule(after: .milliseconds(5)) { log.append("victim") })
        scheduler.advance(by: .milliseconds(5))
        #expect(log.values == ["canceller"])
    }

    @Test func workScheduledWhileAdvancingRunsInTheSameAdvanceIfDue() {
        let scheduler = TestScheduler()
        let log = Recorder<Duration>()
        scheduler.schedule(after: .milliseconds(10)) {
            scheduler.schedule(after: .milliseconds(10)) { log.append(scheduler.now) }
            scheduler.schedule(after: .milliseconds(100)) { log.append(scheduler.now) }
        }
        scheduler.advance(by: .milliseconds(50))
        #expect(log.values == [.milliseconds(20)])
        #expect(scheduler.pendingCount == 1)
        scheduler.advance(by: .milliseconds(100))  // the pending work holds the scheduler: let it run
        #expect(log.values == [.milliseconds(20), .milliseconds(110)])
    }

    @Test func repeatingWorkRunsEveryIntervalUntilCancelled() {
        let scheduler = TestScheduler()
        let ticks = Recorder<Duration>()
        let timer = scheduler.schedule(every: .milliseconds(100)) { ticks.append(scheduler.now) }
        scheduler.advance(by: .milliseconds(350))
        #expect(ticks.values == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
        timer.cancel()
        scheduler.advance(by: .seconds(1))
        #expect(ticks.values.count == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func repeatingWorkHonoursItsInitialDelay() {
        let scheduler = TestScheduler()
        let ticks = Recorder<Duration>()
        let timer = scheduler.schedule(every: .milliseconds(100), startingAfter: .zero) { ticks.append(scheduler.now) }
        scheduler.advance(by: .milliseconds(200))
        #expect(ticks.values == [.zero, .milliseconds(100), .milliseconds(200)])
        timer.cancel()  // the timer holds the scheduler; cancelling releases it at once
        #expect(scheduler.pendingCount == 0)
    }

    @Test func repeatingWorkCanCancelItselfFromInside() {
        let scheduler = TestScheduler()
        let ticks = Recorder<Int>()
        let handle = Recorder<any Cancellable>()
        handle.append(
            scheduler.schedule(every: .milliseconds(10)) {
                ticks.append(ticks.values.count + 1)
                if ticks.values.count == 3 { handle.values[0].cancel() }
            })
        scheduler.advance(by: .seconds(1))
        #expect(ticks.values == [1, 2, 3])
    }

    /// Work due past the end of virtual time (its due time overflows Int64 nanoseconds) waits at
    /// the end of time, whether scheduled so far ahead or a repetition that would land beyond it:
    /// no advance short of that instant runs it.
    @Test func workDueBeyondTheEndOfVirtualTimeWaitsAtItsEnd() {
        let scheduler = TestScheduler(now: .seconds(1))
        let log = Recorder<String>()
        let handle = Recorder<any Cancellable>()
        scheduler.schedule(after: .seconds(Int64.max)) { log.append("far") }
        handle.append(
            scheduler.schedule(every: .seconds(Int64.max), startingAfter: .zero) {
                log.append("tick at \(scheduler.now)")
                if log.values.count == 3 { handle.values[0].cancel() }  // bounds a wrong scheduler
            })
        scheduler.advance(by: .seconds(3600))
        #expect(log.values == ["tick at 1.0 seconds"])
        #expect(scheduler.now == .seconds(3601))
        #expect(scheduler.nextDueTime == .nanoseconds(Int64.max))
        #expect(scheduler.pendingCount == 2)
        handle.values[0].cancel()  // the repeating work holds the scheduler: let both go
    }

    /// A delay one nanosecond past the last one Int64 counts (2^63 ns: whole seconds that fit, and
    /// a fraction that does not) saturates at the end of virtual time, like any longer one.
    @Test func aDelayJustPastTheLastNanosecondWaitsAtTheEndOfTime() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        scheduler.schedule(after: .seconds(9_223_372_036) + .nanoseconds(854_775_808)) { log.append("far") }
        scheduler.advance(by: .seconds(3600))
        #expect(log.values.isEmpty)
        #expect(scheduler.nextDueTime == .nanoseconds(Int64.max))
        // The same one past the other end is a negative delay, due now.
        scheduler.schedule(after: .seconds(-9_223_372_036) - .nanoseconds(854_775_809)) { log.append("now") }
        scheduler.advance()
        #expect(log.values == ["now"])
    }

    /// A negative delay whose whole seconds alone hold more nanoseconds than an Int64 is due now,
    /// like any negative delay.
    @Test func aDelayFarBeforeTheFirstNanosecondIsDueNow() {
        let scheduler = TestScheduler(now: .seconds(5))
        let log = Recorder<String>()
        scheduler.schedule(after: .seconds(-10_000_000_000)) { log.append("now") }
        #expect(scheduler.nextDueTime == .seconds(5))
        scheduler.advance()
        #expect(log.values == ["now"])
    }

    /// Repeating work needs a positive interval: zero (it would repeat without time moving) or a
    /// negative one stops the program with the message.
    @Test func aRepeatingIntervalThatIsNotPositiveStopsTheProgram() async {
        let zero = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().schedule(every: .zero, startingAfter: .zero) {}
        }
        let negative = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            TestScheduler().schedule(every: .nanoseconds(-1), startingAfter: .zero) {}
        }
        for result in [zero, negative] {
            let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(stderr.contains("TestScheduler: a repeating interval must be positive"))
        }
    }

    /// Virtual time ends at Int64.max nanoseconds: advancing past it stops the program with the
    /// message, rather than wrapping around to the past.
    @Test func advancingPastTheEndOfVirtualTimeStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler()
            scheduler.advance(by: .nanoseconds(1))
            scheduler.advance(by: .nanoseconds(Int64.max))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("TestScheduler: advancing by 9223372036.854776 seconds overflows virtual time"))
    }

    /// `advance(to:)` an instant before now stops the program with the message naming both.
    @Test func advancingToAnInstantBeforeNowStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler()
            scheduler.advance(by: .seconds(2))
            scheduler.advance(to: .seconds(1))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("TestScheduler cannot go back in time (from 2.0 seconds to 1.0 seconds)"))
    }

    /// The shortest interval, one nanosecond, is a positive one: the work repeats every nanosecond.
    @Test func repeatingWorkMayRunEveryNanosecond() {
        let scheduler = TestScheduler()
        let ticks = Recorder<Duration>()
        let timer = scheduler.schedule(every: .nanoseconds(1)) { ticks.append(scheduler.now) }
        scheduler.advance(by: .nanoseconds(3))
        timer.cancel()
        #expect(ticks.values == [.nanoseconds(1), .nanoseconds(2), .nanoseconds(3)])
    }

    /// One virtual hour of a 100 ms timer: 36,000 ticks, in virtual time (its speed is a benchmark figure).
    @Test func oneVirtualHourOfTicksRunsEveryTick() {
        let scheduler = TestScheduler()
        let ticks = Recorder<Duration>()
        let timer = scheduler.schedule(every: .milliseconds(100)) { ticks.append(scheduler.now) }
        scheduler.advance(by: .seconds(3600))
        timer.cancel()
        #expect(ticks.values.count == 36_000)
        #expect(ticks.values.last == .seconds(3600))
        #expect(scheduler.now == .seconds(3600))
        #expect(scheduler.executedCount == 36_000)
    }

    @Test func advanceToMovesToAnAbsoluteInstant() {
        let scheduler = TestScheduler(now: .seconds(10))
        let log = Recorder<Duration>()
        scheduler.schedule(after: .seconds(5)) { log.append(scheduler.now) }
        scheduler.advance(to: .seconds(14))
        #expect(log.values.isEmpty)
        scheduler.advance(to: .seconds(15))
        #expect(log.values == [.seconds(15)])
    }

    @Test func runRunsEverythingUntilIdle() throws {
        let scheduler = TestScheduler()
        let log = Recorder<Duration>()
        scheduler.schedule(after: .seconds(3)) { log.append(scheduler.now) }
        scheduler.schedule(after: .seconds(1)) {
            log.append(scheduler.now)
            scheduler.schedule(after: .seconds(5)) { log.append(scheduler.now) }
        }
        try scheduler.run()
        #expect(log.values == [.seconds(1), .seconds(3), .seconds(6)])
        #expect(scheduler.now == .seconds(6))
    }

    @Test func runStopsWithAClearErrorOnEndlessRepeatingWork() {
        let scheduler = TestScheduler()
        scheduler.schedule(every: .milliseconds(100)) {}
        #expect(throws: TestSchedulerError.stepLimitReached(steps: 50, pending: 1, now: .milliseconds(5000))) {
            try scheduler.run(maxSteps: 50)
        }
        let message = TestSchedulerError.stepLimitReached(steps: 50, pending: 1, now: .seconds(5)).description
        #expect(message.contains("repeating work never runs out"))
        #expect(scheduler.pendingCount == 1, "the timer is still there after the guard stops the run")
    }

    /// A limit of zero or below runs nothing while work is pending: the error at once. (A negative
    /// limit once meant no limit at all, and a run of repeating work that never ended.)
    @Test func aLimitOfZeroOrBelowRunsNothing() {
        for limit in [0, -1] {
            let scheduler = TestScheduler()
            let ran = Recorder<Int>()
            scheduler.schedule { ran.append(1) }
            #expect(throws: TestSchedulerError.stepLimitReached(steps: limit, pending: 1, now: .zero)) {
                try scheduler.run(maxSteps: limit)
            }
            #expect(ran.values.isEmpty, "limit \(limit)")
        }
    }

    /// The default limit: 100,000 pieces, then the error, however long the repeating work would go on.
    @Test func runStopsAfterAHundredThousandStepsByDefault() {
        let scheduler = TestScheduler()
        let timer = scheduler.schedule(every: .milliseconds(1)) {}
        let stop = scheduler.schedule(after: .seconds(150)) { timer.cancel() }
        // The pending work holds the timer's handle, which holds the scheduler: cancelled at the end,
        // so that no cycle outlives the test.
        defer {
            stop.cancel()
            timer.cancel()
        }
        #expect(throws: TestSchedulerError.stepLimitReached(steps: 100_000, pending: 2, now: .seconds(100))) {
            try scheduler.run()
        }
    }

    @Test func cancelledWorkIsReleasedAtOnce() {
        final class Captured: Sendable {}
        let scheduler = TestScheduler()
        weak var weakCaptured: Captured?
        let handle: any Cancellable
        do {
            let captured = Captured()
            weakCaptured = captured
            handle = scheduler.schedule(after: .seconds(1)) { withExtendedLifetime(captured) {} }
        }
        #expect(weakCaptured != nil, "pending work keeps what it captured")
        handle.cancel()
        #expect(weakCaptured == nil, "cancelled work is dropped before its time comes")
        #expect(handle.isCancelled)
        #expect(scheduler.pendingCount == 0)
    }

    /// A slot freed by work that ran is reused by later work under a new generation: the old
    /// handle's cancel is too late and must not reach the newcomer.
    @Test func aHandleOfFinishedWorkDoesNotCancelTheWorkThatReusedItsSlot() {
        let scheduler = TestScheduler()
        let log = Recorder<String>()
        let first = scheduler.schedule(after: .milliseconds(1)) { log.append("first") }
        scheduler.advance(by: .milliseconds(1))
        let second = scheduler.schedule(after: .milliseconds(1)) { log.append("second") }
        first.cancel()
        #expect(!first.isCancelled)
        #expect(!second.isCancelled)
        #expect(scheduler.pendingCount == 1)
        scheduler.advance(by: .milliseconds(1))
        #expect(log.values == ["first", "second"])
    }

    /// The handle of work that ran tells of that work only: cancelling the work that reused its
    /// slot does not make it read as cancelled.
    @Test func aHandleOfFinishedWorkIsNotCancelledWithTheWorkThatReusedItsSlot() {
        let scheduler = TestScheduler()
        let first = scheduler.schedule(after: .milliseconds(1)) {}
        scheduler.advance(by: .milliseconds(1))
        let second = scheduler.schedule(after: .milliseconds(1)) {}
        second.cancel()
        #expect(second.isCancelled)
        #expect(!first.isCancelled)
    }

    @Test func nextDueTimeSkipsCancelledWork() {
        let scheduler = TestScheduler()
        let early = scheduler.schedule(after: .milliseconds(1)) {}
        scheduler.schedule(after: .milliseconds(2)) {}
        early.cancel()
        #expect(scheduler.nextDueTime == .milliseconds(2))
    }
}
