import Foundation
import MockHTTPServer
import Testing

/// Subject: the journal's caps and what each entry records, over a real socket.
@Suite struct JournalLimitTests {
    @Test func theJournalKeepsTheNewestEntriesAndCountsTheDropped() throws {
        let server = try startServer { $0.journal = JournalLimits(maxEntries: 5) }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for page in 0..<12 { client.send("GET /v1/images/search?page=\(page) HTTP/1.1\r\n\r\n") }
        #expect(client.readResponses(12).count == 12)
        #expect(server.journal.count == 5)
        #expect(server.journal.dropped == 7)
        #expect(server.journal.all.map(\.sequence) == [8, 9, 10, 11, 12])
        #expect(server.journal.entry(3) == nil, "dropped")
        #expect(server.journal.entry(10)?.request.queryValue("page") == "9")
        #expect(
            (8...12).map { server.journal.entry($0)?.request.queryValue("page") } == ["7", "8", "9", "10", "11"],
            "each kept entry is found by its number, on either side of the ring's end")
        #expect(server.journal.next(timeout: .seconds(1))?.sequence == 8, "next skips what was dropped")
        let count = try #require(try exchange(server, "GET", "/__admin/requests/count"))
        let fields = try #require(json(count.body) as? [String: Int])
        #expect(fields == ["count": 5, "dropped": 7])
    }

    @Test func bodiesOverTheCapAreCutAndFlagged() throws {
        let server = try startServer { $0.journal = JournalLimits(maxBodyBytes: 1000) }
        defer { server.stop() }
        let big = String(repeating: "b", count: 5000)
        #expect(try exchange(server, "POST", "/v1/images/search", body: big)?.status == 405)
        #expect(try exchange(server, "POST", "/v1/images/search", body: "small")?.status == 405)
        let entries = server.journal.all
        #expect(entries.map(\.bodyTruncated) == [true, false])
        #expect(entries.map(\.bodyBytes) == [5000, 5])
        #expect(entries.map(\.request.body.count) == [1000, 5])
        let listed = try #require(try exchange(server, "GET", "/__admin/requests"))
        let requests = try #require((json(listed.body) as? [String: Any])?["requests"] as? [[String: Any]])
        #expect(requests.first?["bodyTruncated"] as? Bool == true)
        #expect(requests.first?["bodyBytes"] as? Int == 5000)
    }

    @Test func eachEntryNamesTheStubOrTheRouteThatAnswered() throws {
        let server = try startServer()
        defer { server.stop() }
        let id = server.stub(Stub(path: "/stubbed", responses: [.text(200, "{}")]))
        #expect(try exchange(server, "GET", "/stubbed")?.status == 200)
        #expect(try exchange(server, "GET", "/v1/images/search")?.status == 200)
        #expect(try exchange(server, "GET", "/images/0.png")?.status != nil)
        #expect(try exchange(server, "GET", "/nowhere")?.status == 404)
        let entries = server.journal.all
        #expect(entries.map(\.stub) == [id, nil, nil, nil])
        #expect(entries.map(\.route) == [nil, "/v1/images/search", "/images/<id>.png", "notFound"])
        let listed = try #require(try exchange(server, "GET", "/__admin/requests"))
        let requests = try #require((json(listed.body) as? [String: Any])?["requests"] as? [[String: Any]])
        #expect(requests.first?["stub"] as? Int == id)
        #expect(requests.last?["route"] as? String == "notFound")
    }

    @Test func twoThousandRequestsLeaveTheNewestHundredInOrder() throws {
        let server = try startServer { $0.journal = JournalLimits(maxEntries: 100) }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for _ in 0..<20 {
            client.send(String(repeating: "GET /nowhere HTTP/1.1\r\n\r\n", count: 100))
            #expect(client.readResponses(100).count == 100)
        }
        #expect(server.journal.count == 100)
        #expect(server.journal.dropped == 1900)
        #expect(server.journal.all.first?.sequence == 1901)
        #expect(server.journal.all.last?.sequence == 2000)
    }
}
