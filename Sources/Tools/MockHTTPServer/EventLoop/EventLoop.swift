import Foundation
import MVIEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One event-loop thread: it accepts from the shared listener, reads, parses, answers and times
/// out its own connections with non-blocking sockets, one `poll` and one timer heap. Delays,
/// throttles and stalls are timers, not sleeping threads. Admin requests (which may wait, as
/// `requests/next` does) run on a worker queue and come back through the inbox.
// Confined: all but `inbox`, `stubs` (each behind its lock) and the wake pipe is touched only on the loop's thread.
final class EventLoop: @unchecked Sendable {  // confined to the loop's thread
    enum Message {
        /// The answer of a request handed off the loop (an admin request, a forwarded or held one).
        case answer(connection: Int, plan: ResponsePlan)
        /// A connection another loop accepted, for this one to serve (`MockServer.loop(serving:)`).
        case adopt(Socket, number: Int)
        /// The server is stopping.
        case stop
    }

    /// How long a stopping loop still writes responses under way (a waiter's 503) before it closes everything.
    static let drainTime = Duration.milliseconds(300)
    /// The most bytes read from one connection per readiness, so one busy client cannot starve the rest.
    static let readBudget = 256 * 1024
    /// Input kept per connection while a response is under way; beyond it the loop stops reading.
    static let inputCap = HTTPRequestParser.maxHeaderBytes + HTTPRequestParser.maxBodyBytes + 64 * 1024

    let server: MockServer
    let listener: Socket
    let clock = ContinuousClock()
    /// When the loop began: its connections' state machines count time from here (`loopTime`).
    let epoch = ContinuousClock.now
    /// Messages from other threads; `closed` once the loop has ended, when it takes no more.
    private let inbox = Locked<(messages: [Message], closed: Bool)>(([], false))
    private let wake: (read: Int32, write: Int32)

    /// The built-in routes' answers this loop has built: its own, so no lock is taken to find one.
    let answers: ResponseCache
    /// The server's stubs as this loop sees them, newest first, set by the server whenever they
    /// change (`MockServer.publishStubs`). A request that none of them matches goes to the built-in
    /// routes without taking the server's lock; only this loop and a stub change take this one.
    let stubs = Locked<[Stub]>([])

    var connections: [Int: LoopConnection] = [:]
    /// The connections by descriptor, for `poll`'s answers: an array indexed by the descriptor
    /// (the kernel hands out the lowest free ones, so it stays as long as the most connections
    /// open at once), where a dictionary hashed the descriptor for every ready connection.
    var byDescriptor: [LoopConnection?] = []
    var polls = PollSet()
    var timers = TimerHeap()
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    /// A spare descriptor given up for a moment when the process runs out of them.
    var reserve: Int32?
    /// Loop times (`loopTime`), as the timers keep them.
    var listenerPausedUntil: Duration?
    var drainUntil: Duration?

    init(server: MockServer, listener: Socket) throws {
        self.server = server
        self.listener = listener
        answers = ResponseCache(capacity: ResponseCache.capacity(ofEachOf: server.configuration.eventLoops))
        wake = try Socket.wakePipe()
    }

    deinit { Socket.closePipe(wake) }

    /// Hands a message to the loop from any thread; false when the loop has ended and will not read it.
    @discardableResult
    func post(_ message: Message) -> Bool {
        let taken = inbox.withLock { inbox in
            if !inbox.closed { inbox.messages.append(message) }
            return !inbox.closed
        }
        if taken { Socket.signal(wake.write) }
        return taken
    }

    /// The messages waiting, taken; with `closing`, the inbox takes no more after them.
    private func takeMessages(closing: Bool = false) -> [Message] {
        inbox.withLock { inbox in
            defer { inbox.messages = [] }
            inbox.closed = inbox.closed || closing
            return inbox.messages
        }
    }

    /// Runs until the server stops and every connection is closed.
    func run() {
        reserve = Socket.reserveDescriptor()
        defer { reserve.map(Socket.closeDescriptor) }
        polls.watch(listener.fd, read: true, write: false)
        polls.watch(wake.read, read: true, write: false)
        while true {
            if let drainUntil, connections.isEmpty || loopTime >= drainUntil { break }
            polls.wait(milliseconds: timeout())
            for readiness in polls.ready {
                if readiness.fd == wake.read {
                    Socket.drain(wake.read)
                    for message in takeMessages() { receive(message) }
                } else if readiness.fd == listener.fd {
                    acceptClients()
                } else if let connection = connection(descriptor: readiness.fd) {
                    ready(connection, readiness)
                }
            }
            fireTimers()
        }
        for connection in Array(connections.values) { close(connection) }
        // A connection handed over as the loop ended has no one to serve it.
        for case .adopt(let socket, _) in takeMessages(closing: true) {
            socket.closeNow()
            server.connectionClosed()
        }
    }

    /// Milliseconds until the next timer, listener resume or drain deadline; -1 when there is none.
    private func timeout() -> Int32 {
        let now = loopTime
        let next = [timers.earliest, listenerPausedUntil, drainUntil].compactMap { $0 }.min()
        guard let next else { return -1 }
        return next <= now ? 0 : MockServer.milliseconds(next - now)
    }

    private func receive(_ message: Message) {
        switch message {
        case .answer(let number, let plan):
            guard let connection = connections[number] else { return }
            connection.heldSequence = nil
            connection.machine.answered(plan)
            advance(connection)
        case .adopt(let socket, let number):
            guard drainUntil == nil else {
                socket.closeNow()
                return server.connectionClosed()
            }
            open(socket, number: number)
        case .stop:
            guard drainUntil == nil else { return }
            drainUntil = loopTime + Self.drainTime
            polls.remove(listener.fd)
            listenerPausedUntil = nil
            // Idle, delayed and stalled connections close now; responses being written and admin
            // answers on their way get the drain time.
            // A held request has no answer coming: it closes now too.
            for connection in Array(connections.values)
            where connection.heldSequence != nil || (!connection.machine.isAwaitingAnswer && !connection.hasOutput) {
                close(connection)
            }
        }
    }

    private func fireTimers() {
        let now = loopTime
        if let resume = listenerPausedUntil, resume <= now {
            listenerPausedUntil = nil
            polls.watch(listener.fd, read: true, write: false)
        }
        while let entry = timers.popDue(at: now) {
            guard let connection = connections[entry.connection], connection.scheduled == entry.deadline else {
                continue
            }
            connection.scheduled = nil
            expire(connection)
        }
    }

    // MARK: Accepting

    /// Accepts what is waiting. Out of descriptors (EMFILE), the spare one is given up to accept
    /// the waiting client, answer 503 and close cleanly; when even that fails, the listener rests
    /// for 100 ms instead of spinning.
    private func acceptClients() {
        for _ in 0..<64 {
            switch listener.acceptClient() {
            case .success(let client):
                server.descriptorsAvailable()
                switch server.admit() {
                case .success(let number): serve(client, number: number)
                case .failure(let refusal): refuse(client, refusal.message)
                }
            case .failure(let error) where error.code == EMFILE || error.code == ENFILE:
                server.descriptorsExhausted(error.code)
                if let spare = reserve {
                    Socket.closeDescriptor(spare)
                    if case .success(let client) = listener.acceptClient() {
                        refuse(client, "the server is out of file descriptors")
                    }
                }
                reserve = Socket.reserveDescriptor()
                if reserve == nil {
                    polls.watch(listener.fd, read: false, write: false)
                    listenerPausedUntil = loopTime + .milliseconds(100)
                    return
                }
            case .failure:
                return  // nothing waiting (EAGAIN), or the client left already
            }
        }
    }

    /// Serves a new connection here, or hands it to the loop whose turn it is: connections go
    /// round the loops by number. Every loop watches the listener, and without this whichever
    /// woke first would take a whole burst of clients (wrk's 64 at once, often) and serve them all
    /// on one core while the other loops idled.
    private func serve(_ client: Socket, number: Int) {
        if let owner = server.loop(serving: number), owner !== self, owner.post(.adopt(client, number: number)) {
            return
        }
        open(client, number: number)
    }

    /// Answers 503 and closes without a reset.
    private func refuse(_ client: Socket, _ message: String) {
        _ = client.write(server.encode(.message(503, message), method: "GET", keepAlive: false), stallLimit: 100)
        client.closeGracefully()
    }
}
