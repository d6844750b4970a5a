// A state subscriber that would mutate the caller's state from another thread.
import Dispatch
import MVICore

@MainActor final class Screen {
    var shown = 0
    let store = makeStore()

    func follow() {
        Task.detached {
            self.store.subscribe(states: { self.shown = $0.count })  // expected-error: non-Sendable type 'CounterStore'
        }
    }
}
