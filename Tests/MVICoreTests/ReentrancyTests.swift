import MVICore
import MVITestSupport
import Testing

/// Intents and emissions made while subscribers are being told, or while the executor runs, are
/// queued and handled after the current round, in order: every subscriber sees the states in the
/// order the store produced them and ends on `store.state`.
@Suite struct ReentrancyTests {
    /// Records every event's sequence number and kind (with the state's count or the label's text).
    final class EventLog {
        private(set) var entries: [(sequence: Int, kind: String)] = []
        func record(_ event: CounterStore.Event) {
            let detail: String =
                switch event.kind {
                case .state(let state): "state \(state.count)"
                case .label(.shouted(let text)): "label \(text)"
                default: event.kindName
                }
            entries.append((event.sequence, detail))
        }
        var kinds: [String] { entries.map(\.kind) }
        var sequences: [Int] { entries.map(\.sequence) }
    }

    @Test func anIntentFromAStateSubscriberIsHandledAfterTheRound() {
        let log = EventLog()
        let (store, _) = makeCounterStore(eventObserver: log.record)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let third = Recorder<Int>()
        store.subscribe(states: { first.append($0.count) })
        store.subscribe(states: { [weak store] state in
            second.append(state.count)
            if state.count == 1 { store?.accept(.increment) }
        })
        store.subscribe(states: { third.append($0.count) })
        store.accept(.increment)
        for seen in [first, second, third] { #expect(seen.values == [0, 1, 2]) }
        #expect(store.state.count == 2)
        #expect(log.kinds == ["intent", "message", "state 1", "intent", "message", "state 2"])
        #expect(log.sequences == Array(1...6))
    }

    @Test func anIntentFromALabelSubscriberIsHandledAfterTheRound() {
        let log = EventLog()
        let (store, _) = makeCounterStore(eventObserver: log.record)
        let early = Recorder<CounterLabel>()
        let late = Recorder<CounterLabel>()
        let states = Recorder<Int>()
        store.subscribe(states: { states.append($0.count) })
        store.subscribe(labels: { [weak store] label in
            early.append(label)
            if label == .shouted("a") {
                store?.accept(.shout("b"))
                store?.accept(.increment)
            }
        })
        store.subscribe(labels: { late.append($0) })
        store.accept(.shout("a"))
        #expect(early.values == [.shouted("a"), .shouted("b")])
        #expect(late.values == [.shouted("a"), .shouted("b")], "told a in a's round, before b")
        #expect(states.values == [0, 1])
        #expect(log.kinds == ["intent", "label a", "intent", "label b", "intent", "message", "state 1"])
        #expect(log.sequences == Array(1...7))
    }

    @Test func anIntentSentWhileTheExecutorPublishesWaitsUntilTheExecutorReturns() {
        let executor = ProbeExecutor()
        let store = CounterStore(
            name: "Probe", initialState: CounterState(), executor: executor, reducer: counterReducer(),
            scheduler: ImmediateScheduler())
        let states = Recorder<Int>()
        store.subscribe(states: { states.append($0.count) })
        store.subscribe(labels: { [weak store] _ in store?.accept(.increment) })
        store.accept(.shout("go"))
        #expect(executor.log == ["begin shout", "end shout", "begin increment", "end increment"])
        #expect(executor.deepest == 1, "the executor is never re-entered")
        #expect(states.values == [0, 1, 2], "the shout's own dispatch first, then the queued intent's")
        #expect(store.state.count == 2)
    }

    @Test func anIntentFromAnEventObserverKeepsEveryObserverInProductionOrder() {
        let (store, _) = makeCounterStore()
        let first = EventLog()
        let second = EventLog()
        store.subscribe(events: { [weak store] event in
            first.record(event)
            if case .state(let state) = event.kind, state.count == 1 { store?.accept(.increment) }
        })
        store.subscribe(events: second.record)
        let states = Recorder<Int>()
        store.subscribe(states: { states.append($0.count) })
        store.accept(.increment)
        let expected = ["intent", "message", "state 1", "intent", "message", "state 2"]
        #expect(first.kinds == expected)
        #expect(second.kinds == expected)
        #expect(first.sequences == Array(1...6) && second.sequences == Array(1...6))
        #expect(states.values == [0, 1, 2])
    }

    @Test func anIntentFromASubscriberDuringADeliveredResultWaitsForTheCallbackToEnd() {
        let scheduler = TestScheduler()
        let source = FakeSource()
        let (store, _) = makeCounterStore(scheduler: scheduler, source: source)
        let early = Recorder<Int>()
        let late = Recorder<Int>()
        store.subscribe(states: { [weak store] state in
            early.append(state.count)
            if state.count == 5 { store?.accept(.increment) }
        })
        store.subscribe(states: { late.append($0.count) })
        store.accept(.load(5))
        source.requests[0].complete(5)
        scheduler.advance()
        #expect(early.values == [0, 5, 6])
        #expect(late.values == [0, 5, 6])
        #expect(store.state.count == 6)
    }

    @Test func disposingDuringARoundDropsQueuedIntentsAndTellsEventObserversLast() {
        let log = EventLog()
        let (store, _) = makeCounterStore(eventObserver: log.record)
        let ended = Recorder<String>()
        let later = Recorder<Int>()
        store.subscribe(
            states: { [weak store] state in
                if state.count == 1 {
                    store?.accept(.increment)
                    store?.dispose()
                }
            }, onDispose: { ended.append("first") })
        store.subscribe(states: { later.append($0.count) }, onDispose: { ended.append("later") })
        store.accept(.increment)
        #expect(later.values == [0], "the round ended with the disposal, before its turn")
        #expect(store.state.count == 1, "the queued intent is dropped")
        #expect(ended.values == ["first", "later"])
        #expect(log.kinds == ["intent", "message", "state 1", "disposed"])
        #expect(log.sequences == Array(1...4))
    }

    /// Disposing from inside a round drops the intents that wait, so nothing is left in the queue
    /// and the event observers are let go at once, with what they captured.
    @Test func disposingDuringARoundWithAQueuedIntentLetsTheEventObserversGo() {
        let (store, _) = makeCounterStore()
        let observerIsKept = eventObserverKeepingAnObject(of: store)
        store.subscribe(states: { [weak store] state in
            guard state.count == 1 else { return }
            store?.accept(.increment)  // waits: the executor runs and a round runs
            store?.dispose()
        })
        store.accept(.increment)
        #expect(store.state.count == 1)
        #expect(!observerIsKept(), "no intent is left waiting, so the event observers are dropped")
        withExtendedLifetime(store) {}
    }

    /// The same with nothing left waiting: once the round that disposed the store ends, the event
    /// observers go too.
    @Test func disposingDuringARoundWithNothingQueuedLetsTheEventObserversGo() {
        let (store, _) = makeCounterStore()
        let observerIsKept = eventObserverKeepingAnObject(of: store)
        store.subscribe(states: { [weak store] state in
            if state.count == 1 { store?.dispose() }
        })
        store.accept(.increment)
        #expect(store.isDisposed)
        #expect(!observerIsKept(), "nothing runs or waits any more, so the event observers are dropped")
        withExtendedLifetime(store) {}
    }

    /// Disposing a store that is disposed already does nothing: twice from inside a round (while
    /// the event observers are still kept, to be told the round first), then once more after it,
    /// and the event observers are told `disposed` once.
    @Test func disposingADisposedStoreAgainDoesNothing() {
        let log = EventLog()
        let (store, _) = makeCounterStore(eventObserver: log.record)
        let ended = Recorder<String>()
        store.subscribe(
            states: { [weak store] state in
                if state.count == 1 {
                    store?.dispose()
                    store?.dispose()
                }
            }, onDispose: { ended.append("subscriber") })
        store.accept(.increment)
        store.dispose()
        #expect(store.isDisposed)
        #expect(ended.values == ["subscriber"])
        #expect(log.kinds == ["intent", "message", "state 1", "disposed"])
        #expect(log.sequences == Array(1...4))
    }

    /// An event observer that disposes the store while the state's event is being told: the
    /// other observers are told that event first, `disposed` after the round.
    @Test func disposingFromAnEventObserverTellsTheOthersTheRoundFirst() {
        let (store, _) = makeCounterStore()
        let first = EventLog()
        let second = EventLog()
        store.subscribe(events: { [weak store] event in
            first.record(event)
            if case .state = event.kind { store?.dispose() }
        })
        store.subscribe(events: second.record)
        store.accept(.increment)
        let expected = ["intent", "message", "state 1", "disposed"]
        #expect(first.kinds == expected)
        #expect(second.kinds == expected)
        #expect(first.sequences == Array(1...4) && second.sequences == Array(1...4))
    }

    @Test func aSubscriberAddedDuringARoundSeesTheQueuedStatesOnce() {
        let (store, _) = makeCounterStore()
        let added = Recorder<Int>()
        let last = Recorder<Int>()
        store.subscribe(states: { [weak store] state in
            guard state.count == 1, let store else { return }
            store.accept(.increment)
            store.subscribe(states: { added.append($0.count) })
        })
        store.subscribe(states: { last.append($0.count) })
        store.accept(.increment)
        #expect(added.values == [1, 2], "the current state when it subscribed, then the queued intent's")
        #expect(last.values == [0, 1, 2])
        #expect(store.state.count == 2)
    }

    /// Two loads' results that arrive while subscribers are being told wait for the round: their
    /// callbacks run after it, in order. A subscriber added in that round is told the state current
    /// then (its replay), and then each state the results produce, once.
    @Test func resultsThatArriveDuringARoundWaitForItsEnd() {
        let scheduler = TestScheduler()
        let source = FakeSource()
        let (store, _) = makeCounterStore(scheduler: scheduler, source: source)
        let first = Recorder<Int>()
        let added = Recorder<Int>()
        let seenByAddedWhenSubscribed = Recorder<Int>()
        store.subscribe(states: { [weak store] state in
            first.append(state.count)
            guard state.count == 1, let store else { return }
            source.requests[0].complete(5)
            source.requests[1].complete(7)
            scheduler.advance()  // the loads' callbacks are handed to the store now, inside this round
            store.subscribe(states: { added.append($0.count) })
            for value in added.values { seenByAddedWhenSubscribed.append(value) }
        })
        store.accept(.load(5))
        store.accept(.load(7))
        store.accept(.increment)
        #expect(seenByAddedWhenSubscribed.values == [1], "the results wait: the state is still 1 in the round")
        #expect(first.values == [0, 1, 5, 7])
        #expect(added.values == [1, 5, 7], "its own replay, then each state produced after it subscribed")
        store.accept(.increment)
        #expect(added.values == [1, 5, 7, 8])
    }

    /// The executor never runs inside a round, so a state made while subscribers are being told
    /// comes from a context called outside the executor's turns: the program stops, naming the store.
    @Test func aStateMadeWhileSubscribersAreToldStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (store, executor) = makeCounterStore()
            store.accept(.shout("first"))  // the executor keeps the context it is called with
            let context = executor.context!
            store.subscribe(states: { state in if state.count == 1 { context.dispatch(.incremented) } })
            store.accept(.increment)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Store 'Counter': a state or label was made while subscribers were being told"))
    }

    @Test func everySubscriberEndsOnTheStoresStateAfterManyReentrantIntents() {
        let (store, _) = makeCounterStore()
        let recorders = (0..<4).map { _ in Recorder<Int>() }
        var armed = false
        for (index, recorder) in recorders.enumerated() {
            store.subscribe(states: { [weak store] state in
                recorder.append(state.count)
                // Each subscriber asks for more on states of its own residue, up to 20.
                if armed, state.count % 4 == index, state.count < 20 { store?.accept(.increment) }
            })
        }
        armed = true
        store.accept(.increment)
        for recorder in recorders {
            #expect(recorder.values == Array(0...20), "every state once, in order")
            #expect(recorder.values.last == store.state.count)
        }
    }
}

/// An executor that records when it starts and ends each intent, and how deep calls nest.
final class ProbeExecutor: Executor {
    typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, CounterLabel>
    private(set) var log: [String] = []
    private(set) var deepest = 0
    private var depth = 0

    func executeIntent(_ intent: CounterIntent, _ context: Context) {
        depth += 1
        deepest = max(deepest, depth)
        let name =
            switch intent {
            case .increment: "increment"
            case .shout: "shout"
            case .load: "load"
            case .forwardToAction: "forward"
            }
        log.append("begin \(name)")
        switch intent {
        case .increment: context.dispatch(.incremented)
        case .shout(let text):
            context.dispatch(.incremented)
            context.publish(.shouted(text))
        case .load, .forwardToAction: break
        }
        log.append("end \(name)")
        depth -= 1
    }
}
