// The Swift blocks of Sources/Library/MVITestSupport/MVITestSupport.docc/TestingWithTestStore.md, verbatim and in order,
// compiled from this package outside, with products only. The package's DocSnippetSyncTests fails when a block is not here.
import MVICountdownTimer
import MVITestSupport
import SeededRandom
import Testing

@Test func countingAddsOneTickEvery100Milliseconds() {
    let scheduler = TestScheduler()
    let store = TestStore(TimerStore.timer(scheduler: scheduler, random: SplitMix64(seed: 7)), scheduler: scheduler)

    store.send(.setTime(minutes: 0, seconds: 10)) {
        $0.phase = .idle
        $0.value = 10
    }
    store.send(.start) { $0.phase = .countingDown }
    store.advance(by: .milliseconds(99))                          // nothing changes yet
    store.advance(by: .milliseconds(1)) { $0.elapsedTicks = 1 }
    store.send(.pause) { $0.phase = .paused }
    store.send(.pause)
    store.receive(.ignored(state: "Paused", event: "OnPause"))
    store.finish()
}
