import Foundation
import MockHTTPServer
import Testing

/// Subject: verification over the admin API (filters, find, near misses) on a real socket.
@Suite struct VerificationTests {
    /// Three requests: two searches (one with a key) and one POST.
    private func serverWithTraffic() throws -> MockServer {
        let server = try startServer()
        _ = try exchange(server, "GET", "/v1/images/search?page=0", headers: ["X-Api-Key: k1"])
        _ = try exchange(server, "GET", "/v1/images/search?page=1")
        _ = try exchange(server, "POST", "/v2/everything?q=cats", body: "{}")
        return server
    }

    private func count(_ server: MockServer, _ target: String) throws -> Int? {
        try exchange(server, "GET", target).flatMap { (json($0.body) as? [String: Any])?["count"] as? Int }
    }

    @Test func countAndRequestsFilterByMethodPathQueryAndHeader() throws {
        let server = try serverWithTraffic()
        defer { server.stop() }
        #expect(try count(server, "/__admin/requests/count") == 3)
        #expect(try count(server, "/__admin/requests/count?path=/v1/images/search") == 2)
        #expect(try count(server, "/__admin/requests/count?method=post") == 1)
        #expect(try count(server, "/__admin/requests/count?path=/v1/images/search&query.page=1") == 1)
        #expect(try count(server, "/__admin/requests/count?header.x-api-key=k1") == 1)
        #expect(try count(server, "/__admin/requests/count?path=/nowhere") == 0)
        let listed = try #require(try exchange(server, "GET", "/__admin/requests?query.page=0"))
        let requests = try #require((json(listed.body) as? [String: Any])?["requests"] as? [[String: Any]])
        #expect(requests.map { $0["sequence"] as? Int } == [1])
    }

    @Test func anUnknownFilterIsRefusedByName() throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(try exchange(server, "GET", "/__admin/requests/count?pth=/x"))
        #expect(response.status == 400)
        #expect(
            (json(response.body) as? [String: String])?["message"]
                == "pth: unknown filter; expected method, path, query.NAME, header.NAME")
    }

    @Test func findTakesTheSamePatternAStubUses() throws {
        let server = try serverWithTraffic()
        defer { server.stop() }
        let found = try #require(
            try exchange(
                server, "POST", "/__admin/requests/find",
                body: #"{"method": "GET", "path": "/v1/images/search", "headers": {"X-API-KEY": "k1"}}"#))
        #expect(found.status == 200)
        let requests = try #require((json(found.body) as? [String: Any])?["requests"] as? [[String: Any]])
        #expect(requests.map { $0["sequence"] as? Int } == [1])
        let anyMethod = try #require(
            try exchange(server, "POST", "/__admin/requests/count", body: #"{"query": {"q": "cats"}}"#))
        #expect(
            (json(anyMethod.body) as? [String: Any])?["count"] as? Int == 1, "a pattern without a method matches any")
        let bad = try #require(
            try exchange(server, "POST", "/__admin/requests/find", body: #"{"path": "/x", "responses": []}"#))
        #expect(bad.status == 400)
        #expect((json(bad.body) as? [String: String])?["message"]?.hasPrefix("responses: unknown field") == true)
    }

    @Test func aRequestNoStubMatchedListsTheNearestStubsAndWhyTheyMissed() throws {
        let server = try startServer()
        defer { server.stop() }
        let far = server.stub(Stub(method: "POST", path: "/other", responses: [.text(200, "{}")]))
        let near = server.stub(
            Stub(
                path: "/v1/images/search", query: ["page": "1"], headers: ["X-Api-Key": "k"],
                responses: [.text(200, "{}")]))
        #expect(try exchange(server, "GET", "/v1/images/search?page=0", headers: ["X-Api-Key: k"])?.status == 200)
        let entry = try #require(server.journal.all.first)
        #expect(entry.stub == nil)
        let misses = server.nearMisses(for: entry.request)
        #expect(misses.map(\.stub) == [near, far])
        #expect(misses.first?.reasons == ["query.page: expected 1, got 0"])
        #expect(
            misses.last?.reasons == ["method: expected POST, got GET", "path: expected /other, got /v1/images/search"])

        let response = try #require(try exchange(server, "GET", "/__admin/requests/\(entry.sequence)/near-misses"))
        let listed = try #require((json(response.body) as? [String: Any])?["nearMisses"] as? [[String: Any]])
        #expect(listed.first?["stub"] as? Int == near)
        #expect(listed.first?["reasons"] as? [String] == ["query.page: expected 1, got 0"])
        let unmatched = try #require(try exchange(server, "GET", "/__admin/requests/unmatched"))
        #expect((json(unmatched.body) as? [String: Any])?["count"] as? Int == 1)
        #expect(try exchange(server, "GET", "/__admin/requests/99/near-misses")?.status == 404)
    }

    /// The path weighs most, as in WireMock: a same-path stub that differs in one query value is
    /// not dropped behind newer stubs for other paths that also differ in one part.
    @Test func nearMissesRankAStubForTheSamePathFirst() throws {
        let server = try startServer()
        defer { server.stop() }
        let samePath = server.stub(Stub(path: "/v1/images/search", query: ["page": "1"], responses: [.text(200, "{}")]))
        let others = (1...3).map { server.stub(Stub(path: "/v1/other\($0)", responses: [.text(200, "{}")])) }
        #expect(try exchange(server, "GET", "/v1/images/search?page=0")?.status == 200)
        let entry = try #require(server.journal.all.first)
        let misses = server.nearMisses(for: entry.request)
        #expect(misses.first?.stub == samePath, "ranked: \(misses.map(\.stub)), stubs for other paths: \(others)")
        #expect(misses.first?.reasons == ["query.page: expected 1, got 0"])
        #expect(misses.count == 3)
    }

    @Test func aStubMatchesOnHeadersWithoutRegardToTheirNamesCase() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v1/images/search", headers: ["x-api-key": "secret"], responses: [.text(418, "{}")]))
        #expect(try exchange(server, "GET", "/v1/images/search", headers: ["X-Api-Key: secret"])?.status == 418)
        #expect(try exchange(server, "GET", "/v1/images/search", headers: ["X-Api-Key: other"])?.status == 200)
    }
}
