import Dispatch
import MVICore
import MVITestSupport
import Testing

/// A view belongs to its thread, but the handles of its event subscriptions may be cancelled
/// from any thread; and a component released while started leaves no cycle behind.
@Suite struct ViewThreadingTests {
    @Test func eventSubscriptionsCanBeCancelledFromAnyThread() {
        let view = CounterView()
        let told = Recorder<String>()
        let subscriptions = (0..<200).map { _ in view.events.subscribe(told.append) }
        let kept = view.events.subscribe(told.append)
        DispatchQueue.concurrentPerform(iterations: subscriptions.count) { index in
            subscriptions[index].cancel()
            subscriptions[index].cancel()
        }
        #expect(view.eventSubscriberCount == 1)
        view.dispatch("tap")
        #expect(told.values == ["tap"], "only the subscription that was not cancelled is told")
        kept.cancel()
        #expect(view.eventSubscriberCount == 0)
    }

    @Test func aSubscriberCancelledByAnEarlierOneIsNotToldThatEvent() {
        let view = CounterView()
        let told = Recorder<String>()
        var later: (any Cancellable)?
        let first = view.events.subscribe { _ in later?.cancel() }
        later = view.events.subscribe(told.append)
        view.dispatch("tap")
        #expect(told.values.isEmpty)
        first.cancel()
    }

    @Test func aComponentReleasedWhileStartedFreesItsStoreAndView() {
        final class CounterComponent: StoreComponent<CounterIntent, CounterState, CounterLabel, String, String> {
            init(scheduler: TestScheduler) {
                super.init(
                    name: "CounterComponent", store: makeCounterStore(scheduler: scheduler).0,
                    stateToModel: { "count \($0.count)" }, eventToIntent: { _ in .increment })
            }
        }
        let scheduler = TestScheduler()
        weak var weakStore: CounterStore?
        weak var weakView: CounterView?
        do {
            let component = CounterComponent(scheduler: scheduler)
            let view = CounterView()
            component.onViewCreated(view)
            component.onStart()
            view.dispatch("tap")
            #expect(view.rendered == ["count 0", "count 1"])
            weakStore = component.store as? CounterStore
            weakView = view
        }
        scheduler.advance()
        #expect(weakStore == nil, "the view's event subscriber does not keep the store")
        #expect(weakView == nil, "and so the store's state subscriber does not keep the view")
    }
}
