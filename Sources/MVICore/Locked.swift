import Foundation

/// A value guarded by a lock, for the few places where state really is shared across threads.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this keeps the package on the
/// Observation floor (macOS 14 / iOS 17).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    package var current: Value { withLock { $0 } }
}

/// Carries a non-`Sendable` value across an isolation boundary that the library itself
/// guarantees is safe: the value is only touched again on the store's own scheduler.
package struct Confined<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
