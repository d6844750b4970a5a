import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MockServer {
    /// Sends a scripted response (or its fault); false when the connection must close.
    func serve(_ scripted: StubResponse, to request: HTTPRequest, on socket: Socket, sequence: Int, keepAlive: Bool) -> Bool {
        func wentAway() -> Bool {
            journal.update(sequence) { $0.clientWentAway = true }
            return false
        }
        if let fault = scripted.fault {
            journal.update(sequence) { $0.fault = fault }
            return serve(fault, on: socket, wentAway: wentAway)
        }
        if scripted.delayMilliseconds > 0, !wait(scripted.delayMilliseconds, watching: socket) { return wentAway() }
        journal.update(sequence) { $0.status = scripted.status }
        var response = HTTPResponse(status: scripted.status, headers: scripted.headers, body: scripted.body)
        let isHead = request.method == "HEAD"
        if scripted.chunked {
            response.headers.append(("Transfer-Encoding", "chunked"))
            response.headers.append(("Connection", keepAlive ? "keep-alive" : "close"))
            guard write(HTTPWriter.head(response), to: socket) else { return wentAway() }
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
                guard write(Data("0\r\n\r\n".utf8), to: socket) else { return wentAway() }
            }
        } else {
            let head = encode(HTTPResponse(status: response.status, headers: response.headers), method: request.method, keepAlive: keepAlive,
                              contentLength: response.body.count)
            guard write(head, to: socket) else { return wentAway() }
            if !isHead, !response.body.isEmpty {
                guard send(response.body, throttled: scripted, on: socket) else { return wentAway() }
            }
        }
        return keepAlive
    }

    /// Misbehaves as `fault` says; always ends the connection.
    private func serve(_ fault: Fault, on socket: Socket, wentAway: () -> Bool) -> Bool {
        switch fault {
        case .connectionReset:
            socket.armReset()
        case .emptyResponse:
            break
        case .malformedChunk:
            write(HTTPWriter.head(HTTPResponse(status: 200, headers: [("Transfer-Encoding", "chunked"), ("Connection", "close")])), to: socket)
            write(Data("zz\r\nnot a chunk\r\n".utf8), to: socket)
        case .garbageThenClose:
            write(Data("this is not HTTP\r\n\u{0}\u{1}\u{2}\r\n\r\n".utf8), to: socket)
        case .truncatedBody:
            let body = Data("{\"truncated\":".utf8)
            let head = HTTPResponse(status: 200, headers: [
                ("Content-Type", "application/json"), ("Content-Length", String(body.count * 4)), ("Connection", "close"),
            ])
            write(HTTPWriter.head(head) + body, to: socket)
            socket.shutdownWrite()
        case .stall:
            while !isStopping {
                if !stillThere(socket, milliseconds: 100) { return wentAway() }
            }
        }
        return false
    }

    private func send(_ data: Data, throttled scripted: StubResponse, on socket: Socket) -> Bool {
        guard let step = scripted.throttleBytes, step > 0 else { return write(data, to: socket) }
        var offset = 0
        while offset < data.count {
            let end = min(offset + step, data.count)
            guard write(data.subdata(in: offset..<end), to: socket) else { return false }
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
        switch socket.peek() {
        case .closed: return false
        case .nothing: return true
        case .data:
            // A pipelined request is waiting: the client is there. Do not spin on it.
            Socket.pause(milliseconds: milliseconds)
            return true
        }
    }
}
