import Foundation

/// One connection's state, owned by one event loop (never touched from another thread).
final class LoopConnection {
    let socket: Socket
    let number: Int
    /// Bytes read and not yet parsed.
    var input = Data()
    /// Bytes being written, and how many of them are out.
    var output = Data()
    var written = 0
    /// The response under way, if any.
    var plan: ResponsePlan?
    /// The end of the current pause step.
    var pauseUntil: ContinuousClock.Instant?
    /// An admin request is being handled off the loop.
    var awaitingAnswer = false
    /// When the connection last finished a response (or opened).
    var idleSince: ContinuousClock.Instant
    /// The first byte of the request under way.
    var firstByte: ContinuousClock.Instant?
    /// Since when the client has taken no byte of `output`.
    var blockedSince: ContinuousClock.Instant?
    /// The client sent end of stream (or the connection failed).
    var peerClosed = false
    /// The head a `100 Continue` was sent for.
    var continuedHead: Int?
    /// The deadline this connection has an entry for in the timer heap.
    var scheduled: ContinuousClock.Instant?
    var closed = false

    init(socket: Socket, number: Int, now: ContinuousClock.Instant) {
        self.socket = socket
        self.number = number
        idleSince = now
    }

    var hasOutput: Bool { written < output.count }
}

extension EventLoop {
    func open(_ socket: Socket, number: Int) {
        socket.configureForLoop()
        let connection = LoopConnection(socket: socket, number: number, now: clock.now)
        connections[number] = connection
        numbers[socket.fd] = number
        settle(connection)
    }

    func ready(_ connection: LoopConnection, _ readiness: PollSet.Readiness) {
        if readiness.readable || readiness.failed, !connection.peerClosed { read(connection) }
        if readiness.failed, !readiness.readable { connection.peerClosed = true }
        advance(connection)
    }

    private func read(_ connection: LoopConnection) {
        var total = 0
        reading: while total < Self.readBudget {
            switch connection.socket.receive(appendingTo: &connection.input, using: &scratch) {
            case .bytes(let count): total += count
            case .wouldBlock: break reading
            case .end:
                connection.peerClosed = true
                break reading
            }
        }
        if connection.firstByte == nil, connection.plan == nil, !connection.awaitingAnswer, !connection.input.isEmpty {
            connection.firstByte = clock.now
        }
    }

    /// Moves the connection on as far as it can go now: writes, runs plan steps, parses and
    /// answers requests in order. Then watches and schedules what it waits for.
    func advance(_ connection: LoopConnection) {
        work: while !connection.closed {
            if connection.hasOutput, !flush(connection) { break }
            if connection.plan != nil {
                guard runStep(connection) else { break work }
                continue
            }
            if connection.awaitingAnswer { break }
            if drainUntil != nil {
                close(connection)  // stopping: no new requests
                break
            }
            let parsed: (request: HTTPRequest, consumed: Int)?
            do {
                parsed = try HTTPRequestParser().parse(connection.input)
            } catch {
                connection.plan = server.closingPlan(error.status, error.message)
                continue
            }
            if let (request, consumed) = parsed {
                connection.input.removeFirst(consumed)
                connection.continuedHead = nil
                if request.path.hasPrefix("/__admin/") || request.path == "/__admin" {
                    answerOffLoop(request, on: connection)
                    break
                }
                if let proxy = server.proxy, !server.hasStub(for: request) {
                    forwardOffLoop(request, through: proxy, on: connection)
                    break
                }
                connection.plan = server.plan(for: request, connection: connection.number)
                continue
            }
            if connection.peerClosed {
                close(connection)  // the client left without a whole request
                break
            }
            // A client that sent `Expect: 100-continue` waits for this before sending its body.
            if let headEnd = HTTPRequestParser().awaitsContinue(connection.input), connection.continuedHead != headEnd {
                connection.continuedHead = headEnd
                connection.output = Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                connection.written = 0
                continue
            }
            break
        }
        settle(connection)
    }

    /// Runs the next step of the plan (or ends it); false when the connection must wait (or closed).
    private func runStep(_ connection: LoopConnection) -> Bool {
        guard let plan = connection.plan else { return true }
        guard plan.next < plan.steps.count else {
            connection.plan = nil
            guard plan.keepAlive else {
                close(connection)
                return false
            }
            connection.idleSince = clock.now
            connection.firstByte = connection.input.isEmpty ? nil : clock.now
            return true
        }
        switch plan.steps[plan.next] {
        case .write(let data):
            connection.output = data
            connection.written = 0
        case .record(let status):
            if let sequence = plan.sequence { server.journal.update(sequence) { $0.status = status } }
        case .pause(let milliseconds):
            if connection.peerClosed {
                wentAway(connection)
                return false
            }
            guard let until = connection.pauseUntil else {
                connection.pauseUntil = clock.now + .milliseconds(milliseconds)
                return false
            }
            guard clock.now >= until else { return false }
            connection.pauseUntil = nil
        case .reset:
            connection.socket.armReset()
            close(connection)
            return false
        case .close:
            close(connection)
            return false
        case .stall:
            if connection.peerClosed { wentAway(connection) }
            return false
        }
        connection.plan?.next += 1
        return true
    }

    /// Writes what the socket takes; true when all of `output` is out.
    private func flush(_ connection: LoopConnection) -> Bool {
        switch connection.socket.send(connection.output, from: &connection.written) {
        case .done:
            connection.output = Data()
            connection.written = 0
            connection.blockedSince = nil
            return true
        case .wouldBlock(let progressed):
            if progressed || connection.blockedSince == nil { connection.blockedSince = clock.now }
            return false
        case .failed:
            wentAway(connection)
            return false
        }
    }

    private func answerOffLoop(_ request: HTTPRequest, on connection: LoopConnection) {
        connection.awaitingAnswer = true
        connection.firstByte = nil
        let number = connection.number
        DispatchQueue.global().async { [server, self] in
            let response = AdminAPI(server: server).handle(request)
            let keepAlive = request.keepsAlive
            post(.answer(connection: number, bytes: server.encode(response, method: request.method, keepAlive: keepAlive), keepAlive: keepAlive))
        }
    }

    /// Forwards a request no stub answers to the proxy's upstream, off the loop; the journal names
    /// the route `proxy`.
    private func forwardOffLoop(_ request: HTTPRequest, through proxy: Proxy, on connection: LoopConnection) {
        connection.awaitingAnswer = true
        connection.firstByte = nil
        let number = connection.number
        let sequence = server.journal.record(request, connection: number)
        DispatchQueue.global().async { [server, self] in
            let response = proxy.forward(request)
            server.journal.update(sequence) {
                $0.status = response.status
                $0.route = "proxy"
            }
            let keepAlive = request.keepsAlive
            post(.answer(connection: number, bytes: server.encode(response, method: request.method, keepAlive: keepAlive), keepAlive: keepAlive))
        }
    }

    // MARK: Deadlines

    /// What the connection waits for next, if it is bounded in time.
    private func deadline(_ connection: LoopConnection) -> ContinuousClock.Instant? {
        let configuration = server.configuration
        if connection.hasOutput { return (connection.blockedSince ?? clock.now) + configuration.writeTimeout }
        if connection.plan != nil { return connection.pauseUntil }
        if connection.awaitingAnswer { return nil }
        return connection.firstByte.map { $0 + configuration.headerTimeout } ?? connection.idleSince + configuration.idleTimeout
    }

    /// Watches the socket for what the connection needs, and keeps a timer entry for its deadline.
    private func settle(_ connection: LoopConnection) {
        guard !connection.closed else { return }
        if connection.peerClosed, !connection.hasOutput {
            // Nothing more to read or write: only an answer or a timer moves it on; a hung-up
            // socket would otherwise wake the loop again and again.
            polls.remove(connection.socket.fd)
        } else {
            let reading = !connection.peerClosed && connection.input.count < Self.inputCap
            polls.watch(connection.socket.fd, read: reading, write: connection.hasOutput)
        }
        if let deadline = deadline(connection), connection.scheduled.map({ deadline < $0 }) ?? true {
            timers.push(TimerHeap.Entry(deadline: deadline, connection: connection.number))
            connection.scheduled = deadline
        }
    }

    /// A deadline of this connection came due.
    func expire(_ connection: LoopConnection) {
        guard let deadline = deadline(connection) else { return settle(connection) }
        guard clock.now >= deadline else { return settle(connection) }
        if connection.hasOutput {
            // The client takes nothing: abandon the response, reset the connection.
            connection.socket.armReset()
            wentAway(connection)
        } else if connection.plan != nil {
            advance(connection)  // a pause is over
        } else if connection.firstByte != nil {
            connection.plan = server.closingPlan(408, "the request was not completed within the header timeout")
            advance(connection)
        } else {
            close(connection)  // idle
        }
    }

    // MARK: Closing

    /// The client left (or stopped reading) before the response was complete.
    private func wentAway(_ connection: LoopConnection) {
        if let sequence = connection.plan?.sequence { server.journal.update(sequence) { $0.clientWentAway = true } }
        close(connection)
    }

    func close(_ connection: LoopConnection) {
        guard !connection.closed else { return }
        connection.closed = true
        polls.remove(connection.socket.fd)
        numbers.removeValue(forKey: connection.socket.fd)
        connections.removeValue(forKey: connection.number)
        connection.socket.closeNow()
        server.connectionClosed()
    }
}
