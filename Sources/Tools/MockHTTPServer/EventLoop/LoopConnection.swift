import Foundation

/// One connection, owned by one event loop (never touched from another thread): its socket, the
/// bytes in flight, and where it is in its requests and responses (`machine`).
final class LoopConnection {
    let socket: Socket
    let number: Int
    /// Where the connection is: reading a request, responding, awaiting an answer, closed.
    var machine: ConnectionStateMachine
    /// Bytes read and not yet parsed.
    var input: [UInt8] = []
    /// Bytes being written, and how many of them are out.
    var output = Data()
    var written = 0
    /// Since when the client has taken no byte of `output`.
    var blockedSince: Duration?
    /// The deadline this connection has an entry for in the timer heap.
    var scheduled: Duration?
    /// The journal sequence of the request this connection holds for `MockServer.release`.
    var heldSequence: Int?

    init(socket: Socket, number: Int, now: ConnectionStateMachine.Instant) {
        self.socket = socket
        self.number = number
        machine = ConnectionStateMachine(now: now)
    }

    var hasOutput: Bool { written < output.count }

    /// Starts writing `bytes`; called once the bytes before them are all out.
    func write(_ bytes: Data) {
        output = bytes
        written = 0
    }
}

extension EventLoop {
    /// The loop's clock as the connections' state machines read it: the time since the loop began.
    var loopTime: Duration { epoch.duration(to: clock.now) }

    /// The open connection on that descriptor, if any.
    func connection(descriptor: Int32) -> LoopConnection? {
        let index = Int(descriptor)
        return index >= 0 && index < byDescriptor.count ? byDescriptor[index] : nil
    }

    func open(_ socket: Socket, number: Int) {
        socket.configureForLoop()
        let connection = LoopConnection(socket: socket, number: number, now: loopTime)
        connections[number] = connection
        let descriptor = Int(socket.fd)
        if descriptor >= byDescriptor.count {
            byDescriptor.append(contentsOf: repeatElement(nil, count: descriptor + 1 - byDescriptor.count))
        }
        byDescriptor[descriptor] = connection
        settle(connection)
    }

    func ready(_ connection: LoopConnection, _ readiness: PollSet.Readiness) {
        if readiness.readable || readiness.failed, !connection.machine.peerClosed { read(connection) }
        if readiness.failed, !readiness.readable { connection.machine.peerHungUp() }
        if connection.machine.peerClosed, let sequence = connection.heldSequence {
            // The client gave up on a held request (it cancelled, or timed out) before its answer:
            // no one is left to answer.
            server.journal.update(sequence) { $0.clientWentAway = true }
            return close(connection)
        }
        advance(connection)
    }

    private func read(_ connection: LoopConnection) {
        // The input and the scratch buffer are taken out into locals for the reads (each then the
        // only reference to its storage, so appending copies nothing) and put back after: an
        // access to a class's property that spans a call is checked for exclusivity at run time,
        // and one that spans none is proven exclusive when the module is compiled.
        var input = connection.input
        connection.input = []
        var buffer = scratch
        scratch = []
        var total = 0
        var ended = false
        reading: while total < Self.readBudget {
            switch connection.socket.receive(appendingTo: &input, using: &buffer) {
            case .bytes(let count):
                total += count
                // A short read took all there was: asking again would only say EAGAIN, a system
                // call per request for nothing. The end of stream, if it follows, wakes `poll` again.
                if count < buffer.count { break reading }
            case .wouldBlock: break reading
            case .end:
                ended = true
                break reading
            }
        }
        scratch = buffer
        connection.input = input
        if ended { connection.machine.peerHungUp() }
        if !input.isEmpty { connection.machine.bytesArrived(now: loopTime) }
    }

    /// Moves the connection on as far as it can go now: writes, runs the response's steps, parses
    /// and answers requests in order. Then watches and schedules what it waits for.
    func advance(_ connection: LoopConnection) {
        work: while true {
            if connection.hasOutput, !flush(connection) { break }
            switch connection.machine.state {
            case .closed, .awaitingAnswer:
                break work
            case .responding:
                guard runStep(connection) else { break work }
            case .reading:
                guard readRequest(connection) else { break work }
            }
        }
        settle(connection)
    }

    /// Does what the response's next step says; false when the connection must wait (or closed).
    private func runStep(_ connection: LoopConnection) -> Bool {
        // The machine is copied out for the step and back after (see `read`).
        var machine = connection.machine
        let action = machine.nextStep(now: loopTime, inputIsEmpty: connection.input.isEmpty)
        connection.machine = machine
        switch action {
        case .write(let data): connection.write(data)
        case .record(let sequence, let status): server.journal.update(sequence) { $0.status = status }
        case .proceed, .readNext: break
        case .wait: return false
        case .close:
            close(connection)
            return false
        case .reset:
            connection.socket.armReset()
            close(connection)
            return false
        case .wentAway(let sequence):
            wentAway(connection, sequence: sequence)
            return false
        }
        return true
    }

    /// Parses the next request and starts its answer, or a `100 Continue`; false when the
    /// connection must wait for more bytes (or closed).
    private func readRequest(_ connection: LoopConnection) -> Bool {
        if drainUntil != nil {
            close(connection)  // stopping: no new requests
            return false
        }
        if connection.input.isEmpty {
            // Nothing to parse (the usual case once a response is out): no parse, no allocation.
            if connection.machine.peerClosed { close(connection) }
            return false
        }
        let parsed: (request: HTTPRequest, consumed: Int)?
        do {
            parsed = try HTTPRequestParser().parse(bytes: connection.input)
        } catch {
            connection.machine.respond(server.closingPlan(error.status, error.message))
            return true
        }
        if let (request, consumed) = parsed {
            var input = connection.input  // taken out and put back, as in `read`
            connection.input = []
            input.removeFirst(consumed)
            connection.input = input
            if request.path.hasPrefix("/__admin/") || request.path == "/__admin" {
                answerOffLoop(request, on: connection)
                return false
            }
            if server.configuration.holdsRequests {
                holdOffLoop(request, on: connection)
                return false
            }
            if let proxy = server.proxy, !server.hasStub(for: request) {
                forwardOffLoop(request, through: proxy, on: connection)
                return false
            }
            let plan = server.plan(for: request, connection: connection.number, on: self)
            connection.machine.respond(plan)
            return true
        }
        if connection.machine.peerClosed {
            close(connection)  // the client left without a whole request
            return false
        }
        if let headEnd = HTTPRequestParser().awaitsContinue(connection.input),
            connection.machine.shouldContinue(headEnd: headEnd)
        {
            connection.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            return true
        }
        return false
    }

    /// Writes what the socket takes; true when all of `output` is out.
    private func flush(_ connection: LoopConnection) -> Bool {
        var written = connection.written
        let sent = connection.socket.send(connection.output, from: &written)
        connection.written = written
        switch sent {
        case .done:
            connection.output = Data()
            connection.written = 0
            connection.blockedSince = nil
            return true
        case .wouldBlock(let progressed):
            if progressed || connection.blockedSince == nil { connection.blockedSince = loopTime }
            return false
        case .failed:
            wentAway(connection, sequence: connection.machine.responseSequence)
            return false
        }
    }

    private func answerOffLoop(_ request: HTTPRequest, on connection: LoopConnection) {
        connection.machine.handOff()
        let number = connection.number
        DispatchQueue.global().async { [server, self] in
            let response = AdminAPI(server: server).handle(request)
            let keepAlive = request.keepsAlive
            post(
                .answer(
                    connection: number,
                    plan: ResponsePlan(
                        [.write(server.encode(response, method: request.method, keepAlive: keepAlive))],
                        keepAlive: keepAlive)))
        }
    }

    /// Holds a request until `MockServer.release` answers it; the journal has it at once. Its
    /// answer closes the connection, so that each held exchange has a connection of its own: a
    /// client retries a request whose reused connection was reset, which would make one exchange two.
    private func holdOffLoop(_ request: HTTPRequest, on connection: LoopConnection) {
        connection.machine.handOff()
        let sequence = server.journal.record(request, connection: connection.number)
        connection.heldSequence = sequence
        server.hold(
            sequence,
            HeldRequests.Place(loop: self, connection: connection.number, method: request.method))
    }

    /// Forwards a request no stub answers to the proxy's upstream, off the loop; the journal names
    /// the route `proxy`.
    private func forwardOffLoop(_ request: HTTPRequest, through proxy: Proxy, on connection: LoopConnection) {
        connection.machine.handOff()
        let number = connection.number
        let sequence = server.journal.record(request, connection: number)
        let started = server.configuration.verbose == nil ? nil : ContinuousClock.now
        DispatchQueue.global().async { [server, self] in
            let response = proxy.forward(request)
            server.journal.update(sequence) {
                $0.status = response.status
                $0.route = "proxy"
            }
            if let started { server.say(request, status: response.status, "proxy", since: started) }
            let keepAlive = request.keepsAlive
            post(
                .answer(
                    connection: number,
                    plan: ResponsePlan(
                        [.write(server.encode(response, method: request.method, keepAlive: keepAlive))],
                        keepAlive: keepAlive)))
        }
    }

    // MARK: Deadlines

    /// What the connection waits for next, if it is bounded in time.
    private func deadline(_ connection: LoopConnection) -> Duration? {
        let configuration = server.configuration
        let writingSince = connection.hasOutput ? connection.blockedSince ?? loopTime : nil
        return connection.machine.deadline(
            writingSince: writingSince,
            .init(
                idle: configuration.idleTimeout, header: configuration.headerTimeout, write: configuration.writeTimeout)
        )
    }

    /// Watches the socket for what the connection needs, and keeps a timer entry for its deadline.
    private func settle(_ connection: LoopConnection) {
        guard !connection.machine.isClosed else { return }
        if connection.machine.peerClosed, !connection.hasOutput {
            // Nothing more to read or write: only an answer or a timer moves it on; a hung-up
            // socket would otherwise wake the loop again and again.
            polls.remove(connection.socket.fd)
        } else {
            let reading = !connection.machine.peerClosed && connection.input.count < Self.inputCap
            polls.watch(connection.socket.fd, read: reading, write: connection.hasOutput)
        }
        if let deadline = deadline(connection), connection.scheduled.map({ deadline < $0 }) ?? true {
            timers.push(TimerHeap.Entry(deadline: deadline, connection: connection.number))
            connection.scheduled = deadline
        }
    }

    /// A deadline of this connection came due.
    func expire(_ connection: LoopConnection) {
        guard let deadline = deadline(connection), loopTime >= deadline else { return settle(connection) }
        switch connection.machine.expiry(writing: connection.hasOutput) {
        case .abandonWrite:
            connection.socket.armReset()
            wentAway(connection, sequence: connection.machine.responseSequence)
        case .resume:
            advance(connection)
        case .headerTimeout:
            connection.machine.respond(
                server.closingPlan(408, "the request was not completed within the header timeout"))
            advance(connection)
        case .idle:
            close(connection)
        case nil:
            settle(connection)
        }
    }

    // MARK: Closing

    /// The client left (or stopped reading) before the response was complete.
    private func wentAway(_ connection: LoopConnection, sequence: Int?) {
        if let sequence { server.journal.update(sequence) { $0.clientWentAway = true } }
        close(connection)
    }

    func close(_ connection: LoopConnection) {
        guard connection.machine.close() else { return }
        polls.remove(connection.socket.fd)
        byDescriptor[Int(connection.socket.fd)] = nil
        connections.removeValue(forKey: connection.number)
        connection.socket.closeNow()
        server.connectionClosed()
    }
}
