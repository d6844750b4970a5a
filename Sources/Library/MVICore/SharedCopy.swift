import Foundation

/// What other threads may read of a store: a copy of its state and whether it is disposed, and
/// the observer ids any thread may take. The store updates the copy with every change.
///
/// Every field is private to this file and touched only with `lock` held, by these non-inlinable
/// methods, which call nothing while they access a field: the compiler proves their exclusivity
/// when it builds the module, so an update costs the lock and no run-time check.
@usableFromInline
final class SharedCopy<State>: @unchecked Sendable {  // every field is touched only with `lock` held
    private let lock = NSLock()
    private var state: State
    private var disposed = false
    private var nextObserverID = 1

    init(_ state: State) { self.state = state }

    /// The last state the store published.
    @usableFromInline var currentState: State {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// Replaces the copy of the state (the old one is released after the lock).
    @usableFromInline func publish(_ newState: State) {
        var newState = newState
        lock.lock()
        exchange(&state, &newState)
        lock.unlock()
    }

    var isDisposed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return disposed
    }

    func markDisposed() {
        lock.lock()
        disposed = true
        lock.unlock()
    }

    /// A new observer id.
    func takeObserverID() -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextObserverID += 1
        return nextObserverID - 1
    }
}

/// Swaps two values by moving them, so that nothing is released while both are accessed: no code
/// (a deinit) runs inside the access, and the compiler can prove it exclusive.
@inline(__always)
func exchange<T>(_ a: inout T, _ b: inout T) {
    let old = consume a
    a = consume b
    b = old
}
