import FixtureFormat
import Foundation
import MVICore
import MVIEssentials
import MockHTTPServer
import ReplaySeam
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The wire level of one scenario (docs/wire.md): a mock server of its own that holds every
/// request, a URLSession of its own, and the tap through which the feature's real data sources
/// make their requests. The transcript's `request #n` and `cancel #n` lines are the same as in memory
/// (they go to the same request log); a `respond #n` step sends the answer's wire form and hands the
/// feature what its real data source made of it.
final class WireExchange: RequestTap, Sendable {
    /// How long the harness waits for the network: a request to reach the server, an answer to
    /// come back, a cancelled request's connection to close. Only a broken client or server waits it out.
    static let patience = Duration.seconds(20)
    /// The client's timeout in a scenario with a `timeout` answer, which the wire level waits out;
    /// in every other scenario it is `patience`, which no answer needs.
    static let clientTimeout: TimeInterval = 1

    let server: MockServer
    let session: URLSession
    private let requests: RequestLog
    private let headers: [String]
    private let state = Mutex(State())
    private let changed = DispatchSemaphore(value: 0)

    private struct State {
        /// The request log's cancellation of each request, by request number.
        var cancellations: [Int: any Cancellable] = [:]
        /// The journal sequence of each request that reached the server.
        var sequences: [Int: Int] = [:]
        /// The journal entries taken by a request so far.
        var arrived = 0
        /// The delivery of each request's answer, as the real data source made it.
        var answers: [Int: @Sendable () -> Void] = [:]
        var cancelled: Set<Int> = []
        /// The journal sequences answered `timeout`, whose client gives up.
        var timedOut: Set<Int> = []
        /// What went wrong on the wire, for the step's error.
        var failure: String?
    }

    /// - Parameter waitsOutTimeout: the scenario has a `timeout` answer, so the client gives up
    ///   after `clientTimeout` (every other request is answered long before).
    init(requests: RequestLog, headers: [String], waitsOutTimeout: Bool) throws {
        self.requests = requests
        self.headers = headers
        server = MockServer(
            configuration: MockServer.Configuration(data: .empty, eventLoops: 1, holdsRequests: true, log: { _ in }))
        try server.start()
        // No response cache (every answer is the scenario's), and room for every request a
        // scenario holds at once.
        session = URLSessionTransfer.session(
            timeout: waitsOutTimeout ? Self.clientTimeout : TimeInterval(Self.patience.components.seconds),
            cachesResponses: false, connectionsPerHost: 64)
    }

    /// The services the feature's data sources are built with.
    var live: LiveServices {
        LiveServices(
            baseURL: URL(string: "http://127.0.0.1:\(server.port)"), apiKey: Self.apiKey, session: session, tap: self)
    }

    /// The key every data source sends at the wire level.
    static let apiKey = "wire-level-key"

    /// What went wrong on the wire since the scenario began, if anything: the step fails with it.
    var failure: String? { state.withLock { $0.failure } }

    // MARK: The tap

    func opened(_ description: String) -> Int {
        let (id, cancellation) = requests.open(description, deliverAny: { [weak self] id, answer in self?.respond(id, answer) })
        state.withLock { $0.cancellations[id] = cancellation }
        return id
    }

    /// The request went to the real data source: wait until it reaches the server (or was answered
    /// without the network), so that the server sees requests in the order they were made.
    func started(_ id: Int) {
        let deadline = ContinuousClock.now + Self.patience
        while ContinuousClock.now < deadline {
            let next = state.withLock { state -> Int? in state.answers[id] == nil ? state.arrived + 1 : nil }
            guard let next else { return }
            if server.journal.wait(for: next, timeout: .milliseconds(20), until: { _ in true }) != nil {
                state.withLock { state in
                    state.arrived = next
                    state.sequences[id] = next
                }
                return
            }
        }
        fail("request #\(id) did not reach the mock server within \(Self.patience)")
    }

    func cancelled(_ id: Int) {
        let cancellation = state.withLock { state -> (any Cancellable)? in
            state.cancelled.insert(id)
            return state.cancellations[id]
        }
        cancellation?.cancel()
    }

    func answered(_ id: Int, fields: Result<JSONObject, FieldError>, deliver: @escaping @Sendable () -> Void) {
        state.withLock { $0.answers[id] = deliver }
        changed.signal()
    }

    // MARK: The respond step

    /// Sends `answer`'s wire form for request `id`, waits for the real data source's answer and
    /// hands it to the feature. A request the feature cancelled has no connection left to answer.
    private func respond(_ id: Int, _ answer: any ReplayAnswer) {
        let (sequence, cancelled) = state.withLock { ($0.sequences[id], $0.cancelled.contains(id)) }
        guard !cancelled else { return }
        if let sequence {
            switch answer.wire {
            case .response(let status, let headers, let body):
                server.release(
                    sequence, with: .response(status: status, headers: headers.map { .init($0.name, $0.value) }, body: body))
            case .reset: server.release(sequence, with: .reset)
            case .timeout: state.withLock { _ = $0.timedOut.insert(sequence) }
            case .none(let reason): return fail("respond #\(id) has no wire form: \(reason)")
            }
        }
        let budget = Self.patience + .seconds(Int64(Self.clientTimeout.rounded(.up)))
        guard let deliver = self.answer(of: id, within: budget) else {
            return fail("request #\(id)'s answer did not come back from the mock server within \(budget)")
        }
        deliver()
    }

    // MARK: The wire transcript

    /// The exchanges in the order the server read them (docs/wire.md, "The wire transcript"): each
    /// request line, the headers the feature page names, and how the exchange ended. Waits first
    /// for the connections of cancelled and timed-out requests to close.
    func transcript(title: String) -> String {
        let (sequences, timedOut) = state.withLock { state in
            (state.cancelled.compactMap { state.sequences[$0] } + Array(state.timedOut), state.timedOut)
        }
        for sequence in sequences {
            _ = server.journal.wait(for: sequence, timeout: Self.patience) { $0.clientWentAway || $0.status != nil }
        }
        var lines = [title]
        for entry in server.journal.all {
            lines.append("#\(entry.sequence) \(entry.request.method) \(entry.request.target)")
            for name in headers {
                if let value = entry.request.header(name) { lines.append("  \(name): \(value)") }
            }
            lines.append("  -> " + Self.ending(entry, timedOut: timedOut.contains(entry.sequence)))
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

    /// Closes the session and stops the server: no port and no connection outlive the scenario.
    func close() {
        session.invalidateAndCancel()
        server.stop()
    }

    // MARK: Waiting

    private func fail(_ message: String) {
        state.withLock { state in state.failure = state.failure ?? message }
    }

    /// Waits up to `budget` for request `id`'s answer, checking again at each change.
    private func answer(of id: Int, within budget: Duration) -> (@Sendable () -> Void)? {
        let deadline = ContinuousClock.now + budget
        while true {
            if let found = state.withLock({ $0.answers[id] }) { return found }
            guard ContinuousClock.now < deadline else { return nil }
            _ = changed.wait(timeout: .now() + .milliseconds(50))
        }
    }
}
