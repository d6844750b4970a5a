import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal blocking HTTP/1.1 client over one keep-alive connection to 127.0.0.1, for load and
/// latency measurements where URLSession's own machinery would dominate. Responses must carry
/// `Content-Length` (the mock server's always do unless a stub asks for chunked).
public final class LoopbackClient {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var scratch = [UInt8](repeating: 0, count: 16 * 1024)

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) throws {
        fd = try Socket.connectLoopback(port: port).fd
        var noDelay: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// Sends `GET target` and returns the response's status and body.
    public func get(_ target: String) throws -> (status: Int, body: Data) { try send("GET", target) }

    /// Sends `POST target` with no body and returns the response's status and body.
    public func post(_ target: String) throws -> (status: Int, body: Data) {
        try send("POST", target, "Content-Length: 0\r\n")
    }

    private func send(_ method: String, _ target: String, _ fields: String = "") throws -> (status: Int, body: Data) {
        let socket = Socket(fd: fd)
        guard socket.write(Data("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n".utf8)) else {
            throw SocketError("send")
        }
        while true {
            if let response = try takeResponse() { return response }
            guard socket.read(appendingTo: &buffer, using: &scratch) > 0 else {
                throw SocketError("recv", code: ECONNRESET)
            }
        }
    }

    private func takeResponse() throws -> (status: Int, body: Data)? {
        let parsed: HTTPHead?
        do { parsed = try HTTPHead.parse(bytes: buffer) } catch {
            throw SocketError("malformed response head: \(error.message)", code: EPROTO)
        }
        guard let head = parsed else { return nil }
        guard let status = head.status else { throw SocketError("malformed status line", code: EPROTO) }
        let length = head.field("content-length").flatMap { Int($0) } ?? 0
        let bodyStart = head.length
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return (status, body)
    }
}
