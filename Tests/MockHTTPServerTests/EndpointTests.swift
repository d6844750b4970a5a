import Foundation
import MockHTTPServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Subject: a real server on loopback, with URLSession. Waits use generous timeouts.
@Suite struct EndpointTests {
    @Test func catSearchWithoutAKeyGivesTenForAnyLimitAboveOne() throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(
            get(
                server.baseURL.appendingPathComponent("v1/images/search").appending(queryItems: [
                    .init(name: "limit", value: "50")
                ])))
        #expect(response.status == 200)
        let images = try #require(json(response.body) as? [[String: Any]])
        #expect(images.count == 10)
        #expect(response.headers["pagination-limit"] == "10")
        #expect(response.headers["pagination-count"] == "120")
        #expect(response.headers["pagination-page"] == "0")
        let first = try #require(images.first)
        #expect(Set(first.keys) == ["id", "url", "width", "height", "breeds"])
        #expect((first["url"] as? String)?.hasPrefix("http://127.0.0.1:\(server.port)/images/") == true)
        let one = try #require(get(server.baseURL.appendingPathComponent("v1/images/search")))
        #expect((json(one.body) as? [Any])?.count == 1, "limit defaults to 1")
    }

    @Test func catSearchWithAKeyGivesUpTo100AndPages() throws {
        let server = try startServer()
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("v1/images/search")
        let page0 = try #require(
            get(
                url.appending(queryItems: [.init(name: "limit", value: "50"), .init(name: "page", value: "0")]),
                headers: ["x-api-key": "k"]))
        let page2 = try #require(
            get(
                url.appending(queryItems: [.init(name: "limit", value: "50"), .init(name: "page", value: "2")]),
                headers: ["x-api-key": "k"]))
        let capped = try #require(
            get(url.appending(queryItems: [.init(name: "limit", value: "500")]), headers: ["x-api-key": "k"]))
        #expect((json(page0.body) as? [Any])?.count == 50)
        #expect((json(page2.body) as? [Any])?.count == 20, "120 images: the third page of 50 has 20")
        #expect((json(capped.body) as? [Any])?.count == 100)
        #expect(capped.headers["pagination-limit"] == "100")
    }

    @Test func imagesAreDeterministicPNGsWithCachingHeaders() throws {
        let server = try startServer()
        defer { server.stop() }
        let search = try #require(get(server.baseURL.appendingPathComponent("v1/images/search")))
        let address = (json(search.body) as? [[String: Any]])?.first?["url"] as? String
        let url = try #require(address.flatMap { URL(string: $0) })
        let first = try #require(get(url))
        let second = try #require(get(url))
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "image/png")
        #expect(first.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(first.body == second.body)
        #expect(first.headers["cache-control"] == "public, max-age=86400")
        let etag = try #require(first.headers["etag"])
        let notModified = try #require(get(url, headers: ["If-None-Match": etag]))
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(get(server.baseURL.appendingPathComponent("images/nope.png"))?.status == 404)
    }

    @Test func newsNeedsAKeyAndAnswersWithNewsAPIsErrorShape() throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(
            get(
                server.baseURL.appendingPathComponent("v2/top-headlines").appending(queryItems: [
                    .init(name: "language", value: "en")
                ])))
        #expect(response.status == 401)
        let body = try #require(json(response.body) as? [String: String])
        #expect(body["status"] == "error")
        #expect(body["code"] == "apiKeyMissing")
        #expect(body["message"]?.isEmpty == false)
    }

    @Test func topHeadlinesPageFromOneUpToTheHundredResultCap() throws {
        let server = try startServer()
        defer { server.stop() }
        func page(_ number: Int) throws -> (status: Int, body: [String: Any]) {
            let url = server.baseURL.appendingPathComponent("v2/top-headlines").appending(queryItems: [
                .init(name: "language", value: "en"), .init(name: "page", value: String(number)),
                .init(name: "pageSize", value: "20"),
            ])
            let response = try #require(get(url, headers: ["X-Api-Key": "k"]))
            return (response.status, try #require(json(response.body) as? [String: Any]))
        }
        let first = try page(1).body
        #expect(first["status"] as? String == "ok")
        let total = try #require(first["totalResults"] as? Int)
        #expect(total > 100, "the data set has more English headlines than the cap")
        let articles = try #require(first["articles"] as? [[String: Any]])
        #expect(articles.count == 20)
        #expect(
            Set(articles[0].keys) == [
                "source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content",
            ])
        var seen = articles.count
        for number in 2...5 { seen += (try page(number).body["articles"] as? [Any])?.count ?? 0 }
        #expect(seen == 100)
        let past = try page(6)
        #expect(past.status == 426)
        #expect(past.body["code"] as? String == "maximumResultsReached")
        #expect((past.body["message"] as? String)?.contains("You are trying to request results 100 to 120.") == true)
    }

    @Test(arguments: [
        ("v2/everything", [("pageSize", "5")], "parametersMissing"),
        ("v2/everything", [("q", "swift"), ("pageSize", "101")], "parameterInvalid"),
        ("v2/everything", [("q", "swift"), ("page", "0")], "parameterInvalid"),
        ("v2/top-headlines", [], "parametersMissing"),
    ])
    func newsRejectsBadParametersWith400(path: String, query: [(String, String)], code: String) throws {
        let server = try startServer()
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent(path).appending(
            queryItems: query.map { URLQueryItem(name: $0.0, value: $0.1) })
        let response = try #require(get(url, headers: ["X-Api-Key": "k"]))
        #expect(response.status == 400)
        #expect((json(response.body) as? [String: String])?["code"] == code)
    }

    @Test func everythingSearchesTitlesAndDescriptionsWithoutRegardToCase() throws {
        let server = try startServer()
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("v2/everything").appending(queryItems: [
            .init(name: "q", value: "KITTENS"), .init(name: "pageSize", value: "100"),
        ])
        let response = try #require(get(url, headers: ["X-Api-Key": "k"]))
        let body = try #require(json(response.body) as? [String: Any])
        let articles = try #require(body["articles"] as? [[String: Any]])
        #expect(!articles.isEmpty)
        #expect(
            articles.allSatisfy { article in
                ["title", "description"].contains { (article[$0] as? String)?.lowercased().contains("kittens") == true }
            })
        #expect(body["totalResults"] as? Int == articles.count)
    }
}

@Suite struct StubAndFaultTests {
    @Test func stubsOverrideARouteAndServeTheirQueueInOrderThenRepeatTheLast() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(
            Stub(
                path: "/v1/images/search", query: ["page": "7"], responses: [.text(500, "first"), .text(503, "second")])
        )
        let url = server.baseURL.appendingPathComponent("v1/images/search")
        let paged = url.appending(queryItems: [.init(name: "page", value: "7")])
        #expect(get(paged)?.status == 500)
        #expect(get(paged)?.status == 503)
        #expect(get(paged)?.status == 503)
        #expect(get(url)?.status == 200, "a request the stub does not match goes to the route")
        #expect(server.stubs.first?.served == 3)
    }

    @Test func chunkedDelayedAndThrottledResponsesArriveWhole() throws {
        let server = try startServer()
        defer { server.stop() }
        let body = String(repeating: "0123456789", count: 300)
        server.stub(
            Stub(
                path: "/chunked",
                responses: [
                    StubResponse(
                        body: Data(body.utf8), chunked: true, chunkSize: 700, delayMilliseconds: 50, throttleBytes: 500,
                        throttleMilliseconds: 5)
                ]))
        let response = try #require(get(server.baseURL.appendingPathComponent("chunked")))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        #expect(response.headers["transfer-encoding"]?.lowercased() == "chunked")
    }

    @Test(arguments: [Fault.connectionReset, .emptyResponse, .malformedChunk, .garbageThenClose, .truncatedBody])
    func faultsFailTheClient(fault: Fault) throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/fault", responses: [.fault(fault)]))
        let response = get(server.baseURL.appendingPathComponent("fault"))
        #expect(
            response == nil || response?.status != 200 || response?.body.isEmpty == true,
            "the client must not see a clean answer")
        #expect(server.journal.all.first?.fault == fault)
    }

    @Test func aResetIsARealTCPReset() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/reset", responses: [.fault(.connectionReset)]))
        let client = try RawClient(port: server.port)
        client.send("GET /reset HTTP/1.1\r\n\r\n")
        var buffer = [UInt8](repeating: 0, count: 16)
        var descriptor = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 10_000)
        let count = recv(client.fd, &buffer, 16, 0)
        #expect(count < 0 && errno == ECONNRESET)
    }

    /// The client times out; Linux URLSession keeps a timed-out connection open until its
    /// session is invalidated, so the test does that, as a client that gives up would.
    @Test func aStallTimesTheClientOutAndSeesItGo() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/stall", responses: [.fault(.stall)]))
        // Linux URLSession takes the timeout of a custom session from its configuration.
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        let session = URLSession(configuration: configuration)
        let outcome = Box<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let started = Date()
        session.dataTask(with: URLRequest(url: server.baseURL.appendingPathComponent("stall"), timeoutInterval: 1)) {
            _, _, error in
            outcome.value = error
            done.signal()
        }.resume()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect((outcome.value as? URLError)?.code == .timedOut)
        #expect(Date().timeIntervalSince(started) >= 0.9)
        session.invalidateAndCancel()
        #expect(server.journal.wait(for: 1, timeout: .seconds(30)) { $0.clientWentAway } != nil)
    }

    @Test func theJournalHandsOutRequestsInOrderAndWaits() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(server.journal.next(timeout: .milliseconds(50)) == nil)
        _ = get(server.baseURL.appendingPathComponent("v1/images/search"), headers: ["x-api-key": "secret"])
        _ = get(server.baseURL.appendingPathComponent("missing"))
        let first = try #require(server.journal.next(timeout: .seconds(10)))
        #expect(first.request.path == "/v1/images/search")
        #expect(first.request.header("X-API-KEY") == "secret")
        #expect(first.status == 200)
        #expect(server.journal.next(timeout: .seconds(10))?.status == 404)
        #expect(server.journal.count == 2)
        server.journal.reset()
        #expect(server.journal.count == 0)
    }
}

/// The same features over the admin HTTP API, as a test in another language would use them.
@Suite struct AdminAPITests {
    private func send(_ method: String, _ url: URL, body: String? = nil) -> (status: Int, body: Data)? {
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        let box = Box<(Int, Data)?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            box.value = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 35)
        return box.value.map { (status: $0.0, body: $0.1) }
    }

    /// `curl -X POST .../__admin/stubs` leaves the prompt on its own line: every admin answer,
    /// a refusal too, ends with a newline.
    @Test func adminAnswersEndWithANewline() throws {
        let server = try startServer()
        defer { server.stop() }
        let stub = try #require(
            send(
                "POST", server.baseURL.appendingPathComponent("__admin/stubs"),
                body: #"{"path": "/v1/images/search", "responses": [{"status": 500, "body": "{}"}]}"#))
        #expect(stub.status == 201)
        #expect(String(decoding: stub.body, as: UTF8.self) == "{\"id\":1}\n")
        for (method, path) in [("GET", "__admin/stubs"), ("GET", "__admin/health"), ("GET", "__admin/nowhere")] {
            let answer = try #require(send(method, server.baseURL.appendingPathComponent(path)))
            #expect(
                answer.body.last == UInt8(ascii: "\n"),
                "\(method) \(path): \(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    @Test func stubsJournalAndResetOverHTTP() throws {
        let server = try startServer()
        defer { server.stop() }
        let admin = server.baseURL.appendingPathComponent("__admin")
        let created = try #require(
            send(
                "POST", admin.appendingPathComponent("stubs"),
                body:
                    #"{"path": "/v1/images/search", "responses": [{"status": 418, "headers": {"X-Test": "yes"}, "body": "teapot"}]}"#
            ))
        #expect(created.status == 201)
        let stubbed = try #require(get(server.baseURL.appendingPathComponent("v1/images/search")))
        #expect(stubbed.status == 418)
        #expect(stubbed.headers["x-test"] == "yes")
        #expect(String(decoding: stubbed.body, as: UTF8.self) == "teapot")

        let next = try #require(
            send(
                "GET",
                admin.appendingPathComponent("requests/next").appending(queryItems: [
                    .init(name: "timeoutMs", value: "5000")
                ])))
        let entry = try #require(json(next.body) as? [String: Any])
        #expect(entry["path"] as? String == "/v1/images/search")
        #expect(entry["status"] as? Int == 418)
        #expect(entry["connection"] as? Int != nil)
        let countResponse = try #require(send("GET", admin.appendingPathComponent("requests/count")))
        let count = try #require(json(countResponse.body) as? [String: Int])
        #expect(count["count"] == 1, "admin requests are not journaled")
        let listResponse = try #require(send("GET", admin.appendingPathComponent("stubs")))
        let listed = try #require(json(listResponse.body) as? [String: [[String: Any]]])
        #expect(listed["stubs"]?.first?["served"] as? Int == 1)

        #expect(send("POST", admin.appendingPathComponent("reset"))?.status == 204)
        #expect(get(server.baseURL.appendingPathComponent("v1/images/search"))?.status == 200)
        #expect(
            send(
                "GET",
                admin.appendingPathComponent("requests/next").appending(queryItems: [
                    .init(name: "timeoutMs", value: "5000")
                ]))?.status == 200)
        #expect(
            send(
                "GET",
                admin.appendingPathComponent("requests/next").appending(queryItems: [
                    .init(name: "timeoutMs", value: "50")
                ]))?.status == 408)
    }

    @Test(arguments: [
        (#"{"responses": [{}]}"#, "path: missing; expected a string starting with /"),
        (#"{"path": "/x"}"#, "responses: missing; give responses (an array) or response (one)"),
        (
            #"{"path": "/x", "response": {"status": 42}}"#,
            "responses[0].status: expected a whole number from 100 to 599, got 42"
        ),
        (
            #"{"path": "/x", "response": {"fault": "boom"}}"#,
            "responses[0].fault: expected one of connectionReset, emptyResponse, malformedChunk, garbageThenClose, stall, truncatedBody"
        ),
        (
            #"{"path": "/x", "response": {"stauts": 200}}"#,
            "responses[0].stauts: unknown field; expected body, bodyBase64, chunkSize, chunked, delayMs, fault, headers, status, throttle; did you mean status?"
        ),
        ("not json", "the body is not valid JSON (unknown literal; expected null at column 1)"),
        ("[1]", "the body must be a JSON object"),
        (
            #"{"path": "/x", "path": "/y", "response": {}}"#,
            "the body is not valid JSON (duplicate key \"path\" at column 16)"
        ),
    ])
    func badStubsAreRejectedNamingTheField(body: String, message: String) throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(send("POST", server.baseURL.appendingPathComponent("__admin/stubs"), body: body))
        #expect(response.status == 400)
        #expect((json(response.body) as? [String: String])?["message"] == message)
    }
}

/// The server says where its data set comes from: a fallback to the checkout's is never silent.
@Suite struct DataSetLocationTests {
    @Test func theWorkingFoldersFixturesComeFirst() throws {
        let data = try MockData.locate(workingDirectory: FileManager.default.currentDirectoryPath)
        #expect(data.source == .workingDirectory)
        #expect(data.summary.hasSuffix("/Fixtures/http (./Fixtures; pass --fixtures DIR for another)"))
    }

    @Test func withoutFixturesInTheWorkingFolderTheCheckoutsIsUsedAndNamed() throws {
        let elsewhere = FileManager.default.temporaryDirectory.path
        let data = try MockData.locate(workingDirectory: elsewhere)
        #expect(data.source == .checkout)
        #expect(
            data.summary.contains(
                "(the package checkout's: there is no Fixtures/http in the working folder; pass --fixtures DIR for another)"
            ))
    }

    @Test func anExplicitFolderIsUsedOrRefusedNeverReplaced() throws {
        let root = FileManager.default.currentDirectoryPath + "/Fixtures"
        #expect(try MockData.locate(fixtures: root).source == .explicit)
        #expect(throws: MockServerError.noDataSet(searched: ["/nonexistent/http"], fixtures: "/nonexistent")) {
            try MockData.locate(fixtures: "/nonexistent")
        }
    }
}
