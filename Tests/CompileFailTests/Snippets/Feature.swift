// The small feature every snippet uses: compiled together with each of them.
import MVICore

final class Payload { var text = "" }
enum Intent {
    case increment
    case carry(Payload)
}
enum Message: Sendable { case incremented }
struct State: Equatable, Sendable { var count = 0 }
typealias CounterStore = DefaultStore<Intent, Never, Message, State, Never>

final class CounterExecutor: Executor {
    typealias Context = ExecutorContext<Never, Message, State, Never>
    func executeIntent(_ intent: Intent, _ context: Context) { context.dispatch(.incremented) }
}

func makeStore() -> CounterStore {
    DefaultStore(
        name: "Counter", initialState: State(), executor: CounterExecutor(),
        reducer: ClosureReducer { state, _ in State(count: state.count + 1) }, scheduler: DispatchQueueScheduler.main())
}
