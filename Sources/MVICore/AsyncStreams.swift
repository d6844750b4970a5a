extension Store where State: Sendable {
    /// The store's states as an `AsyncStream`: the current state first, then every new one.
    ///
    /// For `.task { for await state in store.stateStream { ... } }`. The subscription is cancelled
    /// when the consuming task is cancelled, or when the stream is released (leaving a
    /// `for await` loop over `store.stateStream` releases it; a stream kept in a variable lives
    /// as long as the variable).
    public var stateStream: AsyncStream<State> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let subscription = subscribe(states: { continuation.yield($0) })
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}

extension Store where Label: Sendable {
    /// The store's labels as an `AsyncStream`; cancelled with the consumer, like `stateStream`.
    public var labelStream: AsyncStream<Label> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let subscription = subscribe(labels: { continuation.yield($0) })
            continuation.onTermination = { _ in subscription.cancel() }
        }
    }
}
