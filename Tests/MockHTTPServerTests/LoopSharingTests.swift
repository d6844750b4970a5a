import Foundation
import MockHTTPServer
import Testing

/// Subject: what the server's two event loops keep each for itself (the built-in answers, their
/// view of the stubs) and what they share (the journal), seen from connections on both loops.
/// Connections go round the loops by number, so two opened one after the other are served by
/// different loops.
@Suite struct LoopSharingTests {
    /// One request on each client, in turn; the statuses of their answers.
    private func statuses(_ clients: [RawClient], _ target: String = "/v1/images/search?limit=1") -> [Int?] {
        clients.map { client in
            client.send("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")
            return client.readResponses(1).first.flatMap { parseResponse(Data($0.utf8))?.status }
        }
    }

    @Test func aStubChangeIsSeenByBothLoops() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(server.configuration.eventLoops == 2)
        let clients = try (0..<2).map { _ in try RawClient(port: server.port) }
        #expect(statuses(clients) == [200, 200], "built-in answers, now in each loop's own cache")

        let id = server.stub(Stub(path: "/v1/images/search", responses: [.text(503, "{}")]))
        #expect(statuses(clients) == [503, 503], "the new stub comes before each loop's cached answer")
        #expect(server.stubs.first?.served == 2, "counted once for each loop's request")
        #expect(server.removeStub(id))
        #expect(statuses(clients) == [200, 200], "and once removed, neither loop answers with it")

        server.stub(Stub(path: "/v1/images/search", responses: [.text(500, "{}")]))
        #expect(statuses(clients) == [500, 500])
        server.removeAllStubs()
        #expect(statuses(clients) == [200, 200])
        server.stub(Stub(path: "/v1/images/search", responses: [.text(502, "{}")]))
        #expect(statuses(clients) == [502, 502])
        let entries = server.journal.all
        #expect(Set(entries.map(\.connection)).count == 2, "both connections served")
        #expect(entries.map(\.status) == [200, 200, 503, 503, 200, 200, 500, 500, 200, 200, 502, 502])
        server.reset()
        #expect(statuses(clients) == [200, 200])
    }

    @Test func aStubAddedThroughTheAdminAPIIsSeenByBothLoops() throws {
        let server = try startServer()
        defer { server.stop() }
        let clients = try (0..<2).map { _ in try RawClient(port: server.port) }
        #expect(statuses(clients, "/v2/top-headlines?country=us&apiKey=k") == [200, 200])
        let added = try exchange(
            server, "POST", "/__admin/stubs",
            body: #"{"path": "/v2/top-headlines", "responses": [{"status": 429, "body": "{}"}]}"#)
        #expect(added?.status == 201)
        #expect(statuses(clients, "/v2/top-headlines?country=us&apiKey=k") == [429, 429])
    }

    @Test func aStubAddedBeforeTheServerStartsIsSeenByBothLoops() throws {
        let server = MockServer(configuration: .init(data: try MockData.locate()))
        server.stub(Stub(path: "/v1/images/search", responses: [.text(503, "{}")]))
        try server.start()
        defer { server.stop() }
        let clients = try (0..<2).map { _ in try RawClient(port: server.port) }
        #expect(statuses(clients) == [503, 503])
        server.stop()
        try server.start()
        let again = try (0..<2).map { _ in try RawClient(port: server.port) }
        #expect(statuses(again) == [503, 503], "and by the loops of a restart")
    }

    @Test func requestsOnBothLoopsAreNumberedInOneOrder() throws {
        let server = try startServer { $0.journal = JournalLimits(maxEntries: 150) }
        defer { server.stop() }
        let clients = try (0..<2).map { _ in try RawClient(port: server.port) }
        let perClient = 100
        // Both send all their requests at once, pipelined, so that both loops record together.
        for (index, client) in clients.enumerated() {
            client.send(
                (0..<perClient).map { "GET /v1/images/search?limit=1 HTTP/1.1\r\nX-Client: \(index) \($0)\r\n\r\n" }
                    .joined())
        }
        for client in clients { #expect(client.readResponses(perClient).count == perClient) }

        let entries = server.journal.all
        #expect(entries.map(\.sequence) == Array(51...200), "one numbering, the newest 150 kept, oldest first")
        #expect(server.journal.dropped == 50)
        #expect(Set(entries.map(\.connection)).count == 2, "both loops recorded")
        #expect(entries.allSatisfy { $0.status == 200 }, "each recorded with its status before it was written")
        for index in 0..<2 {
            let sent = entries.compactMap { entry -> Int? in
                guard let client = entry.request.header("X-Client"), client.hasPrefix("\(index) ") else { return nil }
                return Int(client.dropFirst(2))
            }
            #expect(sent == sent.sorted() && !sent.isEmpty, "a connection's requests in the order it sent them")
            #expect(sent.last == perClient - 1)
        }
        #expect((51...200).allSatisfy { server.journal.entry($0)?.sequence == $0 })
        let taken = (0..<150).compactMap { _ in server.journal.next(timeout: .milliseconds(100))?.sequence }
        #expect(taken == Array(51...200), "next hands them out in that order")
    }
}

/// Subject: how the loops split the answer cache's bound.
@Suite struct ResponseCacheShareTests {
    @Test func theLoopsCachesTogetherHoldNoMoreThanOneCacheDid() {
        for loops in 1...8 {
            let each = ResponseCache.capacity(ofEachOf: loops)
            #expect(each >= 1)
            #expect(each * loops <= ResponseCache.serverCapacity)
        }
        #expect(ResponseCache.capacity(ofEachOf: 1) == ResponseCache.serverCapacity)
    }
}
