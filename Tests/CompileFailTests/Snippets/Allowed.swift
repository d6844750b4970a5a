// What the docs allow: compiles with no error and no warning.
import Dispatch
import MVICore

@MainActor final class Screen {
    var shown = 0
    let store = makeStore()

    func follow() -> any Cancellable {
        store.accept(.increment)
        return store.subscribe(states: { self.shown = $0.count })
    }

    func cancel(later subscription: any Cancellable) {
        DispatchQueue.global().async { subscription.cancel() }  // a handle is Sendable
    }
}

protocol Numbers: Sendable { func next() async throws -> Int }

final class Counting: Executor {
    typealias Context = ExecutorContext<Never, Message, State, Never>
    let numbers: any Numbers
    init(numbers: any Numbers) { self.numbers = numbers }

    func executeIntent(_ intent: Intent, _ context: Context) {
        let numbers = self.numbers
        context.run(key: "next") { send in
            _ = try await numbers.next()
            send(.incremented)  // an effect reports back through its Send
        }
    }
}
