import MVIEssentials

/// Values appended from any thread (scheduled work), read back in order.
final class Recorder<Value>: Sendable {
    private let storage = Locked<[Value]>([])

    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}
