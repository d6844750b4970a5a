// A store's state read from another task.
import MVICore

@MainActor func show(_ store: CounterStore) async {
    let task = Task.detached { store.state.count }  // expected-error: passing closure as a 'sending' parameter
    _ = (await task.value, store.state)
}
