import Foundation
import MockHTTPServer
import Testing

/// Subject: a real server on loopback, over raw sockets. Waits use generous timeouts.
@Suite struct ProtocolTests {
    @Test func keepAliveReusesTheConnection() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /v1/images/search HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
        client.send("GET /v1/images/search?page=1 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
        #expect(server.journal.all.map(\.connection) == [1, 1])
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send(
            "GET /v1/images/search?page=0 HTTP/1.1\r\n\r\nGET /nope HTTP/1.1\r\n\r\nGET /v1/images/search?page=2 HTTP/1.1\r\n\r\n"
        )
        let responses = client.readResponses(3)
        #expect(responses.map { String($0.prefix(15)) } == ["HTTP/1.1 200 OK", "HTTP/1.1 404 No", "HTTP/1.1 200 OK"])
        #expect(responses.last?.contains("Pagination-Page: 2") == true)
    }

    /// A connection repeating a request reuses the request it read last: each repeat is answered
    /// and journaled as its own request, from exactly its own bytes, and a request that differs
    /// only after the same start (a header more, a body) is read afresh.
    @Test func repeatedRequestsAreReadLikeNewOnes() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let page1 = "GET /v1/images/search?page=1 HTTP/1.1\r\nHost: a\r\n\r\n"
        let page1Keyed = "GET /v1/images/search?page=1 HTTP/1.1\r\nHost: a\r\nX-Api-Key: k\r\n\r\n"
        let posted = "POST /v1/images/search?page=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi"
        client.send(page1 + page1 + page1Keyed + page1 + posted + posted + page1)
        let responses = client.readResponses(7)
        #expect(
            responses.map { String($0.prefix(15)) } == [
                "HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 405 Me",
                "HTTP/1.1 405 Me", "HTTP/1.1 200 OK",
            ])
        #expect(responses[1] == responses[0])
        let entries = server.journal.all
        #expect(entries.map(\.sequence) == Array(1...7))
        #expect(entries.map { $0.request.header("X-Api-Key") } == [nil, nil, "k", nil, nil, nil, nil])
        #expect(entries.map(\.request.method) == ["GET", "GET", "GET", "GET", "POST", "POST", "GET"])
        #expect(entries.map { String(decoding: $0.request.body, as: UTF8.self) } == ["", "", "", "", "hi", "hi", ""])
        #expect(entries.allSatisfy { $0.request.queryValue("page") == "1" && $0.connection == 1 })
    }

    @Test func http10ClosesAfterTheResponseUnlessKeepAlive() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /v1/images/search HTTP/1.0\r\n\r\n")
        let text = client.readAll()
        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
        #expect(text.contains("Connection: close"))
        let kept = try RawClient(port: server.port)
        kept.send("GET /v1/images/search HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(kept.readResponses(1).first?.contains("Connection: keep-alive") == true)
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", "HTTP/1.1 400 Bad Request"),
        ("GET /v1/images/search HTTP/1.1\r\nno colon here\r\n\r\n", "HTTP/1.1 400 Bad Request"),
        ("GET /v1/images/search HTTP/1.1\r\nBad Name: x\r\n\r\n", "HTTP/1.1 400 Bad Request"),
        ("GET /v1/images/search HTTP/2.0\r\n\r\n", "HTTP/1.1 505 HTTP Version Not Supported"),
        ("POST /v1/images/search HTTP/1.1\r\nContent-Length: abc\r\n\r\n", "HTTP/1.1 400 Bad Request"),
        ("POST /v1/images/search HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", "HTTP/1.1 413 Content Too Large"),
        ("POST /v1/images/search HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "HTTP/1.1 501 Not Implemented"),
    ])
    func badRequestsGetTheirStatusAndTheConnectionCloses(request: String, status: String) throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send(request)
        let text = client.readAll()
        #expect(text.hasPrefix(status), "got: \(text.prefix(80))")
        #expect(text.contains("Connection: close"))
        #expect(server.journal.count == 0, "refused before routing")
    }

    @Test func aHeaderBlockOver16KiBIs431() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /v1/images/search HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 17 * 1024) + "\r\n\r\n")
        #expect(client.readAll().hasPrefix("HTTP/1.1 431 Request Header Fields Too Large"))
    }

    @Test func unknownPathAndWrongMethodKeepTheConnection() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /missing HTTP/1.1\r\n\r\n")
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 404 Not Found") == true)
        client.send("DELETE /v1/images/search HTTP/1.1\r\n\r\n")
        let refused = client.readResponses(1).first ?? ""
        #expect(refused.hasPrefix("HTTP/1.1 405 Method Not Allowed"))
        #expect(refused.contains("Allow: GET, HEAD"))
        client.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
    }

    @Test func headHasTheHeadersOfGetAndNoBody() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("HEAD /v1/images/search?limit=1 HTTP/1.1\r\nConnection: close\r\n\r\n")
        let text = client.readAll()
        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
        #expect(text.contains("Content-Length: 1"))
        #expect(text.hasSuffix("\r\n\r\n"), "no body after the head")
    }

    @Test func queryParametersArePercentDecoded() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /v2/everything?q=swift%20news&pageSize=1&note=a+b%26c HTTP/1.1\r\nX-Api-Key: k\r\n\r\n")
        _ = client.readResponses(1)
        let query = server.journal.all.first?.request.query.map { "\($0.name)=\($0.value)" }
        #expect(query == ["q=swift news", "pageSize=1", "note=a b&c"])
    }

    @Test func absoluteFormTargetsAreServed() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET http://127.0.0.1:\(server.port)/v1/images/search?page=3 HTTP/1.1\r\n\r\n")
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
        #expect(server.journal.all.first?.request.path == "/v1/images/search")
        #expect(server.journal.all.first?.request.queryValue("page") == "3")
    }

    /// RFC 9112 lets a recipient take a bare LF as a line end, as nginx does: such a request is
    /// answered at once, not left to wait out the header timeout for a CR LF CR LF that never comes.
    @Test func aRequestWithBareLineFeedsIsAnsweredAtOnce() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /v1/images/search?page=2 HTTP/1.1\nHost: 127.0.0.1\nX-Api-Key: k\n\n")
        #expect(client.readResponses(1, timeout: 5).first?.hasPrefix("HTTP/1.1 200 OK") == true)
        #expect(server.journal.all.first?.request.queryValue("page") == "2")
        #expect(server.journal.all.first?.request.header("x-api-key") == "k")
    }

    @Test func lineEndsMayMixAndLeadingEmptyLinesAreSkipped() throws {
        let head = try #require(try HTTPHead.parse(Data("\r\n\nGET / HTTP/1.1\r\nA: 1\nB:  2 \r\n\nrest".utf8)))
        #expect(head.startLine == "GET / HTTP/1.1")
        #expect(head.fields.map { "\($0.name)=\($0.value)" } == ["A=1", "B=2"])
        #expect(head.length == "\r\n\nGET / HTTP/1.1\r\nA: 1\nB:  2 \r\n\n".utf8.count)
        #expect(try HTTPHead.parse(Data("GET / HTTP/1.1\nA: 1\n".utf8)) == nil, "no blank line yet")
        #expect(throws: HTTPParseError.badRequest("header A has a control character in its value")) {
            try HTTPHead.parse(Data("GET / HTTP/1.1\nA: x\ry\n\n".utf8))
        }
    }

    @Test func expectContinueGetsAHundredContinueBeforeTheBody() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let body = #"{"path": "/x", "response": {"status": 202}}"#
        client.send(
            "POST /__admin/stubs HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        let interim = client.readResponses(1, timeout: 10).first ?? ""
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue"))
        client.send(body)
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 201 Created") == true)
        #expect(server.stubs.count == 1)
    }

    @Test func anIdleClientIsDroppedAndAPartialRequestGets408() throws {
        let server = try startServer {
            $0.idleTimeout = .milliseconds(300)
            $0.headerTimeout = .seconds(2)
        }
        defer { server.stop() }
        let idle = try RawClient(port: server.port)
        #expect(idle.closedByServer(within: 10))
        let slow = try RawClient(port: server.port)
        slow.send("GET /v1/images/sea")
        // The header timeout (2 s here, past the idle timeout) runs from the first byte: wait well past it.
        #expect(slow.readAll(timeout: 30).hasPrefix("HTTP/1.1 408 Request Timeout"))
    }

    @Test func aClientThatVanishesMidBodyDoesNotHurtTheServer() throws {
        let server = try startServer()
        defer { server.stop() }
        do {
            let client = try RawClient(port: server.port)
            client.send("POST /v1/images/search HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly ten b")
        }
        let next = try RawClient(port: server.port)
        next.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(next.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
    }

    @Test func aClientThatVanishesMidResponseDoesNotHurtTheServer() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(
            Stub(
                path: "/slow",
                responses: [
                    StubResponse(
                        body: Data(repeating: 65, count: 100_000), throttleBytes: 1000, throttleMilliseconds: 20)
                ]))
        do {
            let client = try RawClient(port: server.port)
            client.send("GET /slow HTTP/1.1\r\n\r\n")
            _ = client.readResponses(1, timeout: 0.2)
        }
        let entry = server.journal.wait(for: 1, timeout: .seconds(30)) { $0.clientWentAway }
        #expect(entry != nil, "the server saw the client go away")
        let next = try RawClient(port: server.port)
        next.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(next.readResponses(1).first?.hasPrefix("HTTP/1.1 200 OK") == true)
    }

    @Test func servesAtLeast256ConcurrentConnections() throws {
        let server = try startServer()
        defer { server.stop() }
        let clients = try (0..<256).map { _ in try RawClient(port: server.port) }
        for client in clients { client.send("GET /v1/images/search HTTP/1.1\r\n\r\n") }
        let statuses = Box<[Bool]>(Array(repeating: false, count: clients.count))
        let boxed = Box(clients)
        DispatchQueue.concurrentPerform(iterations: clients.count) { index in
            let ok = boxed.value[index].readResponses(1, timeout: 30).first?.hasPrefix("HTTP/1.1 200 OK") == true
            statuses.mutate { $0[index] = ok }
        }
        #expect(statuses.value.allSatisfy { $0 })
        #expect(Set(server.journal.all.map(\.connection)).count == 256)
    }

    @Test func stopClosesConnectionsReleasesThePortAndReturns() throws {
        let server = try startServer()
        let port = server.port
        let clients = try (0..<10).map { _ in try RawClient(port: port) }
        clients[0].send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        _ = clients[0].readResponses(1)
        server.stop()
        #expect(server.openConnections == 0)
        for client in clients { #expect(client.closedByServer(within: 10)) }
        let again = MockServer(configuration: .init(port: port, data: try MockData.locate()))
        try again.start()
        #expect(again.port == port, "the port was released")
        again.stop()
    }

    @Test func startTwiceIsAnError() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(throws: MockServerError.alreadyStarted) { try server.start() }
    }

    @Test func aPortInUseNamesTheBindAndTheAddress() throws {
        let server = try startServer()
        defer { server.stop() }
        let second = MockServer(configuration: .init(port: server.port, data: try MockData.locate()))
        let error = try #require(throws: SocketError.self) { try second.start() }
        #expect(error.call == "bind to 127.0.0.1:\(server.port)")
        #expect(error.code == EADDRINUSE)
    }

    @Test func aClosedPortNamesTheConnectAndTheAddress() throws {
        let server = try startServer()
        let port = server.port
        server.stop()
        let error = try #require(throws: SocketError.self) { _ = try RawClient(port: port) }
        #expect(error.call == "connect to 127.0.0.1:\(port)")
        #expect(error.code == ECONNREFUSED)
    }

    @Test func aHostThatIsNotAnAddressIsRejected() throws {
        let server = MockServer(configuration: .init(host: "example.com", data: try MockData.locate()))
        #expect(throws: MockServerError.invalidHost("example.com")) { try server.start() }
    }
}
