// The feature blocks of Sources/Library/MVICore/MVICore.docc/GettingStarted.md, verbatim and in
// order, compiled as an app compiles them: in its own target, from this package outside, with
// products only. Its test block is Tests/CounterTests/GettingStarted.swift. The package's
// DocSnippetSyncTests fails when a block in the document is in neither file: copy it in again.
import MVICore
import Observation

enum CounterIntent { case increment, incrementIfEven }
enum CounterAction { case load }
enum CounterMessage { case incremented }
struct CounterState: Equatable { var count = 0 }

struct CounterViewModel: Equatable {
    var text: String
    init(_ state: CounterState) { text = "\(state.count)" }
}
enum CounterViewEvent { case plusTapped, plusIfEvenTapped }

extension CounterIntent {
    init(_ event: CounterViewEvent) {
        switch event {
        case .plusTapped: self = .increment
        case .plusIfEvenTapped: self = .incrementIfEven
        }
    }
}

final class CounterExecutor: Executor {
    typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, Never>
    func executeIntent(_ intent: CounterIntent, _ context: Context) {
        switch intent {
        case .increment: context.dispatch(.incremented)
        case .incrementIfEven where context.state.count % 2 == 0: context.dispatch(.incremented)
        case .incrementIfEven: break
        }
    }
}

func counterReducer() -> ClosureReducer<CounterState, CounterMessage> {
    ClosureReducer { state, message in
        var state = state
        switch message {
        case .incremented: state.count += 1
        }
        return state
    }
}

/// Binds a counter store to `view` until the returned binder is stopped or released.
func showCounter(in view: some MviView<CounterViewModel, CounterViewEvent>) -> Binder {
    let store = DefaultStore(
        name: "Counter",
        initialState: CounterState(),
        executor: CounterExecutor(),
        reducer: counterReducer(),
        scheduler: DispatchQueueScheduler.main())

    let binder = Binder()
    binder.bind(store.states.map(CounterViewModel.init), to: view.render)
    binder.bind(view.events.map(CounterIntent.init), to: store.accept)
    binder.start()
    return binder
}

/// Calls `onRender` once, just before the next render of `proxy`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func follow(_ proxy: ViewProxy<CounterViewModel, CounterViewEvent>, onRender: @escaping @Sendable () -> Void) {
    withObservationTracking({ _ = proxy.model }, onChange: onRender)
}

/// The counter that starts at one: its bootstrapper's `.load` reaches `executeAction` when the store initializes.
final class StartingCounterExecutor: Executor {
    typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, Never>
    func executeIntent(_ intent: CounterIntent, _ context: Context) {
        switch intent {
        case .increment: context.dispatch(.incremented)
        case .incrementIfEven where context.state.count % 2 == 0: context.dispatch(.incremented)
        case .incrementIfEven: break
        }
    }

    func executeAction(_ action: CounterAction, _ context: Context) {
        switch action {
        case .load: context.dispatch(.incremented)
        }
    }
}

func makeStartingCounter(scheduler: any Scheduler, autoInit: Bool = true)
    -> DefaultStore<CounterIntent, CounterAction, CounterMessage, CounterState, Never>
{
    DefaultStore(
        name: "Counter", initialState: CounterState(), bootstrapper: SimpleBootstrapper(.load),
        executor: StartingCounterExecutor(), reducer: counterReducer(), scheduler: scheduler, autoInit: autoInit)
}

/// The counter screen: its component owns the store from creation to `onDestroy()`.
func makeCounterScreen(in view: some MviView<CounterViewModel, CounterViewEvent>, scheduler: any Scheduler)
    -> StoreComponent<CounterIntent, CounterState, Never, CounterViewModel, CounterViewEvent>
{
    let component = StoreComponent(
        name: "Counter", store: makeStartingCounter(scheduler: scheduler),
        stateToModel: CounterViewModel.init, eventToIntent: CounterIntent.init)
    component.onViewCreated(view)
    component.onStart()   // the view renders "1": the bootstrapper has run
    return component      // when the screen goes: onStop(), onViewDestroyed(), onDestroy()
}

enum TickerIntent { case start, stop, load }
enum TickerMessage: Equatable, Sendable { case ticked, loaded(Int) }
struct TickerState: Equatable { var ticks = 0; var loaded: Int? }

/// A callback API: `load` answers once, on any thread, and returns a handle that cancels it.
struct NumberSource: Sendable {
    var load: @Sendable (_ completion: @escaping @Sendable (Int) -> Void) -> any Cancellable
}

final class TickerExecutor: Executor {
    typealias Context = ExecutorContext<Never, TickerMessage, TickerState, Never>
    private let source: NumberSource

    init(source: NumberSource) { self.source = source }

    func executeIntent(_ intent: TickerIntent, _ context: Context) {
        switch intent {
        case .start:
            let clock = context.clock
            context.run(key: "timer") { send in                  // a new start replaces the timer
                while true {
                    try await clock.sleep(for: .seconds(1))
                    send(.ticked)
                }
            }
        case .stop:
            context.cancel(key: "timer")
        case .load:
            let source = source
            context.run { send in                                // cancelling it cancels the load
                send(.loaded(try await awaitCallback { source.load($0) }))
            }
        }
    }
}

enum QuoteIntent { case fetch(String) }
enum QuoteMessage: Equatable, Sendable { case fetched(String), failed(String) }
struct QuoteState: Equatable { var quote: String?; var error: String? }

/// Closures rather than a protocol: a `@Sendable` closure is nonisolated wherever it is written,
/// so the effect awaits it on the store's scheduler under either default isolation.
struct QuoteSource: Sendable {
    var quote: @Sendable (_ topic: String) async throws -> String
}

final class QuoteExecutor: Executor {
    typealias Context = ExecutorContext<Never, QuoteMessage, QuoteState, Never>
    private let source: QuoteSource

    init(source: QuoteSource) { self.source = source }

    func executeIntent(_ intent: QuoteIntent, _ context: Context) {
        switch intent {
        case .fetch(let topic):
            let (clock, source) = (context.clock, source)
            context.run(key: "fetch") { send in                  // a new fetch cancels the last one
                try await clock.sleep(for: .milliseconds(300))   // the store's scheduler's time
                send(.fetched(try await source.quote(topic)))
            } catch: { error, send in
                send(.failed("\(error)"))
            }
        }
    }
}

func quoteReducer() -> ClosureReducer<QuoteState, QuoteMessage> {
    ClosureReducer { state, message in
        var state = state
        switch message {
        case .fetched(let quote): state.quote = quote; state.error = nil
        case .failed(let error): state.error = error
        }
        return state
    }
}
