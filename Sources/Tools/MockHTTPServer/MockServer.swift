import Foundation
import MVIEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
/// A few event-loop threads (`eventLoops`) serve every connection with non-blocking sockets:
/// requests on a connection are answered in order (pipelining), with keep-alive for HTTP/1.1 and
/// close for HTTP/1.0 unless asked otherwise; delays, throttles and timeouts are timers on the loop.
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
        /// Event-loop threads; each serves its share of the connections.
        public var eventLoops: Int
        /// The NewsAPI keys accepted (any by default) and how many requests each may make.
        public var newsAPI: NewsAPIKeys
        /// Forward requests no stub answers to a real service, and record its answers as stub files; nil serves the built-in routes.
        public var proxy: ProxyConfiguration?
        /// Where the server's few log lines go (one per episode of descriptor exhaustion); standard error by default.
        public var log: @Sendable (String) -> Void
        /// Hold every request (admin requests excepted) until `release(_:with:)` answers it, instead
        /// of answering from stubs and routes: a test then decides when, and how, each answer goes out.
        public var holdsRequests: Bool
        /// Called with one line per request answered from a stub, a route or the proxy (`--verbose`):
        /// method, target, status, what answered, and the time taken to choose and build the answer.
        /// Nil (the default) prints nothing and costs nothing.
        public var verbose: (@Sendable (String) -> Void)?

        public init(
            host: String = "127.0.0.1", port: Int = 0, data: MockData, idleTimeout: Duration = .seconds(30),
            headerTimeout: Duration = .seconds(10),
            writeTimeout: Duration = .seconds(10), maxConnections: Int = 1024, journal: JournalLimits = JournalLimits(),
            eventLoops: Int = 2,
            newsAPI: NewsAPIKeys = NewsAPIKeys(), proxy: ProxyConfiguration? = nil, holdsRequests: Bool = false,
            log: @escaping @Sendable (String) -> Void = {
                FileHandle.standardError.write(Data("mock-server: \($0)\n".utf8))
            },
            verbose: (@Sendable (String) -> Void)? = nil
        ) {
            self.host = host
            self.port = port
            self.data = data
            self.idleTimeout = idleTimeout
            self.headerTimeout = headerTimeout
            self.writeTimeout = writeTimeout
            self.maxConnections = maxConnections
            self.journal = journal
            self.eventLoops = max(1, eventLoops)
            self.newsAPI = newsAPI
            self.proxy = proxy
            self.holdsRequests = holdsRequests
            self.log = log
            self.verbose = verbose
        }
    }

    struct State {
        var listener: Socket?
        var loops: [EventLoop] = []
        var boundPort = 0
        var stopping = false
        var openConnections = 0
        var nextConnection = 0
        /// When `accept` last failed for want of descriptors: one log line per episode, which ends
        /// when accepts succeed again for a second.
        var lastExhaustion: ContinuousClock.Instant?
        var stubs: [(id: Int, stub: Stub, served: Int)] = []
        var nextStub = 0
        /// The state of each scenario that has left `StubScenario.started`.
        var scenarioStates: [String: String] = [:]
        /// NewsAPI requests made with each key, for `newsAPI.requestLimit`.
        var newsRequests: [String: Int] = [:]
        /// Held requests by journal sequence, and answers released before their request was held.
        var held = HeldRequests()
    }

    public let configuration: Configuration
    /// Every request read (admin requests excepted).
    public let journal: RequestJournal
    let state = Locked(State())
    /// The large images of the image routes, built once per id and size.
    let images = ImageBytes.Cache()
    let threads = DispatchGroup()
    /// Forwards what no stub answers, when the configuration names an upstream.
    let proxy: Proxy?

    public init(configuration: Configuration) {
        self.configuration = configuration
        journal = RequestJournal(limits: configuration.journal)
        proxy = configuration.proxy.map { Proxy($0, log: configuration.log) }
    }

    /// Binds and starts serving. Throws if the address cannot be bound.
    public func start() throws {
        if state.withLock({ $0.listener != nil }) { throw MockServerError.alreadyStarted }
        let listener = try Socket.listen(host: configuration.host, port: configuration.port)
        let loops: [EventLoop]
        do {
            loops = try (0..<configuration.eventLoops).map { _ in try EventLoop(server: self, listener: listener) }
        } catch {
            listener.closeNow()
            throw error
        }
        journal.reopen()
        state.withLock {
            $0.listener = listener
            $0.loops = loops
            $0.boundPort = listener.port
            $0.stopping = false
            Self.publishStubs($0)
        }
        for (index, loop) in loops.enumerated() {
            threads.enter()
            let thread = Thread { [threads] in
                loop.run()
                threads.leave()
            }
            thread.name = "mock-server loop \(index + 1)"
            thread.start()
        }
    }

    /// The bound port (after `start()`).
    public var port: Int { state.withLock { $0.boundPort } }

    /// `http://host:port`.
    public var baseURL: URL { URL(string: "http://\(configuration.host):\(port)")! }

    /// Stops: no new connections, waiters on `journal.next` released (admin waiters get 503), every
    /// open connection closed, the port released, every thread finished. Returns within about a
    /// second whatever is in flight.
    public func stop() {
        let (listener, loops) = state.withLock { state -> (Socket?, [EventLoop]) in
            state.stopping = true
            defer {
                state.listener = nil
                state.loops = []
                // Held requests name their loop: forgotten here, or the loops and the server keep
                // each other alive. The loops close those connections as they stop.
                state.held = HeldRequests()
            }
            return (state.listener, state.loops)
        }
        guard let listener else { return }
        // Waiters on the journal wake now; their 503 goes out while the loops drain (300 ms at most).
        journal.close()
        for loop in loops { loop.post(.stop) }
        threads.wait()
        listener.closeNow()
    }

    /// The number of connections open now.
    public var openConnections: Int { state.withLock { $0.openConnections } }

    // MARK: Connections (called by the event loops)

    /// Counts a new connection in and numbers it, or says why not (as a message for a 503).
    func admit() -> Result<Int, Refusal> {
        state.withLock { state in
            if state.stopping { return .failure(Refusal(message: "the server is stopping")) }
            guard state.openConnections < configuration.maxConnections else {
                return .failure(
                    Refusal(message: "the server serves at most \(configuration.maxConnections) connections at once"))
            }
            state.openConnections += 1
            state.nextConnection += 1
            return .success(state.nextConnection)
        }
    }

    /// Why a connection was not admitted.
    struct Refusal: Error {
        let message: String
    }

    func connectionClosed() { state.withLock { $0.openConnections -= 1 } }

    /// The event loop that serves connection `number`: they take turns.
    func loop(serving number: Int) -> EventLoop? {
        state.withLock { $0.loops.isEmpty ? nil : $0.loops[number % $0.loops.count] }
    }

    func descriptorsExhausted(_ code: Int32) {
        let first = state.withLock { state in
            defer { state.lastExhaustion = .now }
            return state.lastExhaustion == nil
        }
        if first {
            configuration.log(
                "out of file descriptors (\(code == EMFILE ? "EMFILE" : "ENFILE")); new clients get 503 until some are free"
            )
        }
    }

    func descriptorsAvailable() {
        state.withLock { state in
            if let last = state.lastExhaustion, last.duration(to: .now) > .seconds(1) { state.lastExhaustion = nil }
        }
    }

    /// Whole milliseconds, rounded up, for `poll`.
    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: max(1, duration.wholeMilliseconds + 1))
    }

    // MARK: Stubs

    /// Adds a stub; newer stubs are tried first. Returns its id.
    @discardableResult
    public func stub(_ stub: Stub) -> Int {
        state.withLock { state in
            state.nextStub += 1
            state.stubs.insert((state.nextStub, stub, 0), at: 0)
            Self.publishStubs(state)
            return state.nextStub
        }
    }

    /// Removes one stub; false if there was none with that id.
    @discardableResult
    public func removeStub(_ id: Int) -> Bool {
        state.withLock { state in
            let before = state.stubs.count
            state.stubs.removeAll { $0.id == id }
            Self.publishStubs(state)
            return state.stubs.count < before
        }
    }

    public func removeAllStubs() {
        state.withLock {
            $0.stubs = []
            Self.publishStubs($0)
        }
    }

    /// Removes every stub, forgets every request, restarts the NewsAPI request counts and puts
    /// every scenario back in `StubScenario.started`.
    public func reset() {
        state.withLock {
            $0.stubs = []
            $0.newsRequests = [:]
            $0.scenarioStates = [:]
            Self.publishStubs($0)
        }
        journal.reset()
    }

    /// Gives every loop the stubs as they are now; called with the server's lock held, in the same
    /// turn of it as the change, so a change is in every loop's view before the call that made it
    /// returns, and two changes reach the loops in the order they were made. (The server's lock is
    /// always taken before a loop's, never the other way round.)
    private static func publishStubs(_ state: State) {
        let stubs = state.stubs.map(\.stub)
        for loop in state.loops { loop.stubs.withLock { $0 = stubs } }
    }

    /// Counts a NewsAPI request against its key's limit; the 429 to send when the key has used it up.
    /// Requests without an accepted key are not counted (they get 401).
    func newsAPIQuotaRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard let limit = configuration.newsAPI.requestLimit, Routes.isNewsAPI(request.path),
            let key = NewsAPIRoute.key(of: request), configuration.newsAPI.accepts(key)
        else { return nil }
        let made = state.withLock { state in
            state.newsRequests[key, default: 0] += 1
            return state.newsRequests[key]!
        }
        return made > limit ? NewsAPIError.rateLimited.response : nil
    }

    /// The stubs now, newest first, with how many times each has answered.
    public var stubs: [(id: Int, stub: Stub, served: Int)] { state.withLock { $0.stubs } }

    /// The stubs nearest to matching `request`, at most `limit`, each with why it missed; empty if a
    /// stub matches it. As WireMock ranks them, the path weighs most: every stub whose path fits
    /// (or that names none) comes before every stub whose path differs, then fewer reasons, then
    /// newer stubs. A stub for the same path that differs in one query value is what a person was
    /// aiming at, more than a stub for another path that happens to differ in nothing else.
    /// A stub of a scenario in another state than the one it answers in misses for that reason too.
    public func nearMisses(for request: HTTPRequest, limit: Int = 3) -> [NearMiss] {
        let misses = state.withLock { state in
            state.stubs.map { entry in
                var reasons = entry.stub.pattern.misses(request)
                if let reason = Self.stateMiss(entry.stub, state.scenarioStates) { reasons.append(reason) }
                return NearMiss(stub: entry.id, pattern: entry.stub.pattern, reasons: reasons)
            }
        }
        if misses.contains(where: { $0.reasons.isEmpty }) { return [] }
        func rank(_ miss: NearMiss, _ offset: Int) -> (Int, Int, Int) {
            (miss.pattern.pathFits(request) ? 0 : 1, miss.reasons.count, offset)
        }
        return Array(
            misses.enumerated().sorted { rank($0.element, $0.offset) < rank($1.element, $1.offset) }.prefix(limit).map(
                \.element))
    }

    /// Whether a stub in `loop`'s view answers `request` (nothing is counted): the loop's own
    /// lock, not the server's, so that a request no stub answers takes no lock the loops share.
    /// A stub it finds is then taken, and counted, under the server's lock (`nextStubResponse`).
    func mayHaveStub(for request: HTTPRequest, on loop: EventLoop) -> Bool {
        loop.stubs.withLock { stubs in stubs.contains { $0.matches(request) } }
    }

    /// Whether a stub answers `request` now, its scenario's state included (nothing is counted).
    func hasStub(for request: HTTPRequest) -> Bool {
        state.withLock { state in
            state.stubs.contains { Self.stateMiss($0.stub, state.scenarioStates) == nil && $0.stub.matches(request) }
        }
    }

    /// What answered a request from a stub: its id, the response, and the scenario's state it
    /// answered in (and moved to).
    struct StubAnswer {
        let id: Int
        let response: StubResponse
        let scenario: String?
        let state: String?
        let newState: String?
    }

    /// The next scripted response for `request`, from the newest stub that matches it and whose
    /// scenario (if any) is in the state it answers in; moves the scenario on as the stub says.
    func nextStubResponse(for request: HTTPRequest) -> StubAnswer? {
        state.withLock { state in
            guard
                let index = state.stubs.firstIndex(where: {
                    Self.stateMiss($0.stub, state.scenarioStates) == nil && $0.stub.matches(request)
                })
            else { return nil }
            let stub = state.stubs[index].stub
            let response = stub.responses[min(state.stubs[index].served, stub.responses.count - 1)]
            state.stubs[index].served += 1
            var current: String?
            if let scenario = stub.scenario {
                current = state.scenarioStates[scenario] ?? StubScenario.started
                if let next = stub.newState { state.scenarioStates[scenario] = next }
            }
            return StubAnswer(
                id: state.stubs[index].id, response: response, scenario: stub.scenario, state: current,
                newState: stub.newState)
        }
    }

    /// Why `stub` does not answer in its scenario's present state, or nil when it does.
    private static func stateMiss(_ stub: Stub, _ states: [String: String]) -> String? {
        guard let scenario = stub.scenario, let required = stub.requiredState else { return nil }
        let current = states[scenario] ?? StubScenario.started
        return current == required
            ? nil : "scenario \(scenario): answers in state \(required), the scenario is in \(current)"
    }

    // MARK: Scenarios

    /// A scenario as the admin API lists it: its name, its state now, and every state its stubs name.
    public struct ScenarioStatus: Sendable, Equatable {
        public let name: String
        public let state: String
        public let possibleStates: [String]
    }

    /// Every scenario that a stub names, by name.
    public var scenarios: [ScenarioStatus] {
        state.withLock { state in
            var possible: [String: Set<String>] = [:]
            for entry in state.stubs {
                guard let name = entry.stub.scenario else { continue }
                possible[name, default: [StubScenario.started]].formUnion(
                    [entry.stub.requiredState, entry.stub.newState].compactMap { $0 })
            }
            return possible.keys.sorted().map { name in
                ScenarioStatus(
                    name: name, state: state.scenarioStates[name] ?? StubScenario.started,
                    possibleStates: possible[name]!.sorted())
            }
        }
    }

    /// Puts every scenario back in `StubScenario.started`.
    public func resetScenarios() { state.withLock { $0.scenarioStates = [:] } }

    /// Moves a scenario that a stub names to `newState`; false when no stub names it.
    @discardableResult
    public func setScenario(_ name: String, to newState: String) -> Bool {
        state.withLock { state in
            guard state.stubs.contains(where: { $0.stub.scenario == name }) else { return false }
            state.scenarioStates[name] = newState
            return true
        }
    }
}
