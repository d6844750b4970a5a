// The test block of Sources/Library/MVICore/MVICore.docc/GettingStarted.md, verbatim: a test
// target of its own, which sees the feature's internal types through `@testable import`.
@testable import Counter
import MVICore
import MVITestSupport
import Testing

@Test func incrementsOnlyEvenCounts() {
    let scheduler = TestScheduler()
    let store = TestStore(
        DefaultStore(
            name: "Counter", initialState: CounterState(), executor: CounterExecutor(),
            reducer: counterReducer(), scheduler: scheduler),
        scheduler: scheduler)
    store.send(.incrementIfEven) { $0.count = 1 }
    store.send(.incrementIfEven)
    store.send(.increment) { $0.count = 2 }
    store.finish()
}
