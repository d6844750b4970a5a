import MVIEssentials

extension Store where State: Sendable {
    /// The store's states as an `AsyncStream`: the current state first, then every new one.
    ///
    /// For `.task { for await state in store.stateStream { ... } }`. The stream finishes when the
    /// store is disposed. The subscription is cancelled when the consuming task is cancelled, or
    /// when the stream is released (leaving a `for await` loop over `store.stateStream` releases
    /// it; a stream kept in a variable lives as long as the variable). The stream keeps the store alive.
    public var stateStream: AsyncStream<State> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let subscription = subscribe(states: { continuation.yield($0) }, onDispose: { continuation.finish() })
            let store = KeptAlive(self)
            continuation.onTermination = { _ in
                subscription.cancel()
                withExtendedLifetime(store) {}
            }
        }
    }
}

extension Store where Label: Sendable {
    /// The store's labels as an `AsyncStream`; finished and cancelled like `stateStream`.
    public var labelStream: AsyncStream<Label> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let subscription = subscribe(labels: { continuation.yield($0) }, onDispose: { continuation.finish() })
            let store = KeptAlive(self)
            continuation.onTermination = { _ in
                subscription.cancel()
                withExtendedLifetime(store) {}
            }
        }
    }
}
