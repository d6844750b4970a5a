import FixtureFormat
import Foundation
import MVICore
import MVIEssentials

/// The fake data source's requests, numbered from 1 in the order they were made.
///
/// A feature's replay data source opens a request here with the type of answer it takes; the
/// engine routes each `respond` event's answer, already decoded when the scenario was read, to it.
/// Cancelling a pending request records `cancel #n`; answering a cancelled request is allowed (the
/// feature must ignore the answer). Thread-safe: a request may be opened or cancelled from any thread.
public final class RequestLog: Sendable {
    private enum Status {
        case pending, cancelled
        case answered(line: Int)
    }

    private struct Entry {
        var status = Status.pending
        /// How the transcript names the request (`load(limit: 50, page: 0)`).
        let description: String
        /// Hands an answer to the feature, or says which type of answer the request takes.
        let deliver: @Sendable (any ReplayAnswer) -> (() -> Void)?
    }

    // The closures in `entries` run outside the lock.
    private let entries = Locked<[Entry]>([])
    private let output: OutputLog

    public init(output: OutputLog) { self.output = output }

    /// Records a new request and returns its cancellation handle.
    ///
    /// - Parameters:
    ///   - description: how the transcript names the request (`load(limit: 50, page: 0)`).
    ///   - deliver: hands an answer to the feature; `Answer` is the feature's answer type (that of
    ///     its `FeatureModule.responses`).
    public func open<Answer: ReplayAnswer>(_ description: String, deliver: @escaping @Sendable (Answer) -> Void)
        -> any Cancellable
    {
        let id = self.entries.withLock { entries -> Int in
            entries.append(
                Entry(description: description) { answer in
                    guard let answer = answer as? Answer else { return nil }
                    return { deliver(answer) }
                })
            return entries.count
        }
        output.append(.request(id: id, description: description))
        return cancellation(of: id)
    }

    /// Records a new request that takes any answer of the feature: the wire level's, whose answer
    /// goes to the mock server rather than to the feature. Returns its number and cancellation handle.
    /// `deliver` gets the request's number with the answer.
    public func open(_ description: String, deliverAny deliver: @escaping @Sendable (Int, any ReplayAnswer) -> Void)
        -> (id: Int, cancellation: any Cancellable)
    {
        let id = entries.withLock { entries -> Int in
            let id = entries.count + 1
            entries.append(Entry(description: description) { answer in { deliver(id, answer) } })
            return id
        }
        output.append(.request(id: id, description: description))
        return (id, cancellation(of: id))
    }

    private func cancellation(of id: Int) -> any Cancellable {
        Cancellation { [self] in
            let wasPending = self.entries.withLock { entries -> Bool in
                guard case .pending = entries[id - 1].status else { return false }
                entries[id - 1].status = .cancelled
                return true
            }
            if wasPending { output.append(.cancel(id: id)) }
        }
    }

    /// Makes a request and awaits its answer: the async form of `open`, for a data source of
    /// `async throws` functions. The request is recorded at once (`request #n`); a `respond` event
    /// resumes the call with its answer; cancelling the calling task records `cancel #n` and throws
    /// `CancellationError` (a later answer is dropped). A task already cancelled makes no request.
    public func call<Answer: ReplayAnswer>(_ description: String, answer: Answer.Type = Answer.self) async throws
        -> Answer
    {
        try await awaitCallback { deliver in open(description, deliver: deliver) }
    }

    /// How the transcript names request `id` (`load(limit: 50, page: 0)`); nil for a request never made.
    public func description(of id: Int) -> String? {
        entries.withLock { entries in entries.indices.contains(id - 1) ? entries[id - 1].description : nil }
    }

    /// Answers request `id` and returns the delivery, which hands the answer to the feature; the
    /// request is then answered. Throws when the request was never made or was already answered.
    /// Whether the request was cancelled first is the transcript's business (`cancel #n` is in the
    /// outputs), not this log's.
    public func respond(_ id: Int, with answer: any ReplayAnswer, line: Int) throws(FieldError) -> () -> Void {
        let lookup = self.entries.withLock { entries -> Result<Entry, FieldError> in
            guard id >= 1, id <= entries.count else {
                let made = entries.isEmpty ? "no requests" : "requests #1...#\(entries.count)"
                return .failure(FieldError(field: "request", "request #\(id) was never made (\(made) so far)"))
            }
            let entry = entries[id - 1]
            if case .answered(let answeredAt) = entry.status {
                return .failure(
                    FieldError(field: "request", "request #\(id) was already answered at line \(answeredAt)"))
            }
            return .success(entry)
        }
        let entry = try lookup.get()
        guard let delivery = entry.deliver(answer) else {
            // A feature whose data sources take answers of another type than its module declares.
            throw FieldError(field: "request", "request #\(id) takes another kind of answer than \(type(of: answer))")
        }
        self.entries.withLock { $0[id - 1].status = .answered(line: line) }
        return delivery
    }
}
