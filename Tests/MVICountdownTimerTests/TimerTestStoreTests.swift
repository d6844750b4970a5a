import MVIStateMachine
import MVITestSupport
import SeededRandom
import Testing

@testable import MVICountdownTimer

/// Timer behaviours written with `TestStore`: every state change and label asserted, in order,
/// and no tick left scheduled at the end.
@Suite struct TimerTestStoreTests {
    private let scheduler = TestScheduler()

    private func makeStore(seed: UInt64 = 7, restoring saved: TimerState? = nil) -> TestStore<
        TimerIntent, TimerState, TimerLabel
    > {
        TestStore(
            TimerStore.timer(scheduler: scheduler, random: SplitMix64(seed: seed), restoring: saved),
            scheduler: scheduler)
    }

    private func startTenSeconds(_ store: TestStore<TimerIntent, TimerState, TimerLabel>) {
        store.send(.setTime(minutes: 0, seconds: 10)) {
            $0.phase = .idle
            $0.value = 10
        }
        store.send(.start) { $0.phase = .countingDown }
    }

    @Test func countingAddsOneTickEvery100MillisecondsUntilStopped() {
        let store = makeStore()
        startTenSeconds(store)
        store.advance(by: .milliseconds(99))
        store.advance(by: .milliseconds(1)) { $0.elapsedTicks = 1 }
        store.advance(by: .seconds(2)) { $0.elapsedTicks = 21 }
        store.send(.stop) {
            $0.phase = .idle
            $0.elapsedTicks = 0
        }
        store.finish()
    }

    @Test func pauseKeepsTheElapsedTicksAndStopsTicking() {
        let store = makeStore()
        startTenSeconds(store)
        store.advance(by: .milliseconds(500)) { $0.elapsedTicks = 5 }
        store.send(.pause) { $0.phase = .paused }
        store.advance(by: .seconds(10))
        store.finish()
    }

    @Test func outOfRangeTimeIsRejectedWithALabelAndNoChange() {
        let store = makeStore()
        store.send(.setTime(minutes: 60, seconds: 0))
        store.receive(.rejected("setTime: minutes must be 0...59, got 60"))
        store.send(.setTime(minutes: 0, seconds: -5))
        store.receive(.rejected("setTime: seconds must be 0...59, got -5"))
        store.finish()
    }

    @Test func eventsTheTableDoesNotAllowAreIgnoredWithALabel() {
        let store = makeStore()
        store.send(.pause)
        store.receive(.ignored(state: "SettingTimer", event: "OnPause"))
        store.send(.setTime(minutes: 0, seconds: 5)) {
            $0.phase = .idle
            $0.value = 5
        }
        store.send(.setTime(minutes: 0, seconds: 6))
        store.receive(.ignored(state: "Idle", event: "OnTimerSet"))
        store.finish()
    }

    @Test func aRestoredRestartingTimerCountsAfterTheDelay() {
        let store = makeStore(restoring: TimerState(phase: .restarting, value: 2, elapsedTicks: 0, backgroundIndex: 3))
        store.advance(by: .milliseconds(2_999))
        store.advance(by: .milliseconds(1)) { $0.phase = .countingDown }
        store.send(.stop) { $0.phase = .idle }
        store.finish()
    }

    /// The README's example, kept compiling and passing.
    @Test func theReadmeExample() {
        let store = makeStore()
        store.send(.setTime(minutes: 0, seconds: 10)) {
            $0.phase = .idle
            $0.value = 10
        }
        store.send(.start) { $0.phase = .countingDown }
        store.advance(by: .milliseconds(300)) { $0.elapsedTicks = 3 }
        store.send(.pause) { $0.phase = .paused }
        store.send(.pause)
        store.receive(.ignored(state: "Paused", event: "OnPause"))
        store.finish()
    }

    @Test func aWrongAssertionNamesThePhase() {
        let store = makeStore()
        store.send(.setTime(minutes: 0, seconds: 10)) {
            $0.phase = .idle
            $0.value = 10
        }
        withKnownIssue {
            store.send(.start) { $0.phase = .paused }
        } matching: { issue in
            issue.description.hasPrefix(
                "Caught error: send(start) left a state other than the one asserted (TimerState):\n  .phase: expected paused, actual countingDown"
            )
        }
        store.send(.stop) { $0.phase = .idle }
        store.finish()
    }
}
