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

@Test func theStoreStartsAtOne() {
    let scheduler = TestScheduler()
    let store = TestStore(makeStartingCounter(scheduler: scheduler), scheduler: scheduler)
    #expect(store.state.count == 1)   // the bootstrap ran when the store was made
    store.send(.increment) { $0.count = 2 }
    store.finish()
}

@Test func theBootstrapDispatchesOneIncrement() {
    let scheduler = TestScheduler()
    let counter = makeStartingCounter(scheduler: scheduler, autoInit: false)
    let store = TestStore(counter, scheduler: scheduler)
    counter.initialize()
    store.assertState { $0.count = 1 }
    store.receive(message: CounterMessage.incremented)
    store.finish()
}

// Not from the document: the proxy example above, run.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Test func followIsToldOnceBeforeTheNextRender() async {
    let proxy = ViewProxy<CounterViewModel, CounterViewEvent>(model: CounterViewModel(CounterState()))
    let renders = AsyncStream<Void>.makeStream()
    follow(proxy) { renders.continuation.yield() }
    proxy.render(CounterViewModel(CounterState(count: 1)))
    proxy.render(CounterViewModel(CounterState(count: 2)))
    renders.continuation.finish()
    var told = 0
    for await _ in renders.stream { told += 1 }
    #expect(told == 1, "tracking ends at the first change")
    #expect(proxy.model.text == "2")
    #expect(proxy.renderCount == 2)
}

let cannedQuotes = QuoteSource { topic in "A quote about \(topic)." }

@Test func fetchesTheLastTopicAfterTheDebounce() {
    let scheduler = TestScheduler()
    let store = TestStore(
        DefaultStore(
            name: "Quotes", initialState: QuoteState(), executor: QuoteExecutor(source: cannedQuotes),
            reducer: quoteReducer(), scheduler: scheduler),
        scheduler: scheduler)
    store.send(.fetch("cats"))
    store.send(.fetch("dogs"))                 // cancels the fetch about cats
    store.advance(by: .milliseconds(299))      // nothing yet: virtual time
    store.advance(by: .milliseconds(1)) { $0.quote = "A quote about dogs." }
    store.receive(message: QuoteMessage.fetched("A quote about dogs."))
    store.finish()
}

// Not from the document: the ticker above, run. Its timer and its callback API are both effects.
@Test func theTickerTicksStopsAndLoadsThroughEffects() {
    let scheduler = TestScheduler()
    let completions = Locked<[@Sendable (Int) -> Void]>([])
    let source = NumberSource { completion in
        completions.withLock { $0.append(completion) }
        return Cancellation()
    }
    let store = TestStore(
        DefaultStore(
            name: "Ticker", initialState: TickerState(), executor: TickerExecutor(source: source),
            reducer: ClosureReducer { state, message in
                var state = state
                switch message {
                case .ticked: state.ticks += 1
                case .loaded(let value): state.loaded = value
                }
                return state
            }, scheduler: scheduler),
        scheduler: scheduler)
    store.send(.start)
    store.advance(by: .seconds(1)) { $0.ticks = 1 }
    store.receive(message: TickerMessage.ticked)
    store.advance(by: .seconds(1)) { $0.ticks = 2 }
    store.receive(message: TickerMessage.ticked)
    store.send(.stop)
    store.advance(by: .seconds(5))             // stopped: no tick
    store.send(.load)
    #expect(completions.withLock { $0.count } == 1, "the load started inside run")
    completions.withLock { $0[0] }(42)
    store.advance { $0.loaded = 42 }
    store.receive(message: TickerMessage.loaded(42))
    store.finish()
}
