import Foundation

/// What to send for one request, step by step: the event loop runs the steps in order, writing,
/// waiting on its timers (delays, throttles) and closing, without a thread of its own.
struct ResponsePlan {
    enum Step {
        /// Send these bytes (the next step starts once they are all written).
        case write(Data)
        /// Wait this long; a client that goes away meanwhile is recorded as gone.
        case pause(milliseconds: Int)
        /// Record the status in the journal (just before the head is written).
        case record(status: Int)
        /// Close with a TCP reset.
        case reset
        /// Close (after what was written).
        case close
        /// Never go on: until the client goes away or the server stops.
        case stall
    }

    var steps: [Step]
    var next = 0
    /// The journal entry to mark `clientWentAway` if the client leaves before the end.
    let sequence: Int?
    /// Whether the connection serves another request after this one.
    let keepAlive: Bool

    init(_ steps: [Step], sequence: Int? = nil, keepAlive: Bool) {
        self.steps = steps
        self.sequence = sequence
        self.keepAlive = keepAlive
    }
}

extension MockServer {
    /// The plan for a request that is not an admin request, served on `loop`; records it in the
    /// journal. A request that no stub in the loop's view matches takes no lock the loops share
    /// until the journal's.
    func plan(for request: HTTPRequest, connection: Int, on loop: EventLoop) -> ResponsePlan {
        let keepAlive = request.keepsAlive
        let started = configuration.verbose == nil ? nil : ContinuousClock.now
        if mayHaveStub(for: request, on: loop), let answer = nextStubResponse(for: request) {
            let sequence = journal.record(request, connection: connection)
            journal.update(sequence) {
                $0.stub = answer.id
                $0.scenario = answer.scenario
                $0.scenarioState = answer.state
            }
            let plan = plan(answer.response, for: request, sequence: sequence, keepAlive: keepAlive)
            if let started {
                var what = "stub \(answer.id)"
                if let fault = answer.response.fault { what += " fault \(fault.rawValue)" }
                if let scenario = answer.scenario, let state = answer.state {
                    what += " (scenario \(scenario): \(state)\(answer.newState.map { " -> " + $0 } ?? ""))"
                }
                say(request, status: answer.response.fault == nil ? answer.response.status : nil, what, since: started)
            }
            return plan
        }
        let answer: ResponseCache.Answer
        if let refusal = newsAPIQuotaRefusal(request) {
            answer = ResponseCache.Answer(
                status: refusal.status, bytes: encode(refusal, method: request.method, keepAlive: keepAlive))
        } else {
            answer = loop.answers.answer(request, keepAlive: keepAlive) {
                let routes = Routes(
                    data: configuration.data, origin: "http://\(configuration.host):\(port)",
                    newsKeys: configuration.newsAPI,
                    images: images)
                let response = routes.handle(request)
                return ResponseCache.Answer(
                    status: response.status, bytes: encode(response, method: request.method, keepAlive: keepAlive),
                    route: Routes.name(of: request.path))
            }
        }
        // Recorded, with its answer's status, before the response is written, so a client that has
        // its answer finds it in the journal.
        let route = answer.route ?? Routes.name(of: request.path)
        let sequence = journal.record(request, connection: connection, status: answer.status, route: route)
        if let started { say(request, status: answer.status, "route \(route)", since: started) }
        return ResponsePlan([.write(answer.bytes)], sequence: sequence, keepAlive: keepAlive)
    }

    /// The `--verbose` line for a request: method, target, status (`-` for a fault), what answered
    /// it, and the time since `started`, in milliseconds.
    func say(_ request: HTTPRequest, status: Int?, _ what: String, since started: ContinuousClock.Instant) {
        guard let verbose = configuration.verbose else { return }
        let elapsed = started.duration(to: .now)
        let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        let milliseconds = "\(microseconds / 1000).\(String(1000 + microseconds % 1000).dropFirst())"
        verbose("\(request.method) \(request.target) \(status.map(String.init) ?? "-") \(what) \(milliseconds) ms")
    }

    /// A plan that answers with `status` and a JSON message, then closes.
    func closingPlan(_ status: Int, _ message: String) -> ResponsePlan {
        ResponsePlan([.write(encode(.message(status, message), method: "GET", keepAlive: false))], keepAlive: false)
    }

    private func plan(_ scripted: StubResponse, for request: HTTPRequest, sequence: Int, keepAlive: Bool)
        -> ResponsePlan
    {
        if let fault = scripted.fault {
            journal.update(sequence) { $0.fault = fault }
            return ResponsePlan(steps(for: fault), sequence: sequence, keepAlive: false)
        }
        var steps: [ResponsePlan.Step] = []
        if scripted.delayMilliseconds > 0 { steps.append(.pause(milliseconds: scripted.delayMilliseconds)) }
        steps.append(.record(status: scripted.status))
        var response = HTTPResponse(status: scripted.status, headers: scripted.headers, body: scripted.body)
        let isHead = request.method == "HEAD"
        if scripted.chunked {
            response.headers.append(("Transfer-Encoding", "chunked"))
            response.headers.append(("Connection", keepAlive ? "keep-alive" : "close"))
            steps.append(.write(HTTPWriter.head(response)))
            if !isHead {
                var offset = 0
                while offset < response.body.count {
                    let end = min(offset + max(1, scripted.chunkSize), response.body.count)
                    var piece = Data((String(end - offset, radix: 16) + "\r\n").utf8)
                    piece.append(response.body[offset..<end])
                    piece.append(contentsOf: [13, 10])
                    steps += throttled(piece, scripted)
                    offset = end
                }
                steps.append(.write(Data("0\r\n\r\n".utf8)))
            }
        } else {
            steps.append(
                .write(
                    encode(
                        HTTPResponse(status: response.status, headers: response.headers), method: request.method,
                        keepAlive: keepAlive, contentLength: response.body.count)))
            if !isHead, !response.body.isEmpty { steps += throttled(response.body, scripted) }
        }
        return ResponsePlan(steps, sequence: sequence, keepAlive: keepAlive)
    }

    /// `data` in pieces of `throttleBytes` with a pause between them, or whole.
    private func throttled(_ data: Data, _ scripted: StubResponse) -> [ResponsePlan.Step] {
        guard let step = scripted.throttleBytes, step > 0, data.count > step else { return [.write(data)] }
        var steps: [ResponsePlan.Step] = []
        var offset = 0
        while offset < data.count {
            let end = min(offset + step, data.count)
            if offset > 0, scripted.throttleMilliseconds > 0 {
                steps.append(.pause(milliseconds: scripted.throttleMilliseconds))
            }
            steps.append(.write(data.subdata(in: offset..<end)))
            offset = end
        }
        return steps
    }

    private func steps(for fault: Fault) -> [ResponsePlan.Step] {
        switch fault {
        case .connectionReset: [.reset]
        case .emptyResponse: [.close]
        case .malformedChunk:
            [
                .write(
                    HTTPWriter.head(
                        HTTPResponse(status: 200, headers: [("Transfer-Encoding", "chunked"), ("Connection", "close")]))
                ),
                .write(Data("zz\r\nnot a chunk\r\n".utf8)), .close,
            ]
        case .garbageThenClose: [.write(Data("this is not HTTP\r\n\u{0}\u{1}\u{2}\r\n\r\n".utf8)), .close]
        case .truncatedBody:
            [
                .write(
                    HTTPWriter.head(
                        HTTPResponse(
                            status: 200,
                            headers: [
                                ("Content-Type", "application/json"), ("Content-Length", "52"), ("Connection", "close"),
                            ])) + Data("{\"truncated\":".utf8)), .close,
            ]
        case .stall: [.stall]
        }
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
