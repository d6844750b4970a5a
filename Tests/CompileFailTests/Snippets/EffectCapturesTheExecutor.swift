// An async effect that captures its executor, whose state belongs to the store's scheduler.
import MVICore

final class Loader: Executor {
    typealias Context = ExecutorContext<Never, Message, State, Never>
    var loads = 0

    func executeIntent(_ intent: Intent, _ context: Context) {
        context.run { send in
            self.loads += 1  // expected-error: capture of 'self' with non-Sendable type 'Loader'
            send(.incremented)
        }
    }
}
