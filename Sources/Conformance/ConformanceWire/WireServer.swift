import ConformanceKit
import Foundation
import MVIEssentials
import MockHTTPServer
import ReplaySeam

/// The harness's side of the wire level for one scenario (docs/wire.md): a mock server of its own
/// that holds every request until `send(_:to:)` answers it, and the wire transcript of what it saw.
/// The in-process reference drives it through `WireExchange`; a port at the wire level talks to it
/// over HTTP, and the runner answers its requests.
final class WireServer: Sendable {
    /// How long the harness waits for the network: a request to reach the server, an answer to
    /// come back, a cancelled request's connection to close. Only a broken client or server waits it out.
    static let patience = Duration.seconds(20)
    /// The key every data source sends at the wire level.
    static let apiKey = "wire-level-key"

    let server: MockServer
    /// The client's timeout, in seconds: 1 in a scenario with a `timeout` answer, which the level
    /// waits out; else `patience`, which no held answer comes near.
    let clientTimeout: TimeInterval
    private let ended = Locked(Endings())

    /// What the harness knows of how exchanges ended that the server cannot tell apart.
    private struct Endings {
        /// Sequences whose answer is `timeout`: the client gives up.
        var timedOut: Set<Int> = []
        /// Sequences the client cancelled.
        var cancelled: Set<Int> = []
    }

    /// - Parameter waitsOutTimeout: the scenario has a `timeout` answer.
    init(waitsOutTimeout: Bool) throws {
        server = MockServer(
            configuration: MockServer.Configuration(data: .empty, eventLoops: 1, holdsRequests: true, log: { _ in }))
        try server.start()
        clientTimeout = waitsOutTimeout ? 1 : TimeInterval(Self.patience.components.seconds)
    }

    /// `http://127.0.0.1:<port>`: where the feature's data sources send their requests.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)") ?? URL(fileURLWithPath: "/") }

    /// Whether exchange `sequence` reached the server within `timeout`.
    func arrived(_ sequence: Int, within timeout: Duration) -> Bool {
        server.journal.wait(for: sequence, timeout: timeout) { _ in true } != nil
    }

    /// Answers exchange `sequence` with `answer`'s wire form (for `timeout`, by not answering);
    /// returns why it cannot, for an answer with no wire form.
    func send(_ answer: WireAnswer, to sequence: Int) -> String? {
        switch answer {
        case .response(let status, let headers, let body):
            server.release(
                sequence,
                with: .response(HTTPResponse(status: status, headers: headers.map { ($0.name, $0.value) }, body: body)))
        case .reset: server.release(sequence, with: .reset)
        case .timeout: ended.withLock { _ = $0.timedOut.insert(sequence) }
        case .none(let reason): return reason
        }
        return nil
    }

    /// Stages the answer of each `respond #n` of `scenario` for exchange `n`, which a port
    /// releases through `POST /__admin/requests/<n>/release` when it reaches that step
    /// (docs/porting.md, "The wire level"). Returns why a scenario cannot run so, for an answer
    /// with no wire form.
    func stage(_ scenario: Scenario) -> String? {
        for event in scenario.events {
            guard case .respond(let request, _) = event.kind, let answer = event.answer else { continue }
            switch answer.wire {
            case .response(let status, let headers, let body):
                server.stage(
                    request,
                    .response(HTTPResponse(status: status, headers: headers.map { ($0.name, $0.value) }, body: body)))
            case .reset: server.stage(request, .reset)
            case .timeout:
                server.stage(request, nil)
                ended.withLock { _ = $0.timedOut.insert(request) }
            case .none(let reason): return "respond #\(request) has no wire form: \(reason)"
            }
        }
        return nil
    }

    /// The client cancelled exchange `sequence`: the transcript waits for its connection to close.
    func cancelled(_ sequence: Int) { ended.withLock { _ = $0.cancelled.insert(sequence) } }

    /// The exchanges in the order the server read them (docs/wire.md, "The wire transcript"): each
    /// request line, `headers` when the request has them, and how the exchange ended. Waits first
    /// for the connections of cancelled and timed-out exchanges to close.
    func transcript(title: String, headers: [String]) -> String {
        let endings = ended.withLock { $0 }
        for sequence in endings.cancelled.union(endings.timedOut) {
            _ = server.journal.wait(for: sequence, timeout: Self.patience) { $0.clientWentAway || $0.status != nil }
        }
        var lines = [title]
        for entry in server.journal.all {
            lines.append("#\(entry.sequence) \(entry.request.method) \(entry.request.target)")
            for name in headers {
                if let value = entry.request.header(name) { lines.append("  \(name): \(value)") }
            }
            // A staged `timeout` for a request the client cancelled first is never waited out.
            let timedOut = endings.timedOut.contains(entry.sequence) && !endings.cancelled.contains(entry.sequence)
            lines.append("  -> " + Self.ending(entry, timedOut: timedOut))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func ending(_ entry: JournalEntry, timedOut: Bool) -> String {
        if let status = entry.status { return "\(status)" }
        switch entry.fault {
        case .connectionReset?: return "reset"
        case .some(let fault): return fault.rawValue
        case nil: break
        }
        if entry.clientWentAway { return timedOut ? "timed out" : "cancelled" }
        return "unanswered"
    }

    /// Stops the server: no port and no connection outlive the scenario.
    func close() { server.stop() }
}
