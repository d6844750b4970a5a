import Foundation
import MockHTTPServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A started server for one test; stopped when the test's `defer` runs.
func startServer(idleTimeout: Duration = .seconds(30)) throws -> MockServer {
    let server = MockServer(configuration: .init(data: try MockData.locate(), idleTimeout: idleTimeout))
    try server.start()
    return server
}

/// A raw TCP client with timeouts, for what URLSession would hide.
final class RawClient {
    let fd: Int32

    init(port: Int) throws {
        fd = try Socket.connectLoopback(port: port).fd
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Data(text.utf8)) }

    func send(_ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < data.count {
                #if canImport(Glibc)
                    let written = Glibc.send(fd, raw.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let written = Darwin.send(fd, raw.baseAddress! + offset, data.count - offset, 0)
                #endif
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Reads until the server closes or `timeout` passes; returns everything read.
    func readAll(timeout: TimeInterval = 10) -> String {
        String(decoding: readBytes(until: { _ in false }, timeout: timeout), as: UTF8.self)
    }

    /// Reads until `count` complete responses (by Content-Length) arrived, the server closed, or `timeout` passed.
    func readResponses(_ count: Int, timeout: TimeInterval = 10) -> [String] {
        let data = readBytes(until: { Self.split($0).count >= count }, timeout: timeout)
        return Self.split(data)
    }

    /// Whether a byte (or the end of the stream) is waiting now.
    var hasSomethingToRead: Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Whether the server closed the connection within `timeout`.
    func closedByServer(within timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return true }
        }
        return false
    }

    private func readBytes(until done: (Data) -> Bool, timeout: TimeInterval) -> Data {
        var data = Data()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline, !done(data) {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Splits a byte stream into responses framed by Content-Length.
    static func split(_ data: Data) -> [String] {
        var responses: [String] = []
        var rest = data[...]
        while let head = try? HTTPHead.parse(rest) {
            let length = head.field("content-length").flatMap { Int($0) } ?? 0
            let bodyEnd = rest.startIndex + head.length + length
            guard rest.endIndex >= bodyEnd else { break }
            responses.append(String(decoding: rest[rest.startIndex..<bodyEnd], as: UTF8.self))
            rest = rest[bodyEnd...]
        }
        return responses
    }
}

/// A plain GET with URLSession; waits with a generous timeout.
func get(_ url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30) -> (
    status: Int, headers: [String: String], body: Data
)? {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let box = Box<(Int, [String: String], Data)?>(nil)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, _ in
        if let http = response as? HTTPURLResponse {
            var fields: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                fields[String(describing: key).lowercased()] = String(describing: value)
            }
            box.value = (http.statusCode, fields, data ?? Data())
        }
        done.signal()
    }.resume()
    _ = done.wait(timeout: .now() + timeout + 5)
    return box.value.map { (status: $0.0, headers: $0.1, body: $0.2) }
}

final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value under the lock in one step (`value[i] = x` would be a get, then a set).
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

func json(_ data: Data) -> Any? { try? JSONSerialization.jsonObject(with: data) }

/// One request over a fresh raw connection (`Connection: close`): the status and body, or nil if
/// the server closed without an answer within `timeout`.
func exchange(
    _ server: MockServer, _ method: String, _ target: String, body: String? = nil, headers: [String] = [],
    timeout: TimeInterval = 30
)
    throws -> (status: Int, body: Data)?
{
    let client = try RawClient(port: server.port)
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for header in headers { head += header + "\r\n" }
    if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
    client.send(head + "\r\n" + (body ?? ""))
    return parseResponse(Data(client.readAll(timeout: timeout).utf8))
}

/// The status and body of one whole response.
func parseResponse(_ data: Data) -> (status: Int, body: Data)? {
    guard let head = try? HTTPHead.parse(data), let status = head.status else { return nil }
    return (status, Data(data[(data.startIndex + head.length)...]))
}

/// A started server with a configuration changed by `change`.
func startServer(_ change: (inout MockServer.Configuration) -> Void) throws -> MockServer {
    var configuration = MockServer.Configuration(data: try MockData.locate())
    change(&configuration)
    let server = MockServer(configuration: configuration)
    try server.start()
    return server
}
