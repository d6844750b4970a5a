import FixtureFormat
import Foundation
import MVICore
import MVIEssentials

/// The fake data source's requests, numbered from 1 in the order they were made.
///
/// A feature's replay data source opens a request here with the codec of its answers; the engine
/// routes each `respond` event to it. Cancelling a pending request records `cancel #n`; answering
/// a cancelled request is allowed (the feature must ignore the answer). Thread-safe: a request
/// may be opened or cancelled from any thread.
public final class RequestLog: Sendable {
    private enum Status {
        case pending, cancelled
        case answered(line: Int)
    }

    private struct Entry {
        var status = Status.pending
        /// Decodes a `respond` event's fields into the echo and the delivery.
        let respond: (JSONObject) throws -> (echo: String, deliver: () -> Void)
    }

    // The closures in `entries` run outside the lock.
    private let entries = Locked<[Entry]>([])
    private let output: OutputLog

    public init(output: OutputLog) { self.output = output }

    /// Records a new request and returns its cancellation handle.
    ///
    /// - Parameters:
    ///   - description: how the transcript names the request (`load(limit: 50, page: 0)`).
    ///   - answers: reads a `respond` event's fields (the feature's response codec).
    ///   - echo: how the transcript echoes an answer.
    ///   - deliver: hands an answer to the feature.
    public func open<Answer>(
        _ description: String, answers: ObjectCodec<Answer>, echo: @escaping (Answer) -> String,
        deliver: @escaping (Answer) -> Void
    ) -> any Cancellable {
        let id = self.entries.withLock { entries -> Int in
            entries.append(Entry { fields in
                let answer = try answers.decode(fields, ignoring: ["event", "request"])
                return (echo(answer), { deliver(answer) })
            })
            return entries.count
        }
        output.append(.request(id: id, description: description))
        return Cancellation { [self] in
            let wasPending = self.entries.withLock { entries -> Bool in
                guard case .pending = entries[id - 1].status else { return false }
                entries[id - 1].status = .cancelled
                return true
            }
            if wasPending { output.append(.cancel(id: id)) }
        }
    }

    /// Decodes the answer to request `id` and returns its echo and its delivery; the request is
    /// then answered. Throws when the request was never made, was already answered, or the
    /// fields do not fit.
    public func respond(_ id: Int, fields: JSONObject, line: Int) throws(FieldError) -> (echo: String, deliver: () -> Void) {
        let lookup = self.entries.withLock { entries -> Result<(Entry, Bool), FieldError> in
            guard id >= 1, id <= entries.count else {
                let made = entries.isEmpty ? "no requests" : "requests #1...#\(entries.count)"
                return .failure(FieldError(field: "request", "request #\(id) was never made (\(made) so far)"))
            }
            let entry = entries[id - 1]
            switch entry.status {
            case .answered(let answeredAt):
                return .failure(FieldError(field: "request", "request #\(id) was already answered at line \(answeredAt)"))
            case .cancelled: return .success((entry, true))
            case .pending: return .success((entry, false))
            }
        }
        let (entry, wasCancelled) = try lookup.get()
        let reply = try FieldError.catching { try entry.respond(fields) }
        self.entries.withLock { $0[id - 1].status = .answered(line: line) }
        return (wasCancelled ? reply.echo + " (after cancel)" : reply.echo, reply.deliver)
    }
}
