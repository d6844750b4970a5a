import Dispatch
import MVICore
import MVITestSupport
import Testing

/// What subscribers see when they subscribe, cancel or dispose while the store is telling them
/// a new state, and how long the store's parts live.
@Suite struct SubscriberTests {
    @Test func aSubscriberThatCancelsItselfIsNotToldAgain() {
        let (store, _) = makeCounterStore()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        var subscription: (any Cancellable)?
        subscription = store.subscribe(states: { state in
            first.append(state.count)
            if state.count == 1 { subscription?.cancel() }
        })
        store.subscribe(states: { second.append($0.count) })
        store.accept(.increment)
        store.accept(.increment)
        #expect(first.values == [0, 1])
        #expect(second.values == [0, 1, 2], "the others are still told, in the same round too")
        #expect(store.stateObserverCount == 1)
    }

    @Test func aSubscriberCancelledByAnEarlierOneIsNotToldInThatRound() {
        let (store, _) = makeCounterStore()
        let later = Recorder<Int>()
        var laterSubscription: (any Cancellable)?
        store.subscribe(states: { state in
            if state.count == 1 { laterSubscription?.cancel() }
        })
        laterSubscription = store.subscribe(states: { later.append($0.count) })
        store.accept(.increment)
        store.accept(.increment)
        #expect(later.values == [0], "cancelled before its turn came: never told 1")
        #expect(store.stateObserverCount == 1)
    }

    @Test func aSubscriberAddedDuringARoundIsToldTheCurrentStateOnce() {
        let (store, _) = makeCounterStore()
        let added = Recorder<Int>()
        store.subscribe(states: { [weak store] state in
            if state.count == 1 { store?.subscribe(states: { added.append($0.count) }) }
        })
        store.accept(.increment)
        #expect(added.values == [1], "its own replay, and not the round it was added in as well")
        store.accept(.increment)
        #expect(added.values == [1, 2])
        #expect(store.stateObserverCount == 2)
    }

    @Test func disposingFromASubscriberEndsTheRoundAndEndsEverySubscriptionOnce() {
        let (store, _) = makeCounterStore()
        let told = Recorder<String>()
        let ended = Recorder<String>()
        store.subscribe(
            states: { [weak store] state in
                told.append("a\(state.count)")
                if state.count == 1 { store?.dispose() }
            }, onDispose: { ended.append("a") })
        store.subscribe(states: { told.append("b\($0.count)") }, onDispose: { ended.append("b") })
        store.subscribe(labels: { _ in }, onDispose: { ended.append("labels") })
        store.accept(.increment)
        store.accept(.increment)
        #expect(told.values == ["a0", "b0", "a1"], "b is not told 1: the store was disposed first")
        #expect(ended.values == ["a", "b", "labels"])
        #expect(store.stateObserverCount == 0)
    }

    @Test func cancellingInTheRoundOfAQueuedIntentIsSafe() {
        // The first subscriber sends an intent while being told 1: it is handled after that round,
        // and the round it causes (state 2) cancels a later subscriber before its turn.
        let (store, _) = makeCounterStore()
        let middle = Recorder<Int>()
        var cancelled: (any Cancellable)?
        store.subscribe(states: { [weak store] state in
            if state.count == 1 { store?.accept(.increment) }
            if state.count == 2 { cancelled?.cancel() }
        })
        cancelled = store.subscribe(states: { middle.append($0.count) })
        let last = Recorder<Int>()
        store.subscribe(states: { last.append($0.count) })
        store.accept(.increment)
        #expect(middle.values == [0, 1], "told 1 in its round; cancelled in the next before its turn")
        #expect(last.values == [0, 1, 2], "every state, in the order the store produced them")
        #expect(store.state.count == 2)
        #expect(store.stateObserverCount == 2)
    }

    @Test func manySubscribersAreToldInTheOrderTheySubscribed() {
        let (store, _) = makeCounterStore()
        let order = Recorder<Int>()
        let subscriptions = (0..<40).map { index in
            store.subscribe(states: { if $0.count == 1 { order.append(index) } })
        }
        for (index, subscription) in subscriptions.enumerated() where index % 3 == 0 { subscription.cancel() }
        store.accept(.increment)
        #expect(order.values == (0..<40).filter { $0 % 3 != 0 })
        #expect(store.stateObserverCount == 26)
    }

    /// `ImmediateScheduler` and `TestScheduler` count every thread as theirs; a dispatch queue
    /// only its own, so a store on it hops calls made elsewhere.
    @Test func schedulersSayWhereTheyRun() {
        let queue = DispatchQueueScheduler.background(label: "where-test")
        let schedulers: [any Scheduler] = [ImmediateScheduler(), TestScheduler(), queue]
        let elsewhere = DispatchQueue(label: "elsewhere").sync { schedulers.map(\.isCurrent) }
        #expect(elsewhere == [true, true, false])
        #expect(queue.queue.sync { queue.isCurrent })
    }
}

@Suite struct LifetimeTests {
    @Test func releasingAStoreFreesItsExecutor() {
        weak var weakExecutor: CounterExecutor?
        let scheduler = TestScheduler()
        do {
            let (store, executor) = makeCounterStore(scheduler: scheduler, bootstrapper: SimpleBootstrapper(.boot))
            weakExecutor = executor
            store.subscribe(states: { _ in })
            store.accept(.increment)
            store.accept(.load(3))  // leaves a request in flight, answered never
        }
        scheduler.advance()
        #expect(weakExecutor == nil, "no cycle through the executor's context keeps the store alive")
    }

    /// A disposed store lets go of its event observers (told `disposed` last, then dropped),
    /// whether it is disposed between rounds or from inside one: what they captured is released
    /// while the store itself is still kept.
    @Test(arguments: [false, true])
    func aDisposedStoreReleasesItsEventObservers(fromInsideARound: Bool) {
        let (store, _) = makeCounterStore()
        let observerIsKept = eventObserverKeepingAnObject(of: store)
        #expect(observerIsKept(), "an event observer keeps what it captured")
        if fromInsideARound {
            store.subscribe(states: { [weak store] state in if state.count == 1 { store?.dispose() } })
            store.accept(.increment)
        } else {
            store.dispose()
        }
        #expect(!observerIsKept(), "dropped with the disposal, not kept until the store goes")
        withExtendedLifetime(store) {}
    }

    /// A store disposed before it is initialized stays inert: initializing it attaches nothing and
    /// starts nothing, so no cycle through the executor's context keeps it alive.
    @Test func initializingADisposedStoreLeavesNothingBehind() {
        weak var weakExecutor: CounterExecutor?
        do {
            let (store, executor) = makeCounterStore(bootstrapper: SimpleBootstrapper(.boot), autoInit: false)
            weakExecutor = executor
            store.dispose()
            store.initialize()
            #expect(executor.actions.isEmpty)
        }
        #expect(weakExecutor == nil)
    }

    @Test func aContextThatOutlivesItsStoreDoesNothingAndKeepsTheLastState() {
        var (store, executor): (CounterStore?, CounterExecutor) = makeCounterStore()
        weak let weakStore: CounterStore? = store
        store?.accept(.increment)
        store?.accept(.increment)
        let context = executor.context!
        store = nil
        #expect(weakStore == nil)
        #expect(context.isDisposed)
        context.dispatch(.incremented)
        context.publish(.shouted("late"))
        context.forward(.boot)
        #expect(context.state.count == 2)
        #expect(executor.actions.isEmpty, "a forward after disposal reaches nothing")
    }

    @Test func theContextReachesTheStore() {
        final class Shorthand: Executor {
            typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, CounterLabel>
            private(set) var seenStates: [Int] = []
            func executeIntent(_ intent: CounterIntent, _ context: Context) {
                switch intent {
                case .increment: context.dispatch(.incremented)
                case .shout(let text): context.publish(.shouted(text))
                case .forwardToAction: context.forward(.loadFromAction(9))
                case .load: break
                }
                seenStates.append(context.state.count)
            }
            func executeAction(_ action: CounterAction, _ context: Context) {
                if case .loadFromAction(let value) = action { context.dispatch(.loaded(value)) }
            }
        }
        let executor = Shorthand()
        let store = CounterStore(
            name: "S", initialState: CounterState(), executor: executor, reducer: counterReducer(),
            scheduler: ImmediateScheduler())
        let labels = Recorder<CounterLabel>()
        store.subscribe(labels: labels.append)
        store.accept(.increment)
        store.accept(.forwardToAction)
        store.accept(.shout("hi"))
        #expect(store.state.count == 9)
        #expect(labels.values == [.shouted("hi")])
        #expect(executor.seenStates == [1, 9, 9])
    }
}
