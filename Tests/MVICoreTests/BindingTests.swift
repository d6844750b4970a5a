import MVICore
import MVITestSupport
import Observation
import Testing

final class CounterView: BaseMviView<String, String> {
    private(set) var rendered: [String] = []
    override func render(_ model: String) { rendered.append(model) }
}

@Suite struct BinderTests {
    private func bind(_ store: CounterStore, _ view: CounterView) -> Binder {
        let binder = Binder()
        binder.bind(store.states.map { "count \($0.count)" }, to: view.render)
        // Weak, as StoreComponent binds it: the store's state subscriber already holds the view.
        binder.bind(view.events.compactMap { $0 == "tap" ? CounterIntent.increment : nil }) { [weak store] in
            store?.accept($0)
        }
        return binder
    }

    @Test func nothingFlowsBeforeStart() {
        let (store, _) = makeCounterStore()
        let view = CounterView()
        _ = bind(store, view)
        view.dispatch("tap")
        #expect(view.rendered.isEmpty)
        #expect(store.state.count == 0)
    }

    @Test func startRendersTheCurrentStateAndConnectsEvents() {
        let (store, _) = makeCounterStore()
        store.accept(.increment)
        let view = CounterView()
        let binder = bind(store, view)
        binder.start()
        #expect(view.rendered == ["count 1"])
        view.dispatch("tap")
        #expect(view.rendered == ["count 1", "count 2"])
        #expect(binder.isStarted)
    }

    @Test func stopDisconnectsBothDirections() {
        let (store, _) = makeCounterStore()
        let view = CounterView()
        let binder = bind(store, view)
        binder.start()
        binder.stop()
        view.dispatch("tap")
        store.accept(.increment)
        #expect(view.rendered == ["count 0"])
        #expect(store.state.count == 1)
        #expect(view.eventSubscriberCount == 0)
        #expect(store.stateObserverCount == 0)
    }

    @Test func startingTwiceStopsTheProgramWithTheMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let binder = Binder()
            binder.start()
            binder.start()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Binder.start() called twice without stop()"), "\(stderr)")
    }

    @Test func stoppingAStoppedBinderStopsTheProgramWithTheMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let binder = Binder()
            binder.start()
            binder.stop()
            binder.stop()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Binder.stop() called without start()"), "\(stderr)")
    }

    @Test func startAgainRendersTheLatestStateAtOnce() {
        let (store, _) = makeCounterStore()
        let view = CounterView()
        let binder = bind(store, view)
        binder.start()
        binder.stop()
        store.accept(.increment)
        store.accept(.increment)
        binder.start()
        #expect(view.rendered == ["count 0", "count 2"])
    }
}

@Suite struct LifecycleTests {
    @Test func theFullLifecycleIsAllowed() throws {
        var registry = LifecycleRegistry(component: "C")
        for event: LifecycleEvent in [
            .viewCreated, .start, .stop, .start, .stop, .viewDestroyed, .viewCreated,
            .viewDestroyed, .destroy,
        ] {
            try registry.handle(event)
        }
        #expect(registry.state == .destroyed)
    }

    @Test(arguments: [
        ([LifecycleEvent.viewCreated, .stop], "C.onStop() called while viewCreated: onStop() without onStart()"),
        ([.stop], "C.onStop() called while created: onStop() without onViewCreated(view) and onStart()"),
        ([.start], "C.onStart() called while created: no view is attached; call onViewCreated(view) first"),
        (
            [.viewCreated, .start, .start],
            "C.onStart() called while started: onStart() was already called; call onStop() first"
        ),
        (
            [.viewCreated, .start, .viewDestroyed],
            "C.onViewDestroyed() called while started: the view is still bound; call onStop() first"
        ),
        (
            [.viewCreated, .start, .destroy],
            "C.onDestroy() called while started: the view is still bound; call onStop() and onViewDestroyed() first"
        ),
        (
            [.viewCreated, .viewCreated],
            "C.onViewCreated(view) called while viewCreated: a view is already attached; call onViewDestroyed() first"
        ),
        (
            [.viewCreated, .destroy],
            "C.onDestroy() called while viewCreated: a view is still attached; call onViewDestroyed() first"
        ),
        ([.viewDestroyed], "C.onViewDestroyed() called while created: no view is attached"),
        (
            [.destroy, .viewCreated],
            "C.onViewCreated(view) called while destroyed: the component is destroyed and cannot be used again"
        ),
        (
            [.destroy, .destroy],
            "C.onDestroy() called while destroyed: the component is destroyed and cannot be used again"
        ),
    ])
    func misuseIsRejectedWithAClearMessage(events: [LifecycleEvent], message: String) {
        var registry = LifecycleRegistry(component: "C")
        var caught: LifecycleError?
        for event in events {
            do { try registry.handle(event) } catch { caught = error }
        }
        #expect(caught?.description == message)
    }

    @Test func aMisuseReadsAsItsMessageWhenPrintedAsAnyError() {
        // A host logs what it caught as `any Error` ("\(error)", print(error)): the message is the
        // error's description, so LifecycleError must be CustomStringConvertible, not merely have one.
        var registry = LifecycleRegistry(component: "C")
        var caught: (any Error)?
        do { try registry.handle(.stop) } catch { caught = error }
        let message = "C.onStop() called while created: onStop() without onViewCreated(view) and onStart()"
        #expect(caught.map { "\($0)" } == message)
        #expect(caught.map { String(describing: $0) } == message)
    }

    @Test func misuseThroughRequireStopsTheProgramWithTheMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var registry = LifecycleRegistry(component: "KittenComponent")
            registry.require(.stop)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("KittenComponent.onStop() called while created"))
    }
}

/// A component that records the lifecycle calls it gets, and records a call out of order as
/// refused instead of stopping the program.
final class RecordingComponent: LifecycleComponent {
    private var registry = LifecycleRegistry(component: "Recording")
    private let log: Recorder<String>

    init(after events: [LifecycleEvent], log: Recorder<String>) {
        self.log = log
        for event in events { try? registry.handle(event) }
    }

    var lifecycleState: LifecycleState { registry.state }
    func onStop() { record(.stop) }
    func onViewDestroyed() { record(.viewDestroyed) }
    func onDestroy() { record(.destroy) }

    private func record(_ event: LifecycleEvent) {
        do {
            try registry.handle(event)
            log.append(event.methodName)
        } catch {
            log.append("refused \(event.methodName)")
        }
    }
}

@Suite struct ComponentHolderTests {
    /// Released, a holder performs the lifecycle steps still due, in order, from whatever state its
    /// component reached; a destroyed component gets none.
    @Test(arguments: [
        ([LifecycleEvent.viewCreated, .start], ["onStop()", "onViewDestroyed()", "onDestroy()"]),
        ([.viewCreated], ["onViewDestroyed()", "onDestroy()"]),
        ([], ["onDestroy()"]),
        ([.destroy], []),
    ])
    func aReleasedHolderPerformsTheStepsStillDue(reached: [LifecycleEvent], expected: [String]) {
        let log = Recorder<String>()
        _ = ComponentHolder(RecordingComponent(after: reached, log: log))
        #expect(log.values == expected)
    }
}

@Suite struct ViewProxyTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func observersAreNotifiedOnEveryRender() {
        let proxy = ViewProxy<Int, String>(model: 0)
        #expect(proxy.model == 0)
        #expect(proxy.renderCount == 0)
        let changes = Recorder<Int>()
        func track() {
            withObservationTracking {
                _ = proxy.model
            } onChange: {
                changes.append(1)
            }
        }
        track()
        proxy.render(1)
        track()
        proxy.render(1)  // an equal model is still a render
        track()
        proxy.render(2)
        #expect(changes.values.count == 3)
        #expect(proxy.model == 2)
        #expect(proxy.renderCount == 3)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func dispatchReachesEventSubscribers() {
        let proxy = ViewProxy<Int, String>(model: 0)
        let events = Recorder<String>()
        let subscription = proxy.events.subscribe(events.append)
        proxy.dispatch("refresh")
        subscription.cancel()
        proxy.dispatch("ignored")
        #expect(events.values == ["refresh"])
    }
}

@Suite struct AsyncStreamTests {
    @Test func streamYieldsTheCurrentStateThenNewOnes() async {
        let (store, _) = makeCounterStore()
        var seen: [Int] = []
        for await state in store.stateStream {
            seen.append(state.count)
            if seen.count == 3 { break }
            store.accept(.increment)
        }
        #expect(seen == [0, 1, 2])
        #expect(store.stateObserverCount == 0, "leaving the loop cancels the subscription")
    }

    @Test func cancellingTheConsumingTaskCancelsTheSubscription() async {
        let (store, _) = makeCounterStore()
        let stream = store.stateStream
        #expect(store.stateObserverCount == 1)
        let consumer = Task {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        consumer.cancel()
        let received = await consumer.value
        #expect(received <= 1)
        #expect(store.stateObserverCount == 0)
    }

    /// A stream holds its store: a store nobody else keeps lives as long as a stream of it.
    @Test func aStreamKeepsItsStoreAlive() async {
        weak var weakStore: CounterStore?
        var stream: AsyncStream<CounterState>?
        do {
            let (store, _) = makeCounterStore()
            weakStore = store
            stream = store.stateStream
        }
        #expect(weakStore != nil, "the stream holds the store")
        var first: CounterState?
        for await state in stream! {
            first = state
            break
        }
        #expect(first?.count == 0)
        stream = nil
    }

    @Test func disposingTheStoreFinishesItsStreams() async {
        let (store, _) = makeCounterStore()
        let states = store.stateStream
        let labels = store.labelStream
        store.accept(.increment)
        store.dispose()
        var seen: [Int] = []
        for await state in states { seen.append(state.count) }
        var labelCount = 0
        for await _ in labels { labelCount += 1 }
        #expect(seen == [0, 1], "what came before dispose, then the end")
        #expect(labelCount == 0)
    }

    @Test func aStreamOfADisposedStoreFinishesAtOnce() async {
        let (store, _) = makeCounterStore()
        store.dispose()
        var count = 0
        for await _ in store.stateStream { count += 1 }
        #expect(count == 0)
    }

    @Test func labelStreamYieldsLabels() async {
        let (store, _) = makeCounterStore()
        var seen: [CounterLabel] = []
        let stream = store.labelStream
        store.accept(.shout("a"))
        store.accept(.shout("b"))
        for await label in stream {
            seen.append(label)
            if seen.count == 2 { break }
        }
        #expect(seen == [.shouted("a"), .shouted("b")])
    }
}
