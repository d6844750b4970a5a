import Foundation
import MockHTTPServer
import Testing

/// Subject: the server's three timeouts on a real socket. The clients here are slow on purpose, so
/// they sleep on wall time; every wait for the server has a generous limit.
@Suite struct TimeoutTests {
    @Test func aRequestTrickledOneByteAtATimeGets408AfterTheHeaderTimeout() throws {
        let server = try startServer { $0.headerTimeout = .milliseconds(500) }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let request = Array(
            "GET /v1/images/search HTTP/1.1\r\nHost: a\r\nX-Padding: " + String(repeating: "p", count: 200) + "\r\n\r\n"
        )
        let started = Date()
        for character in request where !client.hasSomethingToRead {
            client.send(String(character))
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(Date().timeIntervalSince(started) < Double(request.count) * 0.02, "answered before the last byte")
        let answered = client.readAll(timeout: 10)
        #expect(answered.hasPrefix("HTTP/1.1 408 Request Timeout"), "got: \(answered.prefix(60))")
        #expect(server.journal.count == 0, "the request never arrived whole")
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let server = try startServer { $0.idleTimeout = .milliseconds(300) }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
        #expect(client.closedByServer(within: 10))
    }

    @Test func aClientThatNeverReadsIsAbandonedAfterTheWriteTimeout() throws {
        let server = try startServer { $0.writeTimeout = .milliseconds(300) }
        defer { server.stop() }
        // More than the socket buffers of both ends hold, so the server's writes stall.
        server.stub(Stub(path: "/big", responses: [StubResponse(body: Data(repeating: 65, count: 48 * 1024 * 1024))]))
        let client = try RawClient(port: server.port)
        client.send("GET /big HTTP/1.1\r\n\r\n")
        let entry = server.journal.wait(for: 1, timeout: .seconds(30)) { $0.clientWentAway }
        #expect(entry != nil, "the journal says the client went away")
        #expect(client.closedByServer(within: 30))
        let other = try RawClient(port: server.port)
        other.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(other.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
    }

    @Test func clientsBeyondMaxConnectionsGet503AndTheOthersAreServed() throws {
        let server = try startServer { $0.maxConnections = 2 }
        defer { server.stop() }
        let first = try RawClient(port: server.port)
        let second = try RawClient(port: server.port)
        first.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        second.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(first.readResponses(1).first?.hasPrefix("HTTP/1.1 200") == true)
        #expect(second.readResponses(1).first?.hasPrefix("HTTP/1.1 200") == true)
        let third = try RawClient(port: server.port)
        let refused = third.readAll(timeout: 10)
        #expect(refused.hasPrefix("HTTP/1.1 503 Service Unavailable"))
        #expect(refused.contains("at most 2 connections"))
        #expect(server.openConnections == 2)
    }
}
