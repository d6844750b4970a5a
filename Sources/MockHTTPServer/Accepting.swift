import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MockServer {
    /// Accepts until the server stops; a thread per admitted connection.
    ///
    /// When the process runs out of file descriptors, `accept` fails with EMFILE while the client
    /// waits in the backlog. The spare descriptor held in `reserve` is then given up for a moment to
    /// accept that client, answer 503 and close it cleanly; when even that fails the loop backs off
    /// instead of spinning. One log line marks each episode; service resumes by itself.
    func acceptLoop(_ listener: Socket) {
        var reserve = Socket.reserveDescriptor()
        var exhausted = false
        defer { reserve.map(Socket.closeDescriptor) }
        while !isStopping {
            guard listener.waitReadable(milliseconds: 250) else { continue }
            switch listener.acceptClient() {
            case .success(let client):
                exhausted = false
                admit(client)
            case .failure(let error) where error.code == EMFILE || error.code == ENFILE:
                if !exhausted {
                    exhausted = true
                    configuration.log("out of file descriptors (\(error.code == EMFILE ? "EMFILE" : "ENFILE")); new clients get 503 until some are free")
                }
                if let spare = reserve {
                    Socket.closeDescriptor(spare)
                    if case .success(let client) = listener.acceptClient() { refuse(client, "the server is out of file descriptors") }
                    reserve = Socket.reserveDescriptor()
                } else {
                    reserve = Socket.reserveDescriptor()
                    if reserve == nil { Socket.pause(milliseconds: 100) }
                }
            case .failure:
                continue  // ECONNABORTED, EINTR, or the listener shut down by `stop`
            }
        }
    }

    private func admit(_ client: Socket) {
        let admitted = state.withLock { state -> Int? in
            guard !state.stopping, state.connections.count < configuration.maxConnections else { return nil }
            state.nextConnection += 1
            state.connections[state.nextConnection] = client
            return state.nextConnection
        }
        guard let number = admitted else {
            refuse(client, "the server serves at most \(configuration.maxConnections) connections at once")
            return
        }
        threads.enter()
        let thread = Thread { [self] in
            serve(client, number: number)
            // Out of `connections` before the close: `stop` never shuts down a reused descriptor.
            state.withLock { _ = $0.connections.removeValue(forKey: number) }
            client.closeNow()
            threads.leave()
        }
        thread.name = "mock-server connection \(number)"
        thread.start()
    }

    /// Answers 503 and closes without a reset.
    private func refuse(_ client: Socket, _ message: String) {
        _ = client.write(encode(.json(503, JSON.object([("message", .string(message))]).text), method: "GET", keepAlive: false),
                     stallLimit: 1000)
        client.closeGracefully()
    }
}
