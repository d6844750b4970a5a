import Dispatch
import MVICore
import MVITestSupport
import Observation
import Testing

// Equal consecutive states: the store publishes every state its reducer returns; a binding drops
// the equal ones with `Source.removingDuplicates()`.
private enum ToggleIntent {
    case set(Bool)
    case touch
}
private struct ToggleState: Equatable { var isOn = false }

private final class ToggleExecutor: Executor {
    typealias Context = ExecutorContext<Never, ToggleIntent, ToggleState, Never>
    func executeIntent(_ intent: ToggleIntent, _ context: Context) { context.dispatch(intent) }
}

private func makeToggle(_ scheduler: TestScheduler) -> DefaultStore<
    ToggleIntent, Never, ToggleIntent, ToggleState, Never
> {
    DefaultStore(
        name: "Toggle", initialState: ToggleState(), executor: ToggleExecutor(),
        reducer: ClosureReducer { state, message in
            switch message {
            case .set(let isOn): ToggleState(isOn: isOn)
            case .touch: state
            }
        },
        scheduler: scheduler)
}

@Suite struct EqualStatesTests {
    @Test func theStorePublishesAnEqualStateAndRemovingDuplicatesDropsIt() {
        let store = makeToggle(TestScheduler())
        let every = Recorder<Bool>()
        let changed = Recorder<Bool>()
        let all = store.states.map(\.isOn).subscribe(every.append)
        let distinct = store.states.map(\.isOn).removingDuplicates().subscribe(changed.append)
        store.accept(.touch)
        store.accept(.set(true))
        store.accept(.set(true))
        store.accept(.set(false))
        #expect(every.values == [false, false, true, true, false])
        #expect(changed.values == [false, true, false])
        all.cancel()
        distinct.cancel()
    }

    @Test func eachSubscriptionKeepsItsOwnLastValue() {
        let store = makeToggle(TestScheduler())
        let source = store.states.map(\.isOn).removingDuplicates()
        let first = Recorder<Bool>()
        let one = source.subscribe(first.append)
        store.accept(.set(true))
        let second = Recorder<Bool>()
        let two = source.subscribe(second.append)
        #expect(first.values == [false, true])
        #expect(second.values == [true], "a new subscription gets the current value, whatever the other one saw last")
        one.cancel()
        two.cancel()
    }

    @Test func removingDuplicatesByAPredicate() {
        let values = Recorder<Int>()
        let source = Source<Int> { observer in
            for value in [1, 3, 4, 6, 7] { observer(value) }
            return Cancellation {}
        }
        let subscription = source.removingDuplicates { $0 % 2 == $1 % 2 }.subscribe(values.append)
        #expect(values.values == [1, 4, 7])
        subscription.cancel()
    }

    @Test func aBoundViewRendersOnlyAChangedModel() {
        let store = makeToggle(TestScheduler())
        let view = CounterView()
        let binder = Binder()
        binder.bind(store.states.map { $0.isOn ? "on" : "off" }.removingDuplicates(), to: view.render)
        binder.start()
        store.accept(.touch)
        store.accept(.set(true))
        store.accept(.touch)
        #expect(view.rendered == ["off", "on"])
        binder.stop()
    }
}

@Suite struct ViewProxyObservationTests {
    /// The example of the docs: outside SwiftUI, `onChange` is told that a render comes.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func follow(_ proxy: ViewProxy<Int, String>, onChange: @escaping @Sendable () -> Void) {
        withObservationTracking({ _ = proxy.model }, onChange: onChange)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func onChangeIsToldBeforeTheNextRender() {
        let proxy = ViewProxy<Int, String>(model: 0)
        let seen = Recorder<Int>()
        follow(proxy) { seen.append(1) }
        #expect(seen.values.isEmpty)
        proxy.render(7)
        #expect(seen.values == [1])
        proxy.render(8)
        #expect(seen.values == [1], "once: tracking ends at the first change")
        #expect(proxy.model == 8)
    }
}
