import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamType = Int32(SOCK_STREAM.rawValue)
    private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
    import Darwin
    private let streamType = SOCK_STREAM
    private let sendFlags: Int32 = 0
#endif

/// A socket error with the call and the system's message.
public struct SocketError: Error, CustomStringConvertible, Equatable {
    public let call: String
    public let code: Int32

    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
}

/// Why `accept` failed: the `errno` it set.
struct AcceptError: Error {
    let code: Int32
}

/// A file descriptor of a TCP socket, with the few calls the server and its clients need.
package struct Socket: Sendable {
    package let fd: Int32

    /// An IPv4 socket address, or nil if `host` is not an IPv4 address (`localhost` is 127.0.0.1).
    static func address(_ host: String, port: Int) -> sockaddr_in? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let resolved = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, resolved, &address.sin_addr) == 1 else { return nil }
        return address
    }

    /// A connected TCP socket to `127.0.0.1:port`.
    package static func connectLoopback(port: Int) throws -> Socket {
        let address = Self.address("127.0.0.1", port: port)!
        return try withNewSocket { fd in
            try check(withSockaddr(address) { connect(fd, $0, $1) }, "connect to 127.0.0.1:\(port)")
        }
    }

    /// Binds and listens on `host:port` (IPv4; port 0 picks a free port).
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws -> Socket {
        guard let address = Self.address(host, port: port) else { throw MockServerError.invalidHost(host) }
        return try withNewSocket { fd in
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            try check(withSockaddr(address) { bind(fd, $0, $1) }, "bind to \(host):\(port)")
            try check(systemListen(fd, backlog), "listen")
            setNonBlocking(fd)
        }
    }

    /// A new TCP socket set up by `body`; closed again if `body` throws.
    private static func withNewSocket(_ body: (Int32) throws -> Void) throws -> Socket {
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw SocketError("socket") }
        do {
            try body(fd)
        } catch {
            close(fd)
            throw error
        }
        return Socket(fd: fd)
    }

    /// Throws the call's error (read from `errno` at once) unless `result` is 0.
    private static func check(_ result: Int32, _ call: @autoclosure () -> String) throws {
        guard result != 0 else { return }
        let code = errno
        throw SocketError(call(), code: code)
    }

    private static func withSockaddr(_ address: sockaddr_in, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32)
        -> Int32
    {
        var address = address
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    /// The port the socket is bound to.
    var port: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepts a connection, or the error code (`EAGAIN` when none is pending, `EMFILE` when out of descriptors).
    func acceptClient() -> Result<Socket, AcceptError> {
        let client = systemAccept(fd)
        guard client >= 0 else { return .failure(AcceptError(code: errno)) }
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return .success(Socket(fd: client))
    }

    /// A spare descriptor (on /dev/null) held for the moment the process runs out of them.
    static func reserveDescriptor() -> Int32? {
        let fd = open("/dev/null", O_RDONLY)
        return fd >= 0 ? fd : nil
    }

    static func closeDescriptor(_ fd: Int32) { close(fd) }

    /// Non-blocking, and without Nagle's delay: what an event loop needs of a connection.
    func configureForLoop() {
        Self.setNonBlocking(fd)
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// A pipe whose write end wakes a loop waiting on its read end; both ends non-blocking.
    static func wakePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketError("pipe") }
        setNonBlocking(ends[0])
        setNonBlocking(ends[1])
        return (ends[0], ends[1])
    }

    static func closePipe(_ ends: (read: Int32, write: Int32)) {
        close(ends.read)
        close(ends.write)
    }

    /// Writes one byte to a wake pipe (a full pipe already means "wake up").
    static func signal(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = systemWrite(fd, &byte, 1)
    }

    /// Empties a wake pipe.
    static func drain(_ fd: Int32) {
        var bytes = [UInt8](repeating: 0, count: 256)
        while systemRead(fd, &bytes, bytes.count) > 0 {}
    }

    /// What a non-blocking read found.
    enum Received {
        case bytes(Int)
        case wouldBlock, end
    }

    /// Reads what is available into `buffer` and appends it to `data`; a failure counts as the end.
    func receive(appendingTo data: inout [UInt8], using buffer: inout [UInt8]) -> Received {
        while true {
            let count = read(appendingTo: &data, using: &buffer)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .end
        }
    }

    /// What a non-blocking write did.
    enum Sent {
        case done
        case wouldBlock(progressed: Bool)
        case failed
    }

    /// Writes `data` from `offset` on, as far as the socket takes it, moving `offset`.
    func send(_ data: Data, from offset: inout Int) -> Sent {
        let start = offset
        while offset < data.count {
            let written = data.withUnsafeBytes { raw in
                systemSend(fd, raw.baseAddress! + offset, data.count - offset, sendFlags | Int32(MSG_DONTWAIT))
            }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(progressed: offset > start)
            default: return .failed
            }
        }
        return .done
    }

    /// Reads what is available into `buffer` (its whole capacity) and appends it to `data`.
    /// Returns the byte count: 0 at end of stream, -1 on error. `buffer` is reused between reads.
    func read(appendingTo data: inout [UInt8], using buffer: inout [UInt8]) -> Int {
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 { data += buffer[..<count] }
        return count
    }

    /// Writes all of `data`, blocking; false if the peer went away.
    @discardableResult
    func write(_ data: Data) -> Bool {
        write(data, stallLimit: -1) == .written
    }

    /// How a write with a stall limit ended.
    enum Written { case written, gone, stalled }

    /// Writes all of `data`, giving up when the peer takes no byte for `stallLimit` milliseconds
    /// (-1: no limit).
    func write(_ data: Data, stallLimit: Int32) -> Written {
        var offset = 0
        while true {
            switch send(data, from: &offset) {
            case .done: return .written
            case .failed: return .gone
            case .wouldBlock:
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&descriptor, 1, stallLimit) == 0 { return .stalled }
            }
        }
    }

    /// Makes the coming close send a TCP reset (RST) instead of an orderly close.
    /// The socket's owner still closes it, once.
    func armReset() {
        var linger = SystemLinger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<SystemLinger>.size))
    }

    /// Sends end of stream after what was written.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Ends the stream, drops what the client sent unread, then closes: an orderly close, not a
    /// reset, so the client reads what was written before.
    func closeGracefully() {
        shutdownWrite()
        var scratch = [UInt8](repeating: 0, count: 4096)
        while scratch.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
        close(fd)
    }

    func closeNow() { close(fd) }
}

#if canImport(Glibc)
    private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
    private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        Glibc.send(fd, bytes, count, flags)
    }
    private func systemAccept(_ fd: Int32) -> Int32 { Glibc.accept(fd, nil, nil) }
    private typealias SystemLinger = Glibc.linger
    private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        Glibc.write(fd, bytes, count)
    }
    private func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        Glibc.read(fd, bytes, count)
    }
#elseif canImport(Darwin)
    private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
    private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        Darwin.send(fd, bytes, count, flags)
    }
    private func systemAccept(_ fd: Int32) -> Int32 { Darwin.accept(fd, nil, nil) }
    private typealias SystemLinger = Darwin.linger
    private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        Darwin.write(fd, bytes, count)
    }
    private func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        Darwin.read(fd, bytes, count)
    }
#endif
