// An async effect that captures its executor, whose state belongs to the store's scheduler.
import MVICore

final class Loader: BaseExecutor<Intent, Never, Message, State, Never> {
    var loads = 0

    override func executeIntent(_ intent: Intent) {
        context.run { send in
            self.loads += 1  // expected-error: capture of 'self' with non-Sendable type 'Loader'
            send(.incremented)
        }
    }
}
