import Foundation
import MVICore
import MVIEssentials

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads news from NewsAPI v2 (or a stand-in such as the mock server) with URLSession.
///
/// The key goes in the `X-Api-Key` header, never in the URL. Answers are read by
/// `NewsResponseParser`: NewsAPI's error bodies become `.api`, other failures `.httpStatus`,
/// `.invalidResponse`, `.transport` or `.timeout`.
public struct NewsHTTPDataSource: NewsDataSource {
    /// The real service.
    public static let defaultBaseURL = URL(string: "https://newsapi.org")!

    public let baseURL: URL
    public let apiKey: String?
    public let timeout: TimeInterval
    private let session: URLSession

    /// - Parameters:
    ///   - baseURL: scheme, host, port and an optional path prefix; `/v2/...` is appended.
    ///   - apiKey: sent as `X-Api-Key` when not nil (NewsAPI answers 401 `apiKeyMissing` without it).
    ///   - timeout: seconds before a request fails with `.timeout`.
    ///   - session: by default the data source makes its own, configured with `timeout` (on Linux
    ///     a session's request timeout takes precedence over the request's own).
    public init(
        baseURL: URL = Self.defaultBaseURL, apiKey: String?, timeout: TimeInterval = 30, session: URLSession? = nil
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.session = session ?? URLSessionTransfer.session(timeout: timeout)
    }

    /// The URL request `load(_:completion:)` sends for `request`.
    public func urlRequest(for request: NewsRequest) -> URLRequest {
        var prefix = baseURL.absoluteString
        if let query = prefix.firstIndex(where: { $0 == "?" || $0 == "#" }) { prefix = String(prefix[..<query]) }
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let url = URL(string: prefix + request.pathAndQuery) ?? baseURL
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = "GET"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey { urlRequest.setValue(apiKey, forHTTPHeaderField: "X-Api-Key") }
        return urlRequest
    }

    public func load(_ request: NewsRequest, completion: @escaping @Sendable (Result<NewsPage, NewsError>) -> Void)
        -> any Cancellable
    {
        URLSessionTransfer.start(urlRequest(for: request), on: session) { answer in
            completion(Self.outcome(data: answer.data, response: answer.response, error: answer.error))
        }
    }

    /// What a finished data task means: the transport error, or the parsed answer.
    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<NewsPage, NewsError> {
        if let error {
            if URLSessionTransfer.isTimeout(error) { return .failure(.timeout) }
            return .failure(.transport(URLSessionTransfer.describe(error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.invalidResponse("the answer is not HTTP"))
        }
        return NewsResponseParser.parse(status: http.statusCode, body: data ?? Data())
    }
}
