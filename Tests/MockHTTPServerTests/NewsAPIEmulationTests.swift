import FixtureFormat
import Foundation
import MockHTTPServer
import Testing

/// NewsAPI as the real service answers a developer key: keys, parameters, the 100-result cap, the
/// request limit and the search. Subject: a real server on loopback, with URLSession.
@Suite struct NewsAPIEmulationTests {
    private func news(
        _ server: MockServer, _ path: String = "v2/top-headlines", query: [(String, String)] = [("language", "en")],
        headers: [String: String] = ["X-Api-Key": "k"]
    ) throws -> (status: Int, body: [String: Any]) {
        let url = server.baseURL.appendingPathComponent(path).appending(
            queryItems: query.map { URLQueryItem(name: $0.0, value: $0.1) })
        let response = try #require(get(url, headers: headers))
        return (response.status, try #require(json(response.body) as? [String: Any]))
    }

    private func urls(_ body: [String: Any]) -> [String] {
        (body["articles"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
    }

    @Test func theDataSetIsNewsArticlesJSONWithItsEnglishHeadlinesNewestFirst() throws {
        let server = try startServer()
        defer { server.stop() }
        let english = server.configuration.data.articles.filter { $0["language"] == "en" }
        #expect(server.configuration.data.articles.count >= 150)
        let first = try news(server)
        #expect(first.body["totalResults"] as? Int == english.count)
        #expect(urls(first.body).count == 20, "pageSize defaults to 20")
        #expect(
            urls(first.body)
                == english.prefix(20).compactMap { if case .string(let url)? = $0["url"] { url } else { nil } })
        let second = try news(server, query: [("language", "en"), ("page", "2")])
        #expect(
            urls(first.body).last == urls(second.body).first, "the data set's one duplicate straddles pages 1 and 2")
    }

    @Test func aMissingKeyIs401ApiKeyMissingWithNewsAPIsMessage() throws {
        let server = try startServer()
        defer { server.stop() }
        let answer = try news(server, headers: [:])
        #expect(answer.status == 401)
        #expect(
            answer.body as? [String: String] == [
                "status": "error", "code": "apiKeyMissing",
                "message":
                    "Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key HTTP header.",
            ])
    }

    @Test func aKeyTheServerDoesNotAcceptIs401ApiKeyInvalid() throws {
        let server = try startServer { $0.newsAPI = NewsAPIKeys(accepted: ["good"]) }
        defer { server.stop() }
        let wrong = try news(server, headers: ["X-Api-Key": "bad"])
        #expect(wrong.status == 401)
        #expect(wrong.body["code"] as? String == "apiKeyInvalid")
        #expect(wrong.body["message"] as? String == NewsAPIError.apiKeyInvalid.message)
        #expect(try news(server, headers: ["X-Api-Key": "good"]).status == 200)
        #expect(
            try news(server, query: [("language", "en"), ("apiKey", "good")], headers: [:]).status == 200,
            "the key may come as apiKey")
        #expect(try news(server, headers: ["Authorization": "Bearer good"]).status == 200, "or as Authorization")
        #expect(try news(server, headers: ["Authorization": "bad"]).status == 401)
    }

    @Test func aDisabledKeyIs401ApiKeyDisabledBeforeAnyOtherCheck() throws {
        let server = try startServer { $0.newsAPI = NewsAPIKeys(accepted: ["good"], disabled: ["old"]) }
        defer { server.stop() }
        let disabled = try news(server, query: [("pageSize", "1000")], headers: ["X-Api-Key": "old"])
        #expect(disabled.status == 401)
        #expect(disabled.body["code"] as? String == "apiKeyDisabled")
        #expect(disabled.body["message"] as? String == "Your API key has been disabled.")
        #expect(try news(server, headers: ["X-Api-Key": "good"]).status == 200)
    }

    @Test(arguments: [
        [("sources", "bbc-news"), ("country", "us")], [("sources", "bbc-news"), ("category", "science")],
    ])
    func sourcesMixedWithCountryOrCategoryIsParameterInvalid(query: [(String, String)]) throws {
        let server = try startServer()
        defer { server.stop() }
        let mixed = try news(server, query: query)
        #expect(mixed.status == 400)
        #expect(mixed.body["code"] as? String == "parameterInvalid")
        #expect(
            mixed.body["message"] as? String
                == "You can't mix the sources parameter with the country or category parameters.")
        #expect(try news(server, query: [("sources", "bbc-news")]).status == 200, "sources alone is fine")
        #expect(
            try news(server, "v2/everything", query: [("q", "a")] + query).status == 200, "the rule is top headlines'")
    }

    @Test(arguments: [
        (1, 100, 200), (5, 20, 200), (6, 20, 426), (2, 100, 426), (4, 30, 426), (3, 33, 200), (101, 1, 426),
    ])
    func pagesMayNotReachPastTheFirstHundredResults(page: Int, pageSize: Int, status: Int) throws {
        let server = try startServer()
        defer { server.stop() }
        let answer = try news(
            server, query: [("language", "en"), ("page", String(page)), ("pageSize", String(pageSize))])
        #expect(answer.status == status)
        if status == 426 {
            #expect(answer.body["code"] as? String == "maximumResultsReached")
            #expect(
                answer.body["message"] as? String
                    == NewsAPIError.maximumResultsReached(first: (page - 1) * pageSize, last: page * pageSize).message)
        }
    }

    @Test func theCapMessageNamesTheResultsAsked() {
        #expect(
            NewsAPIError.maximumResultsReached(first: 100, last: 200).message.contains(
                "You are trying to request results 100 to 200."))
    }

    @Test(arguments: [
        ([("q", "swift"), ("pageSize", "101")], "pageSize must be a whole number from 1 to 100."),
        ([("q", "swift"), ("pageSize", "0")], "pageSize must be a whole number from 1 to 100."),
        ([("q", "swift"), ("pageSize", "ten")], "pageSize must be a whole number from 1 to 100."),
        ([("q", "swift"), ("page", "0")], "page must be a whole number >= 1."),
        (
            [("q", "swift"), ("searchIn", "title,body")],
            "searchIn may only contain title, description and content; got body."
        ),
    ])
    func badParametersAre400ParameterInvalidNamingThem(query: [(String, String)], message: String) throws {
        let server = try startServer()
        defer { server.stop() }
        let answer = try news(server, "v2/everything", query: query)
        #expect(answer.status == 400)
        #expect(answer.body["code"] as? String == "parameterInvalid")
        #expect(answer.body["message"] as? String == message)
    }

    @Test func aKeyPastItsRequestLimitIs429RateLimitedUntilReset() throws {
        let server = try startServer { $0.newsAPI = NewsAPIKeys(requestLimit: 2) }
        defer { server.stop() }
        #expect(try news(server).status == 200)
        #expect(try news(server, headers: [:]).status == 401, "a request without a key is not counted")
        #expect(try news(server).status == 200)
        let limited = try news(server)
        #expect(limited.status == 429)
        #expect(limited.body["code"] as? String == "rateLimited")
        #expect(limited.body["message"] as? String == NewsAPIError.rateLimited.message)
        #expect(try news(server, headers: ["X-Api-Key": "other"]).status == 200, "each key has its own count")
        #expect(try news(server, headers: ["X-Api-Key": "k"]).status == 429)
        server.reset()
        #expect(try news(server).status == 200)
    }

    @Test func searchFindsNonASCIITitlesWithoutRegardToCase() throws {
        let server = try startServer()
        defer { server.stop() }
        let answer = try news(server, "v2/everything", query: [("q", "ZÜRICH STRASSENBAHN")])
        #expect(answer.body["totalResults"] as? Int == 0, "no folding beyond case: ß is not ss")
        let found = try news(server, "v2/everything", query: [("q", "ZÜRICH")])
        let titles = (found.body["articles"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(!titles.isEmpty)
        #expect(titles.allSatisfy { $0.contains("Zürich") })
    }

    @Test func searchInContentLooksInTheContentOnly() throws {
        let server = try startServer()
        defer { server.stop() }
        // The data set's contents are filler words: "analysts" is in many contents, no title or description.
        let titles = try news(server, "v2/everything", query: [("q", "analysts")])
        let contents = try news(server, "v2/everything", query: [("q", "analysts"), ("searchIn", "content")])
        #expect(titles.body["totalResults"] as? Int == 0)
        #expect((contents.body["totalResults"] as? Int ?? 0) > 0)
    }

    @Test func aStubbedNewsAPIErrorIsTheServicesBody() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v2/top-headlines", responses: [.newsAPI(.unexpectedError)]))
        let answer = try news(server)
        #expect(answer.status == 500)
        #expect(
            answer.body as? [String: String] == [
                "status": "error", "code": "unexpectedError", "message": NewsAPIError.unexpectedError.message,
            ])
    }
}
