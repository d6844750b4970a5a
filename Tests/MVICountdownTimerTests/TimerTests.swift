import Foundation
import MVICore
import MVIStateMachine
import MVITestSupport
import SeededRandom
import Testing

@testable import MVICountdownTimer

/// A timer store on virtual time, with recorded labels.
final class TimerFixture {
    let scheduler = TestScheduler()
    let store: TimerStore
    private(set) var labels: [TimerLabel] = []

    init(seed: UInt64 = 7, restoring saved: TimerState? = nil) {
        store = .timer(scheduler: scheduler, random: SplitMix64(seed: seed), restoring: saved)
        store.subscribe(labels: { [unowned self] in labels.append($0) })
    }

    var state: TimerState { store.state }

    func set(_ minutes: Int, _ seconds: Int) { store.accept(.setTime(minutes: minutes, seconds: seconds)) }
    func advance(ms: Int) { scheduler.advance(by: .milliseconds(ms)) }
}

@Suite struct TimerStoreTests {
    @Test func startsInSettingTimerWithNothingSet() {
        #expect(TimerFixture().state == TimerState(phase: .settingTimer, value: 0, elapsedTicks: 0, backgroundIndex: 1))
    }

    @Test func aLogNamesTheStoreTimerStore() {
        let lines = LoggedLines()
        let scheduler = TestScheduler()
        let store = TimerStore.timer(
            scheduler: scheduler, random: SplitMix64(seed: 7),
            factory: LoggingStoreFactory(StoreEventLogger(write: lines.append)))
        store.accept(.settingTime)
        #expect(lines.values.filter { $0.contains("] intent: ") } == ["[TimerStore #1] intent: settingTime"])
    }

    @Test func settingTheTimeGoesToIdleWithTheValue() {
        let timer = TimerFixture()
        timer.set(1, 30)
        #expect(timer.state == TimerState(phase: .idle, value: 90))
    }

    @Test func countingAddsOneTickEvery100Milliseconds() {
        let timer = TimerFixture()
        timer.set(0, 10)
        timer.store.accept(.start)
        timer.advance(ms: 99)
        #expect(timer.state.elapsedTicks == 0)
        timer.advance(ms: 1)
        #expect(timer.state.elapsedTicks == 1)
        timer.advance(ms: 2_000)
        #expect(timer.state.elapsedTicks == 21)
        #expect(timer.state.progress == 21)
    }

    @Test func pauseKeepsElapsedAndStopsTicking() {
        let timer = TimerFixture()
        timer.set(0, 10)
        timer.store.accept(.start)
        timer.advance(ms: 500)
        timer.store.accept(.pause)
        timer.advance(ms: 10_000)
        #expect(timer.state.phase == .paused)
        #expect(timer.state.elapsedTicks == 5)
        timer.store.accept(.start)
        timer.advance(ms: 100)
        #expect(timer.state.elapsedTicks == 6)
    }

    @Test func stopReturnsToIdleWithElapsedZeroAndTheValueKept() {
        let timer = TimerFixture()
        timer.set(0, 10)
        timer.store.accept(.start)
        timer.advance(ms: 700)
        timer.store.accept(.stop)
        timer.advance(ms: 1_000)
        #expect(timer.state == TimerState(phase: .idle, value: 10, elapsedTicks: 0))
        #expect(timer.scheduler.pendingCount == 0, "no tick is left scheduled")
    }

    @Test func resetClearsTheValueAndKeepsTheBackground() {
        let timer = TimerFixture(restoring: TimerState(phase: .idle, value: 30, elapsedTicks: 0, backgroundIndex: 4))
        timer.store.accept(.reset)
        #expect(timer.state == TimerState(phase: .idle, value: 0, elapsedTicks: 0, backgroundIndex: 4))
    }

    @Test func reachingTheValueRestartsWithANewBackgroundThenCountsAgainAfter3Seconds() {
        let timer = TimerFixture(seed: 42)
        timer.set(0, 1)
        timer.store.accept(.start)
        timer.advance(ms: 1_000)
        #expect(timer.state.phase == .restarting)
        #expect(timer.state.elapsedTicks == 0)
        #expect(timer.state.backgroundIndex != 1)
        timer.advance(ms: 2_999)
        #expect(timer.state.phase == .restarting)
        timer.advance(ms: 1)
        #expect(timer.state.phase == .countingDown)
    }

    @Test func theBackgroundNeverRepeatsAcrossManyRestarts() {
        let timer = TimerFixture(seed: 99)
        timer.set(0, 1)
        timer.store.accept(.start)
        var backgrounds = [timer.state.backgroundIndex]
        for _ in 0..<200 {
            timer.advance(ms: 4_000)  // one second of counting, three of restarting
            backgrounds.append(timer.state.backgroundIndex)
        }
        #expect(zip(backgrounds, backgrounds.dropFirst()).allSatisfy { $0 != $1 })
        #expect(Set(backgrounds) == Set(1...6))
    }

    @Test(arguments: [
        (60, 0, "setTime: minutes must be 0...59, got 60"), (0, 60, "setTime: seconds must be 0...59, got 60"),
        (-1, 0, "setTime: minutes must be 0...59, got -1"), (0, -5, "setTime: seconds must be 0...59, got -5"),
    ])
    func outOfRangeTimeIsRejectedNotClamped(minutes: Int, seconds: Int, message: String) {
        let timer = TimerFixture()
        timer.set(minutes, seconds)
        #expect(timer.labels == [.rejected(message)])
        #expect(timer.state == TimerState())
    }

    @Test func eventsTheTableDoesNotAllowAreIgnoredAndVisible() {
        let timer = TimerFixture()
        timer.store.accept(.pause)
        timer.set(0, 5)
        timer.store.accept(.setTime(minutes: 0, seconds: 6))
        #expect(
            timer.labels == [
                .ignored(state: "SettingTimer", event: "OnPause"), .ignored(state: "Idle", event: "OnTimerSet"),
            ])
        #expect(timer.state.value == 5)
    }

    @Test func startWithoutATimeIsRejected() {
        let timer = TimerFixture()
        timer.set(0, 0)
        timer.store.accept(.start)
        #expect(timer.labels == [.rejected("start: no time is set")])
        #expect(timer.state.phase == .idle)
    }

    @Test func disposeStopsTicking() {
        let timer = TimerFixture()
        timer.set(0, 5)
        timer.store.accept(.start)
        timer.store.dispose()
        timer.advance(ms: 10_000)
        #expect(timer.state.elapsedTicks == 0)
        #expect(timer.scheduler.pendingCount == 0)
    }

    @Test func anHourOfCountingIsExactInWholeTicks() {
        let timer = TimerFixture()
        timer.set(59, 59)
        timer.store.accept(.start)
        timer.advance(ms: 3_598_900)
        #expect(timer.state.elapsedTicks == 35_989)
        #expect(timer.state.remainingSeconds == 0)
        timer.advance(ms: 100)
        #expect(timer.state.phase == .restarting)
    }

    // MARK: Save and restore

    @Test func aSavedStateRoundTripsThroughJSON() throws {
        let state = TimerState(phase: .countingDown, value: 125, elapsedTicks: 33, backgroundIndex: 6)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(TimerState.self, from: data) == state)
    }

    @Test func aRestoredCountingTimerKeepsCounting() {
        let first = TimerFixture()
        first.set(0, 5)
        first.store.accept(.start)
        first.advance(ms: 1_200)
        let saved = first.state
        first.store.dispose()
        let second = TimerFixture(restoring: saved)
        #expect(second.state == saved)
        second.advance(ms: 300)
        #expect(second.state.elapsedTicks == 15)
    }

    @Test func aRestoredRestartingTimerCountsAfterTheDelay() {
        let timer = TimerFixture(
            restoring: TimerState(phase: .restarting, value: 2, elapsedTicks: 0, backgroundIndex: 3))
        timer.advance(ms: 2_999)
        #expect(timer.state.phase == .restarting)
        timer.advance(ms: 1)
        #expect(timer.state.phase == .countingDown)
    }

    @Test func aRestoredPausedTimerStaysPaused() {
        let timer = TimerFixture(restoring: TimerState(phase: .paused, value: 2, elapsedTicks: 4, backgroundIndex: 3))
        timer.advance(ms: 5_000)
        #expect(timer.state.elapsedTicks == 4)
        #expect(timer.scheduler.pendingCount == 0)
    }
}

@Suite struct TimerViewTests {
    @Test(arguments: [
        (0, "00:00"), (5, "00:05"), (59, "00:59"), (60, "01:00"), (3599, "59:59"), (600, "10:00"), (6000, "100:00"),
        (6059, "100:59"),
        (600_001, "10000:01"),
    ])
    func clockFormat(seconds: Int, text: String) {
        #expect(TimerMappers.clock(seconds) == text)
    }

    @Test func theModelFollowsTheReferenceRules() {
        let idle = TimerMappers.model(TimerState(phase: .idle, value: 90, elapsedTicks: 0, backgroundIndex: 2))
        #expect(
            idle
                == TimerViewModel(
                    label: "01:30", progress: 0, backgroundIndex: 2, isSettingTimer: false, isCountingDown: false,
                    isRestarting: false, isPlayPauseEnabled: true, secondButton: .reset))
        let counting = TimerMappers.model(
            TimerState(phase: .countingDown, value: 90, elapsedTicks: 451, backgroundIndex: 2))
        #expect(counting.label == "00:44")
        #expect(counting.progress == 50)
        #expect(counting.secondButton == .stop)
        let paused = TimerMappers.model(TimerState(phase: .paused, value: 90, elapsedTicks: 9, backgroundIndex: 2))
        #expect(paused.secondButton == .stop, "progress 1% is not stopped")
        let restarting = TimerMappers.model(
            TimerState(phase: .restarting, value: 90, elapsedTicks: 0, backgroundIndex: 2))
        #expect(!restarting.isPlayPauseEnabled)
        #expect(!TimerMappers.model(TimerState(phase: .idle, value: 0)).isPlayPauseEnabled)
    }

    @Test func everyViewEventMapsToItsIntent() {
        #expect(TimerMappers.intent(.setTimerTapped) == .settingTime)
        #expect(TimerMappers.intent(.timeSet(minutes: 1, seconds: 2)) == .setTime(minutes: 1, seconds: 2))
        #expect(TimerMappers.intent(.startTapped) == .start)
        #expect(TimerMappers.intent(.pauseTapped) == .pause)
        #expect(TimerMappers.intent(.stopTapped) == .stop)
        #expect(TimerMappers.intent(.resetTapped) == .reset)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theComponentBindsAProxyThatNotifiesOnEveryTick() {
        let scheduler = TestScheduler()
        let component = TimerComponent(scheduler: scheduler, random: SplitMix64(seed: 1))
        let proxy = TimerViewProxy(model: component.model)
        component.onViewCreated(proxy)
        component.onStart()
        proxy.dispatch(.timeSet(minutes: 0, seconds: 3))
        proxy.dispatch(.startTapped)
        scheduler.advance(by: .milliseconds(500))
        #expect(proxy.renderCount == 8)
        #expect(proxy.model.progress == 16)
    }
}

@Suite struct TimerRandomTests {
    /// SplitMix64's published reference outputs for seed 0, so ports can check their generator.
    @Test func splitMix64MatchesTheReferenceSequence() {
        let random = SplitMix64(seed: 0)
        #expect(
            [random.next(), random.next(), random.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
    }

    @Test func pickNeverReturnsTheCurrentIndex() {
        let random = SplitMix64(seed: 5)
        for current in 1...6 {
            for _ in 0..<50 {
                let picked = TimerBackground.pick(after: current, using: random)
                #expect(picked != current && (1...6).contains(picked))
            }
        }
    }
}

@Suite struct TimerMachineTests {
    @Test func theTableIsSound() {
        let report = TimerMachine.make().stateSpace(states: TimerPhase.allCases, events: TimerEvent.prototypes)
        #expect(report.isSound)
        #expect(report.reachable == ["SettingTimer", "Idle", "CountingDown", "Restarting", "Paused"])
        #expect(report.ignored.count == 35 - 10)
    }
}

/// The lines a logging store factory wrote (a logger may write from any thread).
final class LoggedLines: @unchecked Sendable {  // `lines` is guarded by `lock`
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var values: [String] { lock.withLock { lines } }
}
