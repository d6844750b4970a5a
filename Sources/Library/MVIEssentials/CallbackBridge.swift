/// Awaits the one value a callback API delivers, for an `async throws` function over a function
/// that takes a completion and returns a `Cancellable` (a URLSession transfer, a replay's request).
///
/// ```swift
/// func load(limit: Int, page: Int) async throws -> Data {
///     try await awaitCallback { completion in transfer.start(request, completion: completion) }.get()
/// }
/// ```
///
/// `start` is called at once, unless the task is already cancelled (then nothing starts and the
/// call throws `CancellationError`). Cancelling the task cancels the handle `start` returned, then
/// throws `CancellationError`; a value delivered after that is dropped. `start`'s completion may be
/// called on any thread, inside `start` too, and at most once counts.
///
/// The call runs in the caller's isolation (`isolation`), so `start` need not be `Sendable`: code
/// on the main actor (an app target's default under Xcode 26) passes a closure of its own.
public func awaitCallback<Value: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ start: (@escaping @Sendable (Value) -> Void) -> any Cancellable
) async throws -> Value {
    try Task.checkCancellation()
    let call = CallbackCall<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            guard call.wait(continuation) else { return }
            call.keep(start { value in call.end(with: .success(value)) })
        }
    } onCancel: {
        call.end(with: .failure(CancellationError()))
    }
}

/// One call of `awaitCallback`: its continuation, resumed once, and the handle of the work.
private final class CallbackCall<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var handle: (any Cancellable)?
        var outcome: Result<Value, any Error>?
    }

    private let state = Locked(State())

    /// Keeps the continuation; returns false, having resumed it, when the call already ended.
    func wait(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
        let outcome = state.withLock { state in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        guard let outcome else { return true }
        continuation.resume(with: outcome)
        return false
    }

    /// Keeps the handle, or cancels it when the call was cancelled meanwhile.
    func keep(_ handle: any Cancellable) {
        let cancelled = state.withLock { state -> Bool in
            guard let outcome = state.outcome else {
                state.handle = handle
                return false
            }
            if case .failure = outcome { return true }
            return false
        }
        if cancelled { handle.cancel() }
    }

    /// Ends the call once: a value resumes the caller; a cancellation cancels the work first.
    func end(with outcome: Result<Value, any Error>) {
        let taken = state.withLock { state -> (CheckedContinuation<Value, any Error>?, (any Cancellable)?)? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer {
                state.continuation = nil
                state.handle = nil
            }
            return (state.continuation, state.handle)
        }
        guard let (continuation, handle) = taken else { return }
        if case .failure = outcome { handle?.cancel() }
        continuation?.resume(with: outcome)
    }
}
