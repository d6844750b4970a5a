import FixtureFormat
import MVICore
import MVINews
import ReplaySeam

/// The News data source of a replay: each load is a request, named by its path and query, that a
/// scenario's `respond` line answers with one of `NewsFeature.responses`.
public final class ReplayNewsDataSource: NewsDataSource {
    private let requests: RequestLog

    /// - Parameter requests: the replay's request log (`FeatureEnvironment.requests`).
    public init(requests: RequestLog) { self.requests = requests }

    public func load(_ request: NewsRequest, completion: @escaping @Sendable (Result<NewsPage, NewsError>) -> Void)
        -> any Cancellable
    {
        requests.open(request.description) { (answer: NewsReplayAnswer) in completion(answer.result) }
    }
}

/// The News data source of a live session: NewsAPI over HTTP, each load seen by the tap and its
/// answer written in `NewsFeature.responses`' forms.
public struct LiveNewsDataSource: NewsDataSource {
    private let live: LiveServices
    private let http: NewsHTTPDataSource

    /// - Parameter live: the service and tap of the live session (`FeatureEnvironment.live`).
    public init(live: LiveServices) {
        self.live = live
        http = NewsHTTPDataSource(baseURL: live.httpBaseURL, apiKey: live.apiKey, session: live.session)
    }

    public func load(_ request: NewsRequest, completion: @escaping @Sendable (Result<NewsPage, NewsError>) -> Void)
        -> any Cancellable
    {
        live.request(
            request.description, encode: NewsFeature.encode, start: { http.load(request, completion: $0) },
            deliver: completion)
    }
}

extension NewsFeature {
    /// The data source of a session: the replay's, or NewsAPI over HTTP in a live one.
    public static func dataSource(_ environment: FeatureEnvironment) -> any NewsDataSource {
        environment.live.map { LiveNewsDataSource(live: $0) } ?? ReplayNewsDataSource(requests: environment.requests)
    }

    /// An answer of the data source as a `respond` line's fields (the inverse of `responses`): a
    /// page as `articles` and `totalResults`, a failure as its `failure` form.
    public static func encode(_ answer: Result<NewsPage, NewsError>) -> JSONObject {
        switch answer {
        case .success(let page):
            return ["articles": .array(page.articles.map(encode)), "totalResults": .integer(page.totalResults)]
        case .failure(.api(let status, let code, let message)):
            return ["failure": "api", "status": .integer(status), "code": .string(code), "message": .string(message)]
        case .failure(.httpStatus(let status)): return ["failure": "httpStatus", "status": .integer(status)]
        case .failure(.invalidResponse(let detail)): return ["failure": "invalidResponse", "detail": .string(detail)]
        case .failure(.transport(let detail)): return ["failure": "transport", "detail": .string(detail)]
        case .failure(.timeout): return ["failure": "timeout"]
        }
    }

    /// An article in `article`'s form: absent fields left out.
    public static func encode(_ article: NewsArticle) -> JSONValue {
        var source: JSONObject = [:]
        if let id = article.source.id { source["id"] = .string(id) }
        source["name"] = .string(article.source.name)
        var object: JSONObject = ["source": .object(source)]
        let optional: [(String, String?)] = [
            ("author", article.author), ("title", article.title), ("description", article.description),
        ]
        for (name, value) in optional { if let value { object[name] = .string(value) } }
        object["url"] = .string(article.url)
        let rest: [(String, String?)] = [
            ("urlToImage", article.urlToImage), ("publishedAt", article.publishedAt), ("content", article.content),
        ]
        for (name, value) in rest { if let value { object[name] = .string(value) } }
        return .object(object)
    }
}
