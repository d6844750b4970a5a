import ConformanceKit
import FixtureFormat
import Foundation
import MVICore
import MVIEssentials
import MockHTTPServer
import ReplaySeam

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The wire level of one scenario: its server's end (the `WireServer` in process, or the
/// `RemoteWire` of a server the runner holds), a URLSession of its own, and the tap through which
/// the feature's real data sources make their requests. The transcript's
/// `request #n` and `cancel #n` lines are the same as in memory (they go to the same request log);
/// a `respond #n` step sends the answer's wire form and hands the feature what its real data
/// source made of it.
final class WireExchange: RequestTap, WireExchanging, Sendable {
    let wire: any WireEnd
    let session: URLSession
    /// The scenario's temporary folder, where the feature's file stores keep their files.
    let folder: URL
    /// How this process's scenario folders begin, in the temporary directory: `conformance-wire-<pid>-`.
    static let folderPrefix = "conformance-wire-\(ProcessInfo.processInfo.processIdentifier)-"
    private let requests: RequestLog
    private let headers: [String]
    private let state = Locked(State())
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
        /// What went wrong on the wire, for the step's error.
        var failure: String?
    }

    /// - Parameter wire: the scenario's `WireServer` in process, or the `RemoteWire` of a server
    ///   the runner holds.
    init(requests: RequestLog, headers: [String], wire: any WireEnd) throws {
        self.requests = requests
        self.headers = headers
        self.wire = wire
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(Self.folderPrefix)\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            wire.close()
            throw error
        }
        // No response cache (every answer is the scenario's), and room for every request a
        // scenario holds at once.
        session = URLSessionTransfer.session(
            timeout: wire.clientTimeout, cachesResponses: false, connectionsPerHost: 64)
    }

    /// The services the feature's data sources are built with.
    var live: LiveServices {
        LiveServices(baseURL: wire.baseURL, apiKey: wire.apiKey, session: session, tap: self, folder: folder)
    }

    /// What went wrong on the wire since the scenario began, if anything: the step fails with it.
    var failure: String? { state.withLock { $0.failure } }

    // MARK: The tap

    func opened(_ description: String) -> Int {
        let (id, cancellation) = requests.open(
            description, deliverAny: { [weak self] id, answer in self?.respond(id, answer) })
        state.withLock { $0.cancellations[id] = cancellation }
        return id
    }

    /// The request went to the real data source: wait until it reaches the server (or was answered
    /// without the network), so that the server sees requests in the order they were made.
    func started(_ id: Int) {
        let deadline = ContinuousClock.now + WireServer.patience
        while ContinuousClock.now < deadline {
            let next = state.withLock { state -> Int? in state.answers[id] == nil ? state.arrived + 1 : nil }
            guard let next else { return }
            if wire.arrived(next, within: wire.arrivalWindow) {
                state.withLock { state in
                    state.arrived = next
                    state.sequences[id] = next
                }
                return
            }
        }
        fail("request #\(id) did not reach the mock server within \(WireServer.patience)")
    }

    func cancelled(_ id: Int) {
        let (cancellation, sequence) = state.withLock { state -> ((any Cancellable)?, Int?) in
            state.cancelled.insert(id)
            return (state.cancellations[id], state.sequences[id])
        }
        if let sequence { wire.cancelled(sequence) }
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
        if let sequence, let reason = wire.send(answer.wire, to: sequence) {
            return fail("respond #\(id) has no wire form: \(reason)")
        }
        let budget = WireServer.patience + .seconds(Int64(wire.clientTimeout.rounded(.up)))
        guard let deliver = self.answer(of: id, within: budget) else {
            return fail("request #\(id)'s answer did not come back from the mock server within \(budget)")
        }
        deliver()
    }

    /// The scenario's wire transcript (`WireServer.transcript`); nil when the runner keeps it.
    func transcript(title: String) -> String? { wire.wireTranscript(title: title, headers: headers) }

    /// Closes the session, stops the server and removes the folder (giving back the write
    /// permission a fault took away, so that the folder can be removed).
    func close() {
        session.invalidateAndCancel()
        wire.close()
        let files = FileManager.default
        var folders = [folder]
        if let walk = files.enumerator(at: folder, includingPropertiesForKeys: nil) {
            for case let url as URL in walk where url.hasDirectoryPath { folders.append(url) }
        }
        for url in folders { try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path) }
        try? files.removeItem(at: folder)
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
