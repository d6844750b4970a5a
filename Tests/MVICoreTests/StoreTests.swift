import Dispatch
import MVICore
import MVITestSupport
import Testing

@Suite struct StoreTests {
    @Test func newStateSubscriberGetsTheCurrentStateAtOnce() {
        let (store, _) = makeCounterStore()
        store.accept(.increment)
        store.accept(.increment)
        let states = Recorder<CounterState>()
        store.subscribe(states: states.append)
        #expect(states.values == [CounterState(count: 2)])
        store.accept(.increment)
        #expect(states.values == [CounterState(count: 2), CounterState(count: 3)])
    }

    @Test func eventsComeInOrderWithNameAndSequence() {
        let events = Recorder<String>()
        let (store, _) = makeCounterStore(
            bootstrapper: SimpleBootstrapper(.boot), eventObserver: { events.append($0.description) })
        store.accept(.increment)
        store.accept(.shout("hi"))
        store.dispose()
        #expect(
            events.values == [
                "[Counter #1] action: boot",
                "[Counter #2] intent: increment",
                "[Counter #3] message: incremented",
                "[Counter #4] state: CounterState(count: 1)",
                "[Counter #5] intent: shout(\"hi\")",
                "[Counter #6] label: shouted(\"hi\")",
                "[Counter #7] disposed",
            ])
    }

    @Test func loggerWritesOneLinePerEvent() {
        let lines = Recorder<String>()
        let logger = StoreEventLogger(write: lines.append)
        let (store, _) = makeCounterStore()
        store.subscribe(events: { logger.log($0) })
        store.accept(.increment)
        #expect(
            lines.values == [
                "[Counter #1] intent: increment", "[Counter #2] message: incremented",
                "[Counter #3] state: CounterState(count: 1)",
            ])
    }

    @Test func bootstrapperActionsAreDispatchedOnceAtInit() {
        let (store, executor) = makeCounterStore(bootstrapper: SimpleBootstrapper(.boot, .loadFromAction(5)))
        #expect(executor.actions == [.boot, .loadFromAction(5)])
        #expect(store.state.count == 5)
        store.accept(.increment)
        #expect(executor.actions == [.boot, .loadFromAction(5)])
    }

    @Test func storeWithoutAutoInitWaitsForInitialize() {
        let (store, executor) = makeCounterStore(bootstrapper: SimpleBootstrapper(.boot), autoInit: false)
        #expect(executor.actions.isEmpty)
        store.initialize()
        #expect(executor.actions == [.boot])
    }

    @Test func initializingTwiceStopsTheProgramWithTheMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (store, _) = makeCounterStore(autoInit: false)
            store.initialize()
            store.initialize()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Store 'Counter' is already initialized"))
    }

    @Test func executorCanForwardActions() {
        let (store, executor) = makeCounterStore()
        store.accept(.forwardToAction)
        #expect(executor.actions == [.loadFromAction(7)])
        #expect(store.state.count == 7)
    }

    @Test func labelsGoToSubscribersAndAreNotReplayed() {
        let (store, _) = makeCounterStore()
        store.accept(.shout("early"))
        let labels = Recorder<CounterLabel>()
        let subscription = store.subscribe(labels: labels.append)
        store.accept(.shout("late"))
        subscription.cancel()
        store.accept(.shout("after cancel"))
        #expect(labels.values == [.shouted("late")])
    }

    @Test func cancelledStateSubscriptionGetsNothingMore() {
        let (store, _) = makeCounterStore()
        let states = Recorder<Int>()
        let subscription = store.subscribe(states: { states.append($0.count) })
        store.accept(.increment)
        subscription.cancel()
        store.accept(.increment)
        #expect(states.values == [0, 1])
        #expect(store.stateObserverCount == 0)
    }

    @Test func asynchronousResultsComeBackThroughTheScheduler() {
        let scheduler = TestScheduler()
        let source = FakeSource()
        let (store, _) = makeCounterStore(scheduler: scheduler, source: source)
        store.accept(.load(42))
        #expect(source.requests.count == 1)
        source.requests[0].complete(42)
        #expect(store.state.count == 0, "the result is delivered on the scheduler, not inline")
        scheduler.advance()
        #expect(store.state.count == 42)
    }

    @Test func disposeIgnoresLaterIntentsAndEmitsNothing() {
        let (store, _) = makeCounterStore()
        let states = Recorder<Int>()
        let labels = Recorder<CounterLabel>()
        store.subscribe(states: { states.append($0.count) })
        store.subscribe(labels: labels.append)
        #expect(!store.isDisposed)
        store.dispose()
        #expect(store.isDisposed)
        store.accept(.increment)
        store.accept(.shout("x"))
        #expect(states.values == [0])
        #expect(labels.values.isEmpty)
        #expect(store.state.count == 0)
        store.dispose()  // idempotent
    }

    @Test func disposeCancelsInFlightWorkAndDropsLateResults() {
        let scheduler = TestScheduler()
        let source = FakeSource()
        let (store, _) = makeCounterStore(scheduler: scheduler, source: source)
        let states = Recorder<Int>()
        store.subscribe(states: { states.append($0.count) })
        store.accept(.load(1))
        store.accept(.load(2))
        store.dispose()
        #expect(source.requests.map(\.token.isCancelled) == [true, true])
        // A source that ignores cancellation and answers anyway changes nothing.
        source.requests[0].complete(1)
        scheduler.advance()
        #expect(states.values == [0])
    }

    /// A timer the executor starts as an effect (a tick every second, a delay of five) is
    /// cancelled with the store: nothing of the store's is left on the scheduler.
    @Test func disposeCancelsTheEffectsTimers() {
        final class Ticking: Executor {
            typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, CounterLabel>
            func executeIntent(_ intent: CounterIntent, _ context: Context) {
                let clock = context.clock
                context.run { send in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        send(.incremented)
                    }
                }
                context.run { send in
                    try await clock.sleep(for: .seconds(5))
                    send(.incremented)
                }
            }
        }
        let scheduler = TestScheduler()
        let store = CounterStore(
            name: "Ticking", initialState: CounterState(), executor: Ticking(), reducer: counterReducer(),
            scheduler: scheduler)
        store.accept(.increment)
        scheduler.advance(by: .seconds(2))
        #expect(store.state.count == 2)
        #expect(scheduler.pendingCount == 2)
        store.dispose()
        scheduler.advance()  // the cancelled effects end
        #expect(scheduler.pendingCount == 0, "the store's timers are cancelled, not left to fire into nothing")
    }

    @Test func releasingTheStoreDisposesItEvenWhileSubscribed() {
        let source = FakeSource()
        var (store, _): (CounterStore?, CounterExecutor) = makeCounterStore(source: source)
        store?.accept(.load(1))
        let states = Recorder<Int>()
        let subscription = store?.subscribe(states: { states.append($0.count) })
        store = nil
        #expect(source.requests.map(\.token.isCancelled) == [true], "the load in flight is cancelled")
        source.requests[0].complete(5)
        #expect(states.values == [0], "nothing is emitted after the release")
        subscription?.cancel()
    }

    /// The core keeps itself for the release of the last reference; that release lets it go,
    /// initialized or not, and the executor with it.
    @Test func aReleasedStoreLetsItsCoreGoInitializedOrNot() {
        for autoInit in [false, true] {
            weak var executor: CounterExecutor?
            do {
                let (store, made) = makeCounterStore(autoInit: autoInit)
                executor = made
                #expect(store.isDisposed == false)
            }
            #expect(executor == nil, "autoInit: \(autoInit)")
        }
    }

    @Test func subscribingAfterDisposeGetsNothing() {
        let (store, _) = makeCounterStore()
        store.dispose()
        let states = Recorder<Int>()
        store.subscribe(states: { states.append($0.count) })
        #expect(states.values.isEmpty)
    }

    /// Subject: a real dispatch queue. A store made and used on its queue runs its executor there.
    @Test func aStoreMadeAndUsedOnItsQueueRunsThere() {
        let scheduler = DispatchQueueScheduler.background(label: "store-test")
        let onScheduler = scheduler.queue.sync {
            let (store, executor) = makeCounterStore(scheduler: scheduler)
            for _ in 0..<100 { store.accept(.increment) }
            #expect(store.state.count == 100)
            return executor.executedOnScheduler
        }
        #expect(onScheduler.count == 100)
        #expect(onScheduler.allSatisfy { $0 })
    }

    /// A store is made on its scheduler: made anywhere else, it stops the program, naming the store,
    /// the call and the thread (release builds too).
    @Test func makingAStoreOffItsSchedulerStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = makeCounterStore(scheduler: DispatchQueueScheduler.background(label: "off-test"))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Store 'Counter': init called on "), "\(stderr)")
        #expect(stderr.contains("off the store's scheduler; a store is made and used on its scheduler"))
    }

    /// A store reached off its scheduler (here through a box the compiler cannot see into) stops the
    /// program at the first call, in release builds too, instead of racing with the scheduler.
    @Test func acceptingOffTheSchedulerStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            storeOnAnotherQueue().accept(.increment)
        }
        expectOffScheduler(result, call: "accept(_:)")
    }

    @Test func readingTheStateOffTheSchedulerStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = storeOnAnotherQueue().state
        }
        expectOffScheduler(result, call: "state")
    }

    @Test func readingIsDisposedOffTheSchedulerStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = storeOnAnotherQueue().isDisposed
        }
        expectOffScheduler(result, call: "isDisposed")
    }

    @Test func disposingOffTheSchedulerStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            storeOnAnotherQueue().dispose()
        }
        expectOffScheduler(result, call: "dispose()")
    }

    /// Subject: a real dispatch queue. A subscription cancelled on another thread ends on the queue:
    /// the subscriber is told nothing after the queue has run the cancellation.
    @Test func aSubscriptionCancelledOnAnotherThreadEndsOnTheQueue() {
        let scheduler = DispatchQueueScheduler.background(label: "store-cancel-test")
        let seen = Recorder<Int>()
        let (store, subscription) = scheduler.queue.sync {
            let (store, _) = makeCounterStore(scheduler: scheduler)
            return (Smuggled(store), store.subscribe(states: { seen.append($0.count) }))
        }
        subscription.cancel()  // the test's thread: handed to the queue
        scheduler.queue.sync { store.value.accept(.increment) }
        #expect(seen.values == [0])
        scheduler.queue.sync { withExtendedLifetime(store) {} }
    }

    /// Subject: a real dispatch queue. The release of a store's last reference on another thread
    /// disposes it on its queue: its subscribers' `onDispose` runs there.
    @Test func releasingAStoreOnAnotherThreadDisposesItOnItsQueue() {
        let scheduler = DispatchQueueScheduler.background(label: "store-release-test")
        let disposedOnQueue = Recorder<Bool>()
        var store: Smuggled<CounterStore>? = scheduler.queue.sync {
            let (store, _) = makeCounterStore(scheduler: scheduler)
            store.subscribe(states: { _ in }, onDispose: { disposedOnQueue.append(scheduler.isCurrent) })
            return Smuggled(store)
        }
        #expect(store != nil)
        store = nil  // the last reference, released on the test's thread
        scheduler.queue.sync {}
        #expect(disposedOnQueue.values == [true])
    }

    /// Disposing a store lets its bootstrapper go, even while the store itself is still held.
    @Test func disposingAStoreReleasesItsBootstrapper() {
        var bootstrapper: SimpleBootstrapper<CounterAction>? = SimpleBootstrapper(.boot)
        weak let released = bootstrapper
        let (store, _) = makeCounterStore(bootstrapper: bootstrapper)
        bootstrapper = nil
        #expect(released != nil, "the live store holds it")
        store.dispose()
        #expect(released == nil)
        withExtendedLifetime(store) {}
    }
}

@Suite struct CancellationTests {
    @Test func cancellationRunsItsHandlerOnce() {
        let calls = Recorder<Int>()
        let cancellation = Cancellation { calls.append(1) }
        cancellation.cancel()
        cancellation.cancel()
        #expect(calls.values == [1])
        #expect(cancellation.isCancelled)
    }
}

@Suite struct SourceTests {
    @Test func mapFilterAndCompactMapTransformValues() {
        let view = CounterView()
        let values = Recorder<String>()
        let subscription = view.events
            .filter { $0 != "skip" }
            .compactMap { Int($0) }
            .map { "#\($0)" }
            .subscribe(values.append)
        for event in ["1", "skip", "x", "2"] { view.dispatch(event) }
        subscription.cancel()
        view.dispatch("3")
        #expect(values.values == ["#1", "#2"])
    }
}

/// A store made on a background queue, smuggled out to the caller's thread.
private func storeOnAnotherQueue() -> CounterStore {
    let scheduler = DispatchQueueScheduler.background(label: "off-test")
    return scheduler.queue.sync { Smuggled(makeCounterStore(scheduler: scheduler).0) }.value
}

private func expectOffScheduler(_ result: ExitTest.Result?, call: String) {
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("Store 'Counter': \(call) called on thread"), "\(stderr)")
    #expect(stderr.contains("off the store's scheduler"))
}
