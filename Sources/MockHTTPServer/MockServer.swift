import Foundation
import MVICore

/// A real HTTP/1.1 server on loopback that stands in for The Cat API, its images and NewsAPI.
///
/// ```swift
/// let server = MockServer(configuration: .init(data: try MockData.locate()))
/// try server.start()                     // port 0: an ephemeral port
/// let base = server.baseURL              // http://127.0.0.1:54321
/// server.stub(Stub(path: "/v1/images/search", responses: [.text(500, "{}")]))
/// let request = server.journal.next(timeout: .seconds(5))
/// server.stop()                          // connections closed, port released, threads joined
/// ```
///
/// One thread accepts, one thread serves each connection: requests on a connection are answered in
/// order (pipelining), with keep-alive for HTTP/1.1 and close for HTTP/1.0 unless asked otherwise.
/// Admin requests (`/__admin/...`, see docs/mock-server.md) drive the same server over HTTP.
public final class MockServer: Sendable {
    public struct Configuration: Sendable {
        /// The address to bind; loopback by default.
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int
        public var data: MockData
        /// A keep-alive connection with no byte of a new request for this long is closed.
        public var idleTimeout: Duration
        /// A request must arrive whole (head and body) within this long of its first byte; else 408 and close.
        public var headerTimeout: Duration
        /// A response the client does not take for this long (no byte accepted) is abandoned and the
        /// connection closed; the journal records `clientWentAway`.
        public var writeTimeout: Duration
        /// Connections served at once; more are answered 503 and closed.
        public var maxConnections: Int
        /// How many entries, and how much of each body, the journal keeps.
        public var journal: JournalLimits
        /// Where the server's few log lines go (one per episode of descriptor exhaustion); standard error by default.
        public var log: @Sendable (String) -> Void

        public init(
            host: String = "127.0.0.1", port: Int = 0, data: MockData, idleTimeout: Duration = .seconds(30), headerTimeout: Duration = .seconds(10),
            writeTimeout: Duration = .seconds(10), maxConnections: Int = 1024, journal: JournalLimits = JournalLimits(),
            log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("mock-server: \($0)\n".utf8)) }
        ) {
            self.host = host
            self.port = port
            self.data = data
            self.idleTimeout = idleTimeout
            self.headerTimeout = headerTimeout
            self.writeTimeout = writeTimeout
            self.maxConnections = maxConnections
            self.journal = journal
            self.log = log
        }
    }

    struct State {
        var listener: Socket?
        var boundPort = 0
        var stopping = false
        var connections: [Int: Socket] = [:]
        var nextConnection = 0
        var stubs: [(id: Int, stub: Stub, served: Int)] = []
        var nextStub = 0
    }

    public let configuration: Configuration
    /// Every request read (admin requests excepted).
    public let journal: RequestJournal
    let state = Locked(State())
    let threads = DispatchGroup()

    public init(configuration: Configuration) {
        self.configuration = configuration
        journal = RequestJournal(limits: configuration.journal)
    }

    /// Binds and starts serving. Throws if the address cannot be bound.
    public func start() throws {
        if state.withLock({ $0.listener != nil }) { throw MockServerError.alreadyStarted }
        let listener = try Socket.listen(host: configuration.host, port: configuration.port)
        journal.reopen()
        state.withLock {
            $0.listener = listener
            $0.boundPort = listener.port
            $0.stopping = false
        }
        threads.enter()
        let thread = Thread { [self] in
            acceptLoop(listener)
            threads.leave()
        }
        thread.name = "mock-server accept"
        thread.start()
    }

    /// The bound port (after `start()`).
    public var port: Int { state.withLock { $0.boundPort } }

    /// `http://host:port`.
    public var baseURL: URL { URL(string: "http://\(configuration.host):\(port)")! }

    /// Stops: no new connections, waiters on `journal.next` released (admin waiters get 503), every
    /// open connection closed, the port released, every thread finished. Returns within about a
    /// second whatever is in flight.
    public func stop() {
        let listener = state.withLock { state -> Socket? in
            state.stopping = true
            defer { state.listener = nil }
            return state.listener
        }
        guard let listener else { return }
        journal.close()
        listener.shutdownBoth()
        // Readers wake at once; responses under way (a waiter's 503) may still be written...
        state.withLock { for connection in $0.connections.values { connection.shutdownRead() } }
        if threads.wait(timeout: .now() + .milliseconds(300)) == .timedOut {
            // ...but not to clients that do not read. A connection's socket is closed only after it
            // leaves `connections`, so every socket shut down here is still open.
            state.withLock { for connection in $0.connections.values { connection.shutdownBoth() } }
            threads.wait()
        }
        listener.closeNow()
    }

    /// The number of connections open now.
    public var openConnections: Int { state.withLock { $0.connections.count } }

    var isStopping: Bool { state.withLock { $0.stopping } }

    // MARK: Stubs

    /// Adds a stub; newer stubs are tried first. Returns its id.
    @discardableResult
    public func stub(_ stub: Stub) -> Int {
        state.withLock { state in
            state.nextStub += 1
            state.stubs.insert((state.nextStub, stub, 0), at: 0)
            return state.nextStub
        }
    }

    /// Removes one stub; false if there was none with that id.
    @discardableResult
    public func removeStub(_ id: Int) -> Bool {
        state.withLock { state in
            let before = state.stubs.count
            state.stubs.removeAll { $0.id == id }
            return state.stubs.count < before
        }
    }

    public func removeAllStubs() { state.withLock { $0.stubs = [] } }

    /// Removes every stub and forgets every request.
    public func reset() {
        removeAllStubs()
        journal.reset()
    }

    /// The stubs now, newest first, with how many times each has answered.
    public var stubs: [(id: Int, stub: Stub, served: Int)] { state.withLock { $0.stubs } }

    /// The stubs nearest to matching `request`, fewest reasons first (then newest first), at most
    /// `limit`, each with why it missed; empty if a stub matches it.
    public func nearMisses(for request: HTTPRequest, limit: Int = 3) -> [NearMiss] {
        let misses = stubs.map { NearMiss(stub: $0.id, pattern: $0.stub.pattern, reasons: $0.stub.pattern.misses(request)) }
        if misses.contains(where: { $0.reasons.isEmpty }) { return [] }
        return Array(misses.enumerated().sorted { ($0.element.reasons.count, $0.offset) < ($1.element.reasons.count, $1.offset) }.prefix(limit).map(\.element))
    }

    /// The next scripted response for `request`, and the id of the stub that gives it.
    func nextStubResponse(for request: HTTPRequest) -> (id: Int, response: StubResponse)? {
        state.withLock { state in
            guard let index = state.stubs.firstIndex(where: { $0.stub.matches(request) }) else { return nil }
            let responses = state.stubs[index].stub.responses
            let response = responses[min(state.stubs[index].served, responses.count - 1)]
            state.stubs[index].served += 1
            return (state.stubs[index].id, response)
        }
    }
}
