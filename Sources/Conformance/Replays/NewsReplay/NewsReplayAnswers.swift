import FixtureFormat
import Foundation
import MVINews
import ReplaySeam

/// One answer a scenario's `respond` line gives the News data source, with its transcript echo.
public struct NewsReplayAnswer: ReplayAnswer, Equatable {
    /// How the transcript echoes the answer after `respond #n`.
    public let echo: String
    /// What the data source delivers.
    public let result: Result<NewsPage, NewsError>
    /// What the mock server sends at the wire level (docs/features/news.md, "At the wire"): the
    /// answer's own wire form when it has one, else the result's, written when asked for (only the
    /// wire level asks, and a page's body is a JSON text to write).
    public var wire: WireAnswer { ownWire ?? Self.wire(result) }
    private let ownWire: WireAnswer?

    init(echo: String, result: Result<NewsPage, NewsError>, wire: WireAnswer? = nil) {
        self.echo = echo
        self.result = result
        ownWire = wire
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.echo == rhs.echo && lhs.result == rhs.result && lhs.wire == rhs.wire
    }

    /// The wire form of a page or an error: a page is NewsAPI's `ok` body, `api` its `error` body
    /// with the status, `httpStatus` the status with no body, `transport` a reset, `timeout` no
    /// answer. A `body` answer is sent as it is, with its status.
    static func wire(_ result: Result<NewsPage, NewsError>) -> WireAnswer {
        switch result {
        case .success(let page):
            let body: JSONValue = [
                "status": "ok", "totalResults": .integer(page.totalResults),
                "articles": .array(page.articles.map(NewsFeature.encode)),
            ]
            return .json(200, body.compactText)
        case .failure(.api(let status, let code, let message)):
            let body: JSONValue = ["status": "error", "code": .string(code), "message": .string(message)]
            return .json(status, body.compactText)
        case .failure(.httpStatus(let status)) where (200...299).contains(status):
            return .none("httpStatus(\(status)) is a success at the wire, not a failure")
        case .failure(.httpStatus(let status)) where status < 200:
            return .none("httpStatus(\(status)) is not a final answer at the wire")
        case .failure(.httpStatus(let status)): return .response(status: status, body: Data())
        case .failure(.invalidResponse):
            return .none("invalidResponse names what the parser found in a body; at the wire, give the body (`body`)")
        case .failure(.transport): return .reset
        case .failure(.timeout): return .timeout
        }
    }
}

extension NewsFeature {
    /// An article as NewsAPI writes it: `source` (`name`, optional `id`) and `url` required,
    /// `author`, `title`, `description`, `urlToImage`, `publishedAt`, `content` optional strings
    /// (left out when absent; NewsAPI's `null`s go through a `body` answer instead).
    public static let article: JSONCodec<NewsArticle> = {
        let id = Field.optional("id", JSONCodec.string)
        let name = Field.required("name", JSONCodec.string)
        let source = ObjectCodec.object(id, name) { NewsArticle.Source(id: try $0.read(id), name: try $0.read(name)) }
        let sourceField = Field.required("source", source.value)
        let url = Field.required("url", JSONCodec.string)
        let author = Field.optional("author", JSONCodec.string)
        let title = Field.optional("title", JSONCodec.string)
        let description = Field.optional("description", JSONCodec.string)
        let urlToImage = Field.optional("urlToImage", JSONCodec.string)
        let publishedAt = Field.optional("publishedAt", JSONCodec.string)
        let content = Field.optional("content", JSONCodec.string)
        return ObjectCodec.object(sourceField, author, title, description, url, urlToImage, publishedAt, content) {
            reader in
            NewsArticle(
                source: try reader.read(sourceField), author: try reader.read(author), title: try reader.read(title),
                description: try reader.read(description), url: try reader.read(url),
                urlToImage: try reader.read(urlToImage),
                publishedAt: try reader.read(publishedAt), content: try reader.read(content))
        }.value
    }()

    /// Article `number` of a `generated` answer: source `News Test`, title `Article <n>`, url
    /// `https://news.test/<n>`, nothing else.
    public static func generatedArticle(_ number: Int) -> NewsArticle {
        NewsArticle(source: .init(name: "News Test"), title: "Article \(number)", url: "https://news.test/\(number)")
    }

    /// A `respond` line's fields, exactly one form of (docs/features/news.md, "Answers"):
    /// `"articles": [...]` with optional `"totalResults"` (default: the count); `"generated": {"first", "count"}`
    /// with `"totalResults"`; `"body": "..."` with optional `"status"` (default 200), read by
    /// `NewsResponseParser`; `"failure"`: `api` (`status`, `code`, optional `message`), `httpStatus`
    /// (`status`), `invalidResponse` (`detail`), `transport` (optional `detail`) or `timeout`.
    public static let responses: ObjectCodec<NewsReplayAnswer> = {
        let total = Field.optional("totalResults", JSONCodec.integer(0...largestExactInteger))
        let requiredTotal = Field.required("totalResults", JSONCodec.integer(0...largestExactInteger))
        let articles = Field.required("articles", JSONCodec.array(of: article))
        let first = Field.required("first", JSONCodec.integer(1...1_000_000))
        let count = Field.required("count", JSONCodec.integer(0...1_000))
        let range = ObjectCodec.object(first, count) { (first: try $0.read(first), count: try $0.read(count)) }
        let generated = Field.required("generated", range.value)
        let body = Field.required("body", JSONCodec.string)
        let bodyStatus = Field.optional("status", JSONCodec.integer(100...599))
        let status = Field.required("status", JSONCodec.integer(100...599))
        let code = Field.required("code", JSONCodec.string)
        let message = Field.optional("message", JSONCodec.string)
        let detail = Field.required("detail", JSONCodec.string)
        let transportDetail = Field.optional("detail", JSONCodec.string)
        func kind(_ name: String) -> Field<String> { Field.constant("failure", name) }
        return .oneOf(
            "a news response",
            [
                .has(
                    "articles",
                    .object(articles, total) { reader in
                        let list = try reader.read(articles)
                        let totalResults = try reader.read(total) ?? list.count
                        return NewsReplayAnswer(
                            echo: "articles [\(list.count)], totalResults \(totalResults)",
                            result: .success(NewsPage(totalResults: totalResults, articles: list)))
                    }),
                .has(
                    "generated",
                    .object(generated, requiredTotal) { reader in
                        let (first, count) = try reader.read(generated)
                        let totalResults = try reader.read(requiredTotal)
                        let span = count == 0 ? "none" : "\(first)...\(first + count - 1)"
                        return NewsReplayAnswer(
                            echo: "generated \(span), totalResults \(totalResults)",
                            result: .success(
                                NewsPage(
                                    totalResults: totalResults, articles: (first..<first + count).map(generatedArticle))
                            ))
                    }),
                .has(
                    "body",
                    .object(body, bodyStatus) { reader in
                        let text = try reader.read(body)
                        let code = try reader.read(bodyStatus) ?? 200
                        return NewsReplayAnswer(
                            echo: "status \(code), body \(CanonicalRender.quote(text))",
                            result: NewsResponseParser.parse(status: code, body: Data(text.utf8)),
                            wire: code < 200
                                ? .none("status \(code) is not a final answer at the wire") : .json(code, text))
                    }),
                .when(
                    "failure", is: "api",
                    .object(kind("api"), status, code, message) { reader in
                        failure(
                            .api(
                                status: try reader.read(status), code: try reader.read(code),
                                message: try reader.read(message) ?? ""))
                    }),
                .when(
                    "failure", is: "httpStatus",
                    .object(kind("httpStatus"), status) { failure(.httpStatus(try $0.read(status))) }),
                .when(
                    "failure", is: "invalidResponse",
                    .object(kind("invalidResponse"), detail) { failure(.invalidResponse(try $0.read(detail))) }),
                .when(
                    "failure", is: "transport",
                    .object(kind("transport"), transportDetail) { reader in
                        failure(.transport(try reader.read(transportDetail) ?? "connection failed"))
                    }),
                .when("failure", is: "timeout", .object(kind("timeout")) { _ in failure(.timeout) }),
            ])
    }()

    /// The answer that fails with `error`, echoed `failure <error>`.
    static func failure(_ error: NewsError) -> NewsReplayAnswer {
        NewsReplayAnswer(echo: "failure \(echo(error))", result: .failure(error))
    }

    /// The transcript's form of an error: `api(status: 401, code: "apiKeyInvalid")`, `timeout`...
    /// (the server's message is not shown: the alert's text, in the render, is what the user sees).
    static func echo(_ error: NewsError) -> String {
        switch error {
        case .api(let status, let code, _): "api(status: \(status), code: \(CanonicalRender.quote(code)))"
        case .httpStatus(let status): "httpStatus(\(status))"
        case .invalidResponse(let detail): "invalidResponse(\(CanonicalRender.quote(detail)))"
        case .transport(let detail): "transport(\(CanonicalRender.quote(detail)))"
        case .timeout: "timeout"
        }
    }
}
