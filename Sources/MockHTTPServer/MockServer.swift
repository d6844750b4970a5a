import Foundation
import MVICore

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
/// One thread accepts, one thread serves each connection: requests on a connection are answered in
/// order (pipelining), with keep-alive for HTTP/1.1 and close for HTTP/1.0 unless asked otherwise.
/// Admin requests (`/__admin/...`, see docs/mock-server.md) drive the same server over HTTP.
public final class MockServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// The address to bind; loopback by default.
        public var host: String
        /// The port; 0 picks a free one.
        public var port: Int
        public var data: MockData
        /// A connection with no complete request for this long is closed (408 if a request was under way).
        public var idleTimeout: Duration
        /// Connections served at once; more are answered 503 and closed.
        public var maxConnections: Int

        public init(host: String = "127.0.0.1", port: Int = 0, data: MockData, idleTimeout: Duration = .seconds(30), maxConnections: Int = 1024) {
            self.host = host
            self.port = port
            self.data = data
            self.idleTimeout = idleTimeout
            self.maxConnections = maxConnections
        }
    }

    private struct State {
        var listener: Socket?
        var stopping = false
        var connections: [Int: Socket] = [:]
        var nextConnection = 0
        var stubs: [(id: Int, stub: Stub, served: Int)] = []
        var nextStub = 0
    }

    public let configuration: Configuration
    /// Every request read (admin requests excepted).
    public let journal = RequestJournal()
    private let state = Locked(State())
    private let threads = DispatchGroup()
    private var boundPort = 0

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Binds and starts serving. Throws if the address cannot be bound.
    public func start() throws {
        if state.withLock({ $0.listener != nil }) { throw MockServerError.alreadyStarted }
        let listener = try Socket.listen(host: configuration.host, port: configuration.port)
        boundPort = listener.port
        state.withLock {
            $0.listener = listener
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
    public var port: Int { boundPort }

    /// `http://host:port`.
    public var baseURL: URL { URL(string: "http://\(configuration.host):\(boundPort)")! }

    /// Stops: no new connections, every open connection closed, the port released, every thread finished.
    public func stop() {
        let (listener, open) = state.withLock { state -> (Socket?, [Socket]) in
            state.stopping = true
            defer { state.listener = nil }
            return (state.listener, Array(state.connections.values))
        }
        guard let listener else { return }
        listener.shutdownBoth()
        for connection in open { connection.shutdownBoth() }
        threads.wait()
        listener.closeNow()
    }

    /// The number of connections open now.
    public var openConnections: Int { state.withLock { $0.connections.count } }

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

    private func nextStubResponse(for request: HTTPRequest) -> StubResponse? {
        state.withLock { state in
            guard let index = state.stubs.firstIndex(where: { $0.stub.matches(request) }) else { return nil }
            let responses = state.stubs[index].stub.responses
            let response = responses[min(state.stubs[index].served, responses.count - 1)]
            state.stubs[index].served += 1
            return response
        }
    }

    // MARK: Connections

    private var isStopping: Bool { state.withLock { $0.stopping } }

    private func acceptLoop(_ listener: Socket) {
        while !isStopping {
            guard listener.waitReadable(milliseconds: 250) else { continue }
            guard let client = listener.accept() else { continue }
            let admitted = state.withLock { state -> Int? in
                guard !state.stopping, state.connections.count < configuration.maxConnections else { return nil }
                state.nextConnection += 1
                state.connections[state.nextConnection] = client
                return state.nextConnection
            }
            guard let number = admitted else {
                client.write(HTTPWriter.head(HTTPResponse(status: 503, headers: [("Content-Length", "0"), ("Connection", "close")])))
                client.closeNow()
                continue
            }
            threads.enter()
            let thread = Thread { [self] in
                serve(client, number: number)
                state.withLock { _ = $0.connections.removeValue(forKey: number) }
                client.closeNow()
                threads.leave()
            }
            thread.name = "mock-server connection \(number)"
            thread.start()
        }
    }

    private func serve(_ socket: Socket, number: Int) {
        let parser = HTTPRequestParser()
        var buffer = Data()
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        var continuedHead: Int?
        var waitedMilliseconds: Int64 = 0
        let idleLimit = configuration.idleTimeout.wholeMilliseconds
        while !isStopping {
            let parsed: (request: HTTPRequest, consumed: Int)?
            do {
                parsed = try parser.parse(buffer)
            } catch {
                let body = JSON.object([("message", .string(error.message))]).text
                socket.write(encode(.json(error.status, body), method: "GET", keepAlive: false))
                return
            }
            if let (request, consumed) = parsed {
                buffer.removeFirst(consumed)
                waitedMilliseconds = 0
                continuedHead = nil
                guard respond(to: request, on: socket, connection: number) else { return }
                continue
            }
            // A client that sent `Expect: 100-continue` waits for this before sending its body.
            if let headEnd = parser.awaitsContinue(buffer), continuedHead != headEnd {
                continuedHead = headEnd
                guard socket.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
            }
            // More bytes are needed: wait for them, but not forever.
            if !socket.waitReadable(milliseconds: 100) {
                waitedMilliseconds += 100
                if waitedMilliseconds >= idleLimit {
                    if !buffer.isEmpty {
                        let body = JSON.object([("message", .string("the request was not completed within the idle timeout"))]).text
                        socket.write(encode(.json(408, body), method: "GET", keepAlive: false))
                    }
                    return
                }
                continue
            }
            guard socket.read(appendingTo: &buffer, using: &scratch) > 0 else { return }  // the client went away
        }
    }

    /// Answers one request; false when the connection must close.
    private func respond(to request: HTTPRequest, on socket: Socket, connection: Int) -> Bool {
        let keepAlive = request.keepsAlive
        if request.path.hasPrefix("/__admin/") || request.path == "/__admin" {
            let response = AdminAPI(server: self).handle(request)
            return socket.write(encode(response, method: request.method, keepAlive: keepAlive)) && keepAlive
        }
        let sequence = journal.record(request, connection: connection)
        if let scripted = nextStubResponse(for: request) {
            return serve(scripted, to: request, on: socket, sequence: sequence, keepAlive: keepAlive)
        }
        let origin = "http://\(configuration.host):\(boundPort)"
        let response = Routes(data: configuration.data, origin: origin).handle(request)
        // Recorded before the response is written, so a client that has its answer finds it in the journal.
        journal.update(sequence) { $0.status = response.status }
        let sent = socket.write(encode(response, method: request.method, keepAlive: keepAlive))
        if !sent { journal.update(sequence) { $0.clientWentAway = true } }
        return sent && keepAlive
    }

    private func serve(_ scripted: StubResponse, to request: HTTPRequest, on socket: Socket, sequence: Int, keepAlive: Bool) -> Bool {
        func wentAway() -> Bool {
            journal.update(sequence) { $0.clientWentAway = true }
            return false
        }
        if let fault = scripted.fault {
            journal.update(sequence) { $0.fault = fault }
            switch fault {
            case .connectionReset:
                socket.armReset()
                return false
            case .emptyResponse:
                return false
            case .malformedChunk:
                socket.write(HTTPWriter.head(HTTPResponse(status: 200, headers: [("Transfer-Encoding", "chunked"), ("Connection", "close")])))
                socket.write(Data("zz\r\nnot a chunk\r\n".utf8))
                return false
            case .garbageThenClose:
                socket.write(Data("this is not HTTP\r\n\u{0}\u{1}\u{2}\r\n\r\n".utf8))
                return false
            case .stall:
                while !isStopping {
                    if !stillThere(socket, milliseconds: 100) { return wentAway() }
                }
                return false
            }
        }
        if scripted.delayMilliseconds > 0, !wait(scripted.delayMilliseconds, watching: socket) { return wentAway() }
        journal.update(sequence) { $0.status = scripted.status }
        var response = HTTPResponse(status: scripted.status, headers: scripted.headers, body: scripted.body)
        let isHead = request.method == "HEAD"
        if scripted.chunked {
            response.headers.append(("Transfer-Encoding", "chunked"))
            response.headers.append(("Connection", keepAlive ? "keep-alive" : "close"))
            guard socket.write(HTTPWriter.head(response)) else { return wentAway() }
            if !isHead {
                var offset = 0
                while offset < response.body.count {
                    let end = min(offset + max(1, scripted.chunkSize), response.body.count)
                    var piece = Data((String(end - offset, radix: 16) + "\r\n").utf8)
                    piece.append(response.body[offset..<end])
                    piece.append(contentsOf: [13, 10])
                    guard send(piece, throttled: scripted, on: socket) else { return wentAway() }
                    offset = end
                }
                guard socket.write(Data("0\r\n\r\n".utf8)) else { return wentAway() }
            }
        } else {
            let head = encode(HTTPResponse(status: response.status, headers: response.headers), method: request.method, keepAlive: keepAlive,
                              contentLength: response.body.count)
            guard socket.write(head) else { return wentAway() }
            if !isHead, !response.body.isEmpty {
                guard send(response.body, throttled: scripted, on: socket) else { return wentAway() }
            }
        }
        return keepAlive
    }

    private func send(_ data: Data, throttled scripted: StubResponse, on socket: Socket) -> Bool {
        guard let step = scripted.throttleBytes, step > 0 else { return socket.write(data) }
        var offset = 0
        while offset < data.count {
            let end = min(offset + step, data.count)
            guard socket.write(data.subdata(in: offset..<end)) else { return false }
            offset = end
            if offset < data.count, scripted.throttleMilliseconds > 0, !wait(scripted.throttleMilliseconds, watching: socket) { return false }
        }
        return true
    }

    /// Waits, watching for the client going away; false if it did (or the server is stopping).
    private func wait(_ milliseconds: Int, watching socket: Socket) -> Bool {
        var left = milliseconds
        while left > 0 {
            if isStopping { return false }
            let slice = min(left, 50)
            if !stillThere(socket, milliseconds: Int32(slice)) { return false }
            left -= slice
        }
        return true
    }

    /// Waits up to `milliseconds`; false if the peer closed the connection meanwhile.
    private func stillThere(_ socket: Socket, milliseconds: Int32) -> Bool {
        guard socket.waitReadable(milliseconds: milliseconds) else { return true }
        var byte: UInt8 = 0
        let peeked = recv(socket.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked == 0 { return false }
        if peeked < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
        // A pipelined request is waiting: the client is there. Do not spin on it.
        usleep(useconds_t(milliseconds) * 1000)
        return true
    }

    /// The head and body of a response, with Content-Length, Connection and Server set; no body for HEAD or 304.
    private func encode(_ response: HTTPResponse, method: String, keepAlive: Bool, contentLength: Int? = nil) -> Data {
        var headers = response.headers.filter { !["content-length", "connection"].contains($0.name.lowercased()) }
        headers.append(("Content-Length", String(contentLength ?? response.body.count)))
        headers.append(("Connection", keepAlive ? "keep-alive" : "close"))
        headers.append(("Server", "mock-server"))
        var data = HTTPWriter.head(HTTPResponse(status: response.status, headers: headers))
        if method != "HEAD", response.status != 304, response.status != 204 { data.append(response.body) }
        return data
    }
}
