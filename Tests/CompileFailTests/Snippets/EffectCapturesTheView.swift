// An async effect that captures a view.
import MVICore

final class Screen: BaseMviView<Int, String> {}

final class Showing: BaseExecutor<Intent, Never, Message, State, Never> {
    let screen = Screen()

    override func executeIntent(_ intent: Intent) {
        let screen = self.screen
        context.run { send in
            screen.render(1)  // expected-error: capture of 'screen' with non-Sendable type 'Screen'
            send(.incremented)
        }
    }
}
