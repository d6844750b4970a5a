import Foundation

/// A value guarded by a lock, for the few places where state really is shared across threads: the
/// one lock box of the package (the store, the image pipeline, the replay logs, the file stores).
///
/// Like swift-nio's `NIOLockedValueBox`, the box is `Sendable` only when its value is: the lock
/// makes access exclusive, but it cannot make a value that is not `Sendable` (a closure that
/// captures a view, a class of one thread) safe to use from another thread.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this keeps the package on its floor
/// (macOS 13 / iOS 16, Package.swift's `platforms`).
@usableFromInline
package final class Locked<Value> {
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

// `value` is only touched with `lock` held, and it may cross threads only because it is `Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}  // the lock guards `value`, itself Sendable
