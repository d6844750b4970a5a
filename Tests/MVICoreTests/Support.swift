import Foundation
import MVICore
import MVIEssentials
import MVITestSupport

/// A counter store used across the core's tests.
enum CounterIntent: Equatable {
    case increment
    case load(Int)
    case shout(String)
    case forwardToAction
}
enum CounterAction: Equatable {
    case boot
    case loadFromAction(Int)
}
enum CounterMessage: Equatable {
    case incremented
    case loaded(Int)
}
struct CounterState: Equatable { var count = 0 }
enum CounterLabel: Equatable { case shouted(String) }

/// A data source whose requests the test answers or watches being cancelled.
final class FakeSource: @unchecked Sendable {
    struct Request {
        let value: Int
        let complete: (Int) -> Void
        let token: Cancellation
    }
    private(set) var requests: [Request] = []

    func load(_ value: Int, complete: @escaping (Int) -> Void) -> any Cancellable {
        let token = Cancellation()
        requests.append(Request(value: value, complete: complete, token: token))
        return token
    }
}

final class CounterExecutor: Executor {
    typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, CounterLabel>
    let source: FakeSource
    private(set) var actions: [CounterAction] = []
    private(set) var executedOnScheduler: [Bool] = []
    /// The context of the last call, for tests that use it outside the executor's turns.
    private(set) var context: Context?

    init(source: FakeSource) { self.source = source }

    func executeIntent(_ intent: CounterIntent, _ context: Context) {
        self.context = context
        executedOnScheduler.append(context.scheduler.isCurrent)
        switch intent {
        case .increment:
            context.dispatch(.incremented)
        case .load(let value):
            startLoad(value, context)
        case .shout(let text):
            context.publish(.shouted(text))
        case .forwardToAction:
            context.forward(.loadFromAction(7))
        }
    }

    func executeAction(_ action: CounterAction, _ context: Context) {
        self.context = context
        actions.append(action)
        if case .loadFromAction(let value) = action { context.dispatch(.loaded(value)) }
    }

    private func startLoad(_ value: Int, _ context: Context) {
        let source = self.source
        context.run { send in
            send(.loaded(try await awaitCallback { completion in source.load(value, complete: completion) }))
        }
    }
}

func counterReducer() -> ClosureReducer<CounterState, CounterMessage> {
    ClosureReducer { state, message in
        var state = state
        switch message {
        case .incremented: state.count += 1
        case .loaded(let value): state.count = value
        }
        return state
    }
}

typealias CounterStore = DefaultStore<CounterIntent, CounterAction, CounterMessage, CounterState, CounterLabel>

func makeCounterStore(
    scheduler: any Scheduler = ImmediateScheduler(),
    source: FakeSource = FakeSource(),
    bootstrapper: (any Bootstrapper<CounterAction>)? = nil,
    eventObserver: ((CounterStore.Event) -> Void)? = nil,
    autoInit: Bool = true
) -> (CounterStore, CounterExecutor) {
    let executor = CounterExecutor(source: source)
    let store = CounterStore(
        name: "Counter", initialState: CounterState(), bootstrapper: bootstrapper, executor: executor,
        reducer: counterReducer(), scheduler: scheduler, autoInit: false)
    // Subscribed before the store initializes, so the observer sees the bootstrap too.
    if let eventObserver { store.subscribe(events: eventObserver) }
    if autoInit { store.initialize() }
    return (store, executor)
}

/// Values appended from any thread, read back in order.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// Subscribes to `store`'s events with an observer that keeps an object alive; the result says
/// whether that object still lives (whether the store still keeps the observer).
func eventObserverKeepingAnObject(of store: CounterStore) -> () -> Bool {
    final class Captured {}
    let captured = Captured()
    weak let weakCaptured = captured
    store.subscribe(events: { _ in withExtendedLifetime(captured) {} })
    return { weakCaptured != nil }
}

/// Carries a value the compiler would keep in one isolation domain into another: for the tests that
/// show what the store does when its rule is broken behind the compiler's back.
struct Smuggled<Value>: @unchecked Sendable {  // deliberately unchecked: the tests' way around the compiler
    let value: Value
    init(_ value: Value) { self.value = value }
}
