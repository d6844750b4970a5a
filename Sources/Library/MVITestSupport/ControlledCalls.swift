import MVIEssentials

/// A fake for an `async throws` dependency that the test answers: each call waits until the test
/// answers or fails it, or until its task is cancelled, and the test sees every call made and
/// every cancellation.
///
/// ```swift
/// let cities = ControlledCalls<String, [String]>()
/// let service = CityService(cities: { try await cities.call($0) }, forecast: { _ in 0 })
/// // ... the store searches "o", then "os", which cancels the first search
/// #expect(cities.requests == ["o", "os"])
/// #expect(cities.cancelled == ["o"])
/// cities.answer(with: ["Oslo", "Osaka"])    // the oldest pending call: "os"
/// store.advance { $0.cities = ["Oslo", "Osaka"] }    // the effect resumes on the TestScheduler
/// ```
///
/// An answer resumes the call's task; on a `TestScheduler` the effect then runs at the next
/// advance. A cancelled call ends with `CancellationError`, and an answer to it is a test failure,
/// as is an answer when no call is pending. Callable from any thread.
public final class ControlledCalls<Request: Sendable, Response: Sendable>: Sendable {
    private enum Status {
        case pending
        /// Answered or failed before the call had suspended: it returns this at once.
        case settled(Result<Response, any Error>)
        case ended
        case cancelled
    }

    private struct Calls {
        var requests: [Request] = []
        var status: [Status] = []
        var waiting: [Int: CheckedContinuation<Response, any Error>] = [:]
        var cancelled: [Int] = []
    }

    private let calls = Locked(Calls())

    public init() {}

    /// The dependency's function: records the call, then waits for the test's answer or failure,
    /// or for its task's cancellation (then throws `CancellationError`).
    public func call(_ request: Request) async throws -> Response {
        let index = calls.withLock { calls in
            calls.requests.append(request)
            calls.status.append(.pending)
            return calls.requests.count - 1
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let early = calls.withLock { calls -> Result<Response, any Error>? in
                    switch calls.status[index] {
                    case .pending:
                        calls.waiting[index] = continuation
                        return nil
                    case .settled(let outcome):
                        calls.status[index] = .ended
                        return outcome
                    case .cancelled, .ended:
                        return .failure(CancellationError())
                    }
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            let continuation = calls.withLock { calls -> CheckedContinuation<Response, any Error>? in
                guard case .pending = calls.status[index] else { return nil }
                calls.status[index] = .cancelled
                calls.cancelled.append(index)
                return calls.waiting.removeValue(forKey: index)
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Every call's request, in the order the calls were made.
    public var requests: [Request] { calls.withLock { $0.requests } }

    /// The requests of the calls that wait for an answer, oldest first.
    public var pending: [Request] {
        calls.withLock { calls in
            calls.status.indices.compactMap { index in
                guard case .pending = calls.status[index] else { return nil }
                return calls.requests[index]
            }
        }
    }

    /// The requests of the calls that were cancelled while they waited, in the order of their
    /// cancellation.
    public var cancelled: [Request] { calls.withLock { calls in calls.cancelled.map { calls.requests[$0] } } }

    /// Answers a call with `response`: the oldest pending one, or the `number`th call made (from 1).
    public func answer(
        _ number: Int? = nil, with response: Response,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        settle(
            number, with: .success(response), saying: "answer",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Fails a call with `error`: the oldest pending one, or the `number`th call made (from 1).
    public func fail(
        _ number: Int? = nil, with error: any Error,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        settle(
            number, with: .failure(error), saying: "fail",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func settle(
        _ number: Int?, with outcome: Result<Response, any Error>, saying verb: String, at site: CallSite
    ) {
        let settled = calls.withLock { calls -> Result<CheckedContinuation<Response, any Error>?, Refusal> in
            let index: Int
            if let number {
                guard calls.status.indices.contains(number - 1) else {
                    return .failure(.noSuchCall(number, made: calls.status.count))
                }
                index = number - 1
            } else {
                guard let oldest = calls.status.firstIndex(where: { if case .pending = $0 { true } else { false } })
                else { return .failure(.nonePending(made: calls.status.count)) }
                index = oldest
            }
            guard case .pending = calls.status[index] else {
                let cancelled: Bool = if case .cancelled = calls.status[index] { true } else { false }
                return .failure(.notPending(index + 1, cancelled: cancelled))
            }
            guard let continuation = calls.waiting.removeValue(forKey: index) else {
                calls.status[index] = .settled(outcome)  // not suspended yet: it returns this when it is
                return .success(nil)
            }
            calls.status[index] = .ended
            return .success(continuation)
        }
        switch settled {
        case .success(let continuation): continuation?.resume(with: outcome)
        case .failure(let refusal): reportFailure("ControlledCalls: \(verb)(...) " + refusal.description, at: site)
        }
    }

    private enum Refusal: Error {
        case noSuchCall(Int, made: Int)
        case nonePending(made: Int)
        case notPending(Int, cancelled: Bool)

        var description: String {
            switch self {
            case .noSuchCall(let number, let made): "names call \(number), and \(made) call(s) were made"
            case .nonePending(let made): "with no call pending (\(made) made, each answered, failed or cancelled)"
            case .notPending(let number, let cancelled):
                "names call \(number), which " + (cancelled ? "was cancelled" : "was already answered or failed")
            }
        }
    }
}
