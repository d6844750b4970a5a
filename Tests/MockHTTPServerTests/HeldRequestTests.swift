import Foundation
import MockHTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Subject: a server that holds every request until `release` answers it (the conformance wire
/// level, docs/wire.md). Real sockets; each wait has a generous limit and returns as soon as it can.
@Suite struct HeldRequestTests {
    static func heldServer() throws -> MockServer { try startServer { $0.holdsRequests = true } }

    @Test func aHeldRequestIsAnsweredOnlyWhenReleasedAndItsConnectionCloses() throws {
        let server = try Self.heldServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /v1/images/search?limit=1 HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\n\r\n")
        let entry = try #require(server.journal.wait(for: 1, timeout: .seconds(30)) { _ in true })
        #expect(entry.request.target == "/v1/images/search?limit=1")
        #expect(entry.request.header("x-api-key") == "k")
        #expect(entry.status == nil, "nothing is answered before release")
        #expect(client.readAll(timeout: 0.2).isEmpty, "held: not a byte of answer")
        let released = server.release(
            1, with: .response(HTTPResponse(status: 418, headers: [("ETag", "\"v1\"")], body: Data("tea".utf8))))
        #expect(released)
        #expect(!server.release(1, with: .reset), "a request is released once")
        let answer = client.readAll(timeout: 30)
        #expect(answer.hasPrefix("HTTP/1.1 418"), "\(answer)")
        #expect(answer.contains("ETag: \"v1\"\r\n"))
        #expect(answer.contains("Connection: close\r\n"), "each held exchange has a connection of its own")
        #expect(answer.hasSuffix("\r\n\r\ntea"))
        #expect(server.journal.entry(1)?.status == 418)
    }

    @Test func aClientThatGivesUpIsRecordedAsGone() throws {
        let server = try Self.heldServer()
        defer { server.stop() }
        var client: RawClient? = try RawClient(port: server.port)
        client?.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(server.journal.wait(for: 1, timeout: .seconds(30)) { _ in true } != nil)
        client = nil  // closes the socket
        let gone = server.journal.wait(for: 1, timeout: .seconds(30)) { $0.clientWentAway }
        #expect(gone != nil, "the journal records that the client left before its answer")
        #expect(gone?.status == nil)
    }

    @Test func aResetEndsTheConnectionWithoutAnAnswer() throws {
        let server = try Self.heldServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(server.journal.wait(for: 1, timeout: .seconds(30)) { _ in true } != nil)
        #expect(server.release(1, with: .reset))
        #expect(client.closedByServer(within: 30))
        #expect(server.journal.entry(1)?.fault == .connectionReset)
    }

    @Test func stopClosesHeldConnectionsWithoutWaitingForAnAnswer() throws {
        let server = try Self.heldServer()
        let client = try RawClient(port: server.port)
        client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(server.journal.wait(for: 1, timeout: .seconds(30)) { _ in true } != nil)
        server.stop()
        #expect(server.openConnections == 0)
        #expect(client.closedByServer(within: 30))
    }

    /// The wire level's staged answers: the runner stages each answer, a port releases it through the admin API.
    @Test func aStagedAnswerIsSentWhenAClientReleasesIt() throws {
        let server = try Self.heldServer()
        defer { server.stop() }
        server.stage(1, .response(HTTPResponse(status: 203, body: Data("ok".utf8))))
        server.stage(2, nil)
        let client = try RawClient(port: server.port)
        client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(server.journal.wait(for: 1, timeout: .seconds(30)) { _ in true } != nil)
        #expect(client.readAll(timeout: 0.2).isEmpty, "staged is not released")
        let admin = try LoopbackClient(port: server.port)
        #expect(try admin.post("/__admin/requests/1/release").status == 204)
        #expect(client.readAll(timeout: 30).hasPrefix("HTTP/1.1 203"))
        #expect(try admin.post("/__admin/requests/1/release").status == 404, "released once")
        #expect(try admin.post("/__admin/requests/2/release").status == 204, "an answer of none")
        #expect(try admin.post("/__admin/requests/3/release").status == 404, "none staged")
        #expect(try admin.post("/__admin/requests/x/release").status == 400)
    }

    @Test func aServerThatDoesNotHoldReleasesNothing() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(!server.release(1, with: .reset))
    }
}
