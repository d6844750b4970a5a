// An async effect that captures a view.
import MVICore

final class Screen: BaseMviView<Int, String> {}

final class Showing: Executor {
    typealias Context = ExecutorContext<Never, Message, State, Never>
    let screen = Screen()

    func executeIntent(_ intent: Intent, _ context: Context) {
        let screen = self.screen
        context.run { send in
            screen.render(1)  // expected-error: capture of 'screen' with non-Sendable type 'Screen'
            send(.incremented)
        }
    }
}
