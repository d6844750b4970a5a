import Foundation
import Testing

@testable import MVINews

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct NewsRequestTests {
    private let source = NewsHTTPDataSource(baseURL: URL(string: "http://127.0.0.1:8080/")!, apiKey: "k-123")

    @Test func topHeadlinesAsksEnglishPagesOfTwentyWithTheKeyInTheHeader() {
        let request = source.urlRequest(for: .topHeadlines(page: 1, pageSize: 20))
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/v2/top-headlines?language=en&page=1&pageSize=20")
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "X-Api-Key") == "k-123")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func aRequestWaitsThirtySecondsByDefault() {
        let request = NewsHTTPDataSource(apiKey: nil).urlRequest(for: .topHeadlines(page: 1, pageSize: 20))
        #expect(request.timeoutInterval == 30)
    }

    @Test func theKeyNeverGoesInTheURL() {
        let request = source.urlRequest(for: .everything(query: "apiKey", page: 1, pageSize: 20))
        #expect(request.url?.absoluteString.contains("k-123") == false)
    }

    @Test func withoutAKeyNoHeaderIsSent() {
        let keyless = NewsHTTPDataSource(baseURL: URL(string: "http://127.0.0.1:8080")!, apiKey: nil)
        #expect(
            keyless.urlRequest(for: .topHeadlines(page: 2, pageSize: 20)).value(forHTTPHeaderField: "X-Api-Key") == nil)
    }

    @Test func aBasePathPrefixIsKept() {
        let prefixed = NewsHTTPDataSource(baseURL: URL(string: "http://127.0.0.1:9/newsapi//")!, apiKey: nil)
        #expect(
            prefixed.urlRequest(for: .everything(query: "swift", page: 1, pageSize: 20)).url?.absoluteString
                == "http://127.0.0.1:9/newsapi/v2/everything?q=swift&page=1&pageSize=20")
    }

    @Test(arguments: [
        "http://127.0.0.1:9/newsapi/?key=1", "http://127.0.0.1:9/newsapi#top", "http://127.0.0.1:9/newsapi?a#b",
    ])
    func aBaseURLsQueryAndFragmentAreDropped(base: String) {
        let source = NewsHTTPDataSource(baseURL: URL(string: base)!, apiKey: nil)
        #expect(
            source.urlRequest(for: .topHeadlines(page: 1, pageSize: 20)).url?.absoluteString
                == "http://127.0.0.1:9/newsapi/v2/top-headlines?language=en&page=1&pageSize=20")
    }

    @Test func searchTextIsPercentEncodedSoItCannotAddParameters() {
        let request = NewsRequest.everything(query: "a+b&page=9 #ü/?", page: 1, pageSize: 20)
        #expect(request.pathAndQuery == "/v2/everything?q=a%2Bb%26page%3D9%20%23%C3%BC%2F%3F&page=1&pageSize=20")
    }
}

@Suite struct NewsResponseParserTests {
    private func parse(_ status: Int, _ body: String) -> Result<NewsPage, NewsError> {
        NewsResponseParser.parse(status: status, body: Data(body.utf8))
    }

    private func failure(_ status: Int, _ body: String) -> NewsError? {
        if case .failure(let error) = parse(status, body) { return error }
        return nil
    }

    @Test func readsAPageWithNullsAsAbsentFields() throws {
        let body = """
            {"status":"ok","totalResults":2,"articles":[
             {"source":{"id":null,"name":"Wire"},"author":null,"title":"Ünïcode","description":null,
              "url":"https://x.test/1","urlToImage":null,"publishedAt":"2026-10-28T11:57:00Z","content":null},
             {"source":{"name":"Wire"},"url":"https://x.test/2"}]}
            """
        let page = try parse(200, body).get()
        #expect(page.totalResults == 2)
        #expect(
            page.articles[0]
                == NewsArticle(
                    source: .init(name: "Wire"), title: "Ünïcode", url: "https://x.test/1",
                    publishedAt: "2026-10-28T11:57:00Z"))
        #expect(page.articles[1] == NewsArticle(source: .init(name: "Wire"), url: "https://x.test/2"))
    }

    @Test(arguments: [
        (401, "apiKeyMissing", "No NewsAPI key was sent. Add your key in the settings."),
        (401, "apiKeyInvalid", "The NewsAPI key is not valid. Check the key in the settings."),
        (401, "apiKeyDisabled", "The NewsAPI key has been disabled. Use another key."),
        (429, "apiKeyExhausted", "The NewsAPI key has no requests left today. Try again tomorrow or use another key."),
        (429, "rateLimited", "Too many requests. Wait a minute and try again."),
        (426, "maximumResultsReached", "No more articles: NewsAPI shows at most 100 results."),
        (400, "parameterInvalid", "NewsAPI did not accept the request (parameterInvalid)."),
        (400, "parametersMissing", "NewsAPI did not accept the request (parametersMissing)."),
        (400, "sourcesTooMany", "NewsAPI did not accept the request (sourcesTooMany)."),
        (400, "sourceDoesNotExist", "NewsAPI did not accept the request (sourceDoesNotExist)."),
        (500, "unexpectedError", "NewsAPI failed to answer. Try again later."),
        (503, "somethingNew", "NewsAPI failed to answer. Try again later."),
        (418, "somethingNew", "NewsAPI answered with an error (somethingNew, HTTP 418)."),
    ])
    func eachErrorCodeHasItsText(status: Int, code: String, text: String) {
        let error = failure(status, #"{"status":"error","code":"\#(code)","message":"from the server"}"#)
        #expect(error == .api(status: status, code: code, message: "from the server"))
        #expect(error?.userMessage == text)
    }

    @Test func theHundredResultErrorKeepsTheServersMessageForLogs() {
        let message =
            "You have requested too many results. Developer accounts are limited to a max of 100 results. You are trying to request results 100 to 120. Please upgrade to a paid plan if you need more results."
        let error = failure(426, #"{"status":"error","code":"maximumResultsReached","message":"\#(message)"}"#)
        #expect(error?.description == "NewsAPI error maximumResultsReached (HTTP 426): \(message)")
    }

    @Test(arguments: [
        (500, "<html>oops</html>", NewsError.httpStatus(500), "NewsAPI failed to answer. Try again later."),
        (502, "", NewsError.httpStatus(502), "NewsAPI failed to answer. Try again later."),
        (404, "not here", NewsError.httpStatus(404), "NewsAPI answered with HTTP 404."),
    ])
    func aStatusWithoutAnErrorBodyIsTheStatus(status: Int, body: String, error: NewsError, text: String) {
        #expect(failure(status, body) == error)
        #expect(error.userMessage == text)
    }

    @Test(arguments: [
        ("", "an empty body"),
        ("<html>", "not valid JSON (unexpected character '<'; expected a value at column 1)"),
        (
            #"{"status":"ok","totalResults":1,"totalResults":2,"articles":[]}"#,
            #"not valid JSON (duplicate key "totalResults" at column 33)"#
        ),
        ("[]", "the top level: expected an object"),
        (#"{"status":"ok","articles":[]}"#, "totalResults: missing"),
        (#"{"status":"ok","totalResults":"3","articles":[]}"#, "totalResults: expected an integer"),
        (#"{"status":"ok","totalResults":-1,"articles":[]}"#, #""totalResults" is -1, expected 0 or more"#),
        (#"{"status":"maybe","totalResults":1,"articles":[]}"#, #""status" is "maybe", expected "ok""#),
        (#"{"status":"ok","totalResults":1,"articles":[{"source":{"name":"A"}}]}"#, "articles[0].url: missing"),
        (
            #"{"status":"ok","totalResults":1,"articles":[{"source":{"name":"A"},"url":"u"},{"url":"v"}]}"#,
            "articles[1].source: missing"
        ),
        (
            #"{"status":"ok","totalResults":1,"articles":[{"source":{"name":null},"url":"u"}]}"#,
            "articles[0].source.name: null, expected a string"
        ),
        (
            #"{"status":"ok","totalResults":1,"articles":[{"source":{"name":"A"},"url":"u","title":7}]}"#,
            "articles[0].title: expected a string"
        ),
    ])
    func aBodyThatIsNotNewsAPIsJSONIsAnErrorNamingTheField(body: String, detail: String) {
        let error = failure(200, body)
        #expect(error == .invalidResponse(detail))
        #expect(error?.userMessage == "NewsAPI sent an answer that could not be read.")
    }

    @Test func aBodyThatIsNotUTF8IsAnErrorSayingSo() {
        let body = Data([0x7B, 0x22, 0xFF, 0x22, 0x7D])  // {"<FF>"}: 0xFF is never a byte of UTF-8
        #expect(
            NewsResponseParser.parse(status: 200, body: body) == .failure(.invalidResponse("the body is not UTF-8")))
    }

    @Test func transportFailuresHaveTexts() {
        #expect(
            NewsError.transport("refused").userMessage == "No connection to NewsAPI. Check the network and try again.")
        #expect(NewsError.timeout.userMessage == "NewsAPI did not answer in time. Try again.")
    }

    @Test func eachFailureDescribesItselfForLogs() {
        #expect(NewsError.httpStatus(503).description == "HTTP status 503")
        #expect(NewsError.invalidResponse("an empty body").description == "invalid response: an empty body")
        #expect(NewsError.transport("refused").description == "transport error: refused")
        #expect(NewsError.timeout.description == "timed out")
    }
}

@Suite struct NewsHTTPOutcomeTests {
    private let url = URL(string: "http://127.0.0.1:1/v2/top-headlines")!

    private func response(_ status: Int) -> HTTPURLResponse? {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
    }

    @Test func aTimeoutIsTimeoutAndOtherURLErrorsAreTransport() {
        #expect(NewsHTTPDataSource.outcome(data: nil, response: nil, error: URLError(.timedOut)) == .failure(.timeout))
        guard
            case .failure(.transport(let detail)) = NewsHTTPDataSource.outcome(
                data: nil, response: nil, error: URLError(.cannotConnectToHost))
        else {
            Issue.record("expected a transport failure")
            return
        }
        #expect(detail.hasPrefix("URLError \(URLError.Code.cannotConnectToHost.rawValue)"))
    }

    @Test func anAnswerIsReadByTheParserWithItsStatus() {
        let body = Data(#"{"status":"error","code":"apiKeyMissing","message":"Your API key is missing."}"#.utf8)
        #expect(
            NewsHTTPDataSource.outcome(data: body, response: response(401), error: nil)
                == .failure(.api(status: 401, code: "apiKeyMissing", message: "Your API key is missing.")))
        #expect(
            NewsHTTPDataSource.outcome(data: nil, response: response(200), error: nil)
                == .failure(.invalidResponse("an empty body")))
    }
}
