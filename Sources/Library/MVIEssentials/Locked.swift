import Foundation

/// A value guarded by a lock, for the few places where state really is shared across threads: the
/// one lock box of the package (the store, the image pipeline, the replay logs, the file stores),
/// and an app's own (a test double that a background queue calls, a cache two threads share).
///
/// ```swift
/// let calls = Locked<[String]>([])
/// DispatchQueue.global().async { calls.withLock { $0.append("load") } }
/// let count = calls.withLock { $0.count }
/// ```
///
/// Like swift-nio's `NIOLockedValueBox`, the box is `Sendable` only when its value is: the lock
/// makes access exclusive, but it cannot make a value that is not `Sendable` (a closure that
/// captures a view, a class of one thread) safe to use from another thread.
///
/// Keep the body short and do not call out of it: the lock is not reentrant, so a `withLock` on
/// the same box inside the body deadlocks.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this keeps the package, and an app on its
/// floor, on macOS 13 / iOS 16 (Package.swift's `platforms`).
public final class Locked<Value> {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    @inlinable
    public func withLock<R, Failure: Error>(_ body: (inout Value) throws(Failure) -> R) throws(Failure) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// `value` is only touched with `lock` held, and it may cross threads only because it is `Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}  // the lock guards `value`, itself Sendable
