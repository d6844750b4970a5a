import Foundation
import MVITestSupport
import MockHTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Subject: stopping a real server with work in flight. Generous limits; the point is that stop
/// does not wait for the waiter's own timeout (60 s).
@Suite struct StopTests {
    @Test func stopAnswersWaitersOnNext503AndReturnsPromptly() throws {
        let server = try startServer()
        let waiter = try RawClient(port: server.port)
        waiter.send("GET /__admin/requests/next?timeoutMs=60000 HTTP/1.1\r\n\r\n")
        let deadline = Date().addingTimeInterval(30)
        while server.journal.waiters == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.journal.waiters == 1)
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 10)
        let answer = waiter.readAll(timeout: 10)
        #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable"), "got: \(answer.prefix(60))")
        #expect(server.journal.next(timeout: .seconds(30)) == nil, "an in-process waiter returns at once after stop")
    }

    @Test func stopDoesNotWaitForAClientThatDoesNotRead() throws {
        let server = try startServer()  // the default 10 s write timeout
        server.stub(Stub(path: "/big", responses: [StubResponse(body: Data(repeating: 65, count: 48 * 1024 * 1024))]))
        let client = try RawClient(port: server.port)
        client.send("GET /big HTTP/1.1\r\n\r\n")
        _ = server.journal.wait(for: 1, timeout: .seconds(30)) { $0.status == 200 }
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(server.openConnections == 0)
    }
}

/// Subject: the `mock-server` process and SIGTERM.
@Suite(.requires(mockServerExecutable() != nil, "the mock-server executable is built next to the tests"))
struct ProcessStopTests {
    @Test func sigtermEndsTheProcessPromptlyAndWaitersGet503() throws {
        let server = try ServerProcess(arguments: [])
        let port = try #require(server.port)
        let waiter = try RawClient(port: port)
        waiter.send("GET /__admin/requests/next?timeoutMs=60000 HTTP/1.1\r\n\r\n")
        // The waiter reaches the journal: health counts it (a real process, polled with a generous limit).
        let health = URL(string: "http://127.0.0.1:\(port)/__admin/health")!
        let deadline = Date().addingTimeInterval(30)
        var waiting = false
        while !waiting, Date() < deadline {
            waiting = get(health).map { String(decoding: $0.body, as: UTF8.self).contains(#""waiters":1"#) } ?? false
        }
        #expect(waiting, "the waiter never reached the journal")
        let started = Date()
        server.process.terminate()
        #expect(server.waitForExit(timeout: 30))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(server.process.terminationStatus == 0)
        #expect(waiter.readAll(timeout: 10).hasPrefix("HTTP/1.1 503"))
    }
}
