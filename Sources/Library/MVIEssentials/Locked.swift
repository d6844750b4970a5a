import Foundation

/// A value guarded by a lock, for the few places where state really is shared across threads: the
/// one lock box of the package (the store, the image pipeline, the replay logs, the file stores).
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this keeps the package on the
/// Observation floor (macOS 14 / iOS 17).
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {  // `value` is only touched with `lock` held
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    @usableFromInline package init(_ value: Value) { self.value = value }

    @inlinable
    package func withLock<R, Failure: Error>(_ body: (inout Value) throws(Failure) -> R) throws(Failure) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

}

/// Carries a non-`Sendable` value to a store's scheduler, which runs one piece of work at a time:
/// the value is handed over once and only touched there afterwards. Each use names why.
@usableFromInline
package struct Confined<Value>: @unchecked Sendable {  // the store's scheduler serializes every use
    @usableFromInline package let value: Value
    @usableFromInline package init(_ value: Value) { self.value = value }
}
