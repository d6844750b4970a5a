import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MockServer {
    /// Serves one connection until it closes, times out, or the server stops.
    ///
    /// Deadlines: with no request under way the connection may stay idle for `idleTimeout`; from the
    /// first byte of a request, the whole request must arrive within `headerTimeout` (else 408).
    func serve(_ socket: Socket, number: Int) {
        let parser = HTTPRequestParser()
        let clock = ContinuousClock()
        var buffer = Data()
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        var continuedHead: Int?
        var idleSince = clock.now
        var firstByte: ContinuousClock.Instant?
        while !isStopping {
            let parsed: (request: HTTPRequest, consumed: Int)?
            do {
                parsed = try parser.parse(buffer)
            } catch {
                let body = JSON.object([("message", .string(error.message))]).text
                write(encode(.json(error.status, body), method: "GET", keepAlive: false), to: socket)
                return
            }
            if let (request, consumed) = parsed {
                buffer.removeFirst(consumed)
                continuedHead = nil
                guard respond(to: request, on: socket, connection: number) else { return }
                idleSince = clock.now
                firstByte = buffer.isEmpty ? nil : clock.now
                continue
            }
            // A client that sent `Expect: 100-continue` waits for this before sending its body.
            if let headEnd = parser.awaitsContinue(buffer), continuedHead != headEnd {
                continuedHead = headEnd
                guard write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: socket) else { return }
            }
            let deadline = firstByte.map { $0 + configuration.headerTimeout } ?? idleSince + configuration.idleTimeout
            let left = clock.now.duration(to: deadline)
            if left <= .zero {
                if firstByte != nil {
                    let body = JSON.object([("message", .string("the request was not completed within the header timeout"))]).text
                    write(encode(.json(408, body), method: "GET", keepAlive: false), to: socket)
                }
                return
            }
            // Sleeps until bytes come, the peer closes, `stop` shuts the socket, or the deadline passes.
            guard socket.waitReadable(milliseconds: Self.milliseconds(left)) else { continue }
            guard socket.read(appendingTo: &buffer, using: &scratch) > 0 else { return }  // the client went away
            if firstByte == nil { firstByte = clock.now }
        }
    }

    /// Whole milliseconds, rounded up, for `poll`.
    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: max(1, duration.wholeMilliseconds + 1))
    }

    /// Writes all of `data`; false if the client went away or took no byte for `writeTimeout`, in
    /// which case the connection will close with a reset (the client is not reading).
    @discardableResult
    func write(_ data: Data, to socket: Socket) -> Bool {
        switch socket.write(data, stallLimit: Self.milliseconds(configuration.writeTimeout)) {
        case .written: return true
        case .gone: return false
        case .stalled:
            socket.armReset()
            return false
        }
    }

    /// Answers one request; false when the connection must close.
    func respond(to request: HTTPRequest, on socket: Socket, connection: Int) -> Bool {
        let keepAlive = request.keepsAlive
        if request.path.hasPrefix("/__admin/") || request.path == "/__admin" {
            let response = AdminAPI(server: self).handle(request)
            return write(encode(response, method: request.method, keepAlive: keepAlive), to: socket) && keepAlive
        }
        let sequence = journal.record(request, connection: connection)
        if let (id, scripted) = nextStubResponse(for: request) {
            journal.update(sequence) { $0.stub = id }
            return serve(scripted, to: request, on: socket, sequence: sequence, keepAlive: keepAlive)
        }
        let routes = Routes(data: configuration.data, origin: "http://\(configuration.host):\(port)")
        let response = routes.handle(request)
        // Recorded before the response is written, so a client that has its answer finds it in the journal.
        journal.update(sequence) {
            $0.status = response.status
            $0.route = Routes.name(of: request.path)
        }
        let sent = write(encode(response, method: request.method, keepAlive: keepAlive), to: socket)
        if !sent { journal.update(sequence) { $0.clientWentAway = true } }
        return sent && keepAlive
    }

    /// The head and body of a response, with Content-Length, Connection and Server set; no body for HEAD, 204 or 304.
    func encode(_ response: HTTPResponse, method: String, keepAlive: Bool, contentLength: Int? = nil) -> Data {
        var headers = response.headers.filter { !["content-length", "connection"].contains($0.name.lowercased()) }
        headers.append(("Content-Length", String(contentLength ?? response.body.count)))
        headers.append(("Connection", keepAlive ? "keep-alive" : "close"))
        headers.append(("Server", "mock-server"))
        var data = HTTPWriter.head(HTTPResponse(status: response.status, headers: headers))
        if method != "HEAD", response.status != 304, response.status != 204 { data.append(response.body) }
        return data
    }
}
