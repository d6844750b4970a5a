import Foundation

/// A value guarded by a lock, for the few places where state really is shared across threads.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this keeps the package on the
/// Observation floor (macOS 14 / iOS 17).
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    // Only touched with the lock held.
    @usableFromInline @exclusivity(unchecked) var value: Value

    @usableFromInline package init(_ value: Value) { self.value = value }

    @inlinable
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

}

/// Carries a non-`Sendable` value across an isolation boundary that the library itself
/// guarantees is safe: the value is only touched again on the store's own scheduler.
@usableFromInline
package struct Confined<Value>: @unchecked Sendable {
    @usableFromInline package let value: Value
    @usableFromInline package init(_ value: Value) { self.value = value }
}
