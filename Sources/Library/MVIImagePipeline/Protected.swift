import Foundation

/// A value guarded by a lock, for the pipeline's state that requesters on many threads share.
///
/// An `NSLock` rather than an actor: a memory-cache hit must be answered synchronously, inside
/// the caller's own call, which an actor cannot do. (`Synchronization.Mutex` needs macOS 15.)
final class Protected<Value>: @unchecked Sendable {  // `value` is only touched with `lock` held
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the lock held. Never call out to user code (completions, loaders) inside it.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
