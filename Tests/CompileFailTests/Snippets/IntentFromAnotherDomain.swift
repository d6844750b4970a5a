// A non-Sendable intent sent to a store from another isolation domain.
import Dispatch
import MVICore

@MainActor func send(_ store: CounterStore) {
    let payload = Payload()
    DispatchQueue.global().async {
        store.accept(.carry(payload))  // expected-error: capture of 'store' with non-Sendable type 'CounterStore'
    }
    _ = store.state
}
