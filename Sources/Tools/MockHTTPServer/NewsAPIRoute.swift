import MVIJSON

/// Which NewsAPI keys the emulation accepts, and how many requests each may make.
public struct NewsAPIKeys: Sendable, Equatable {
    /// The keys accepted; empty accepts any non-empty key. Another key gets 401 `apiKeyInvalid`.
    public var accepted: Set<String>
    /// How many NewsAPI requests one key may make since the server started (or was reset) before
    /// it gets 429 `rateLimited`; nil for no limit.
    public var requestLimit: Int?
    /// Keys the service has disabled: they get 401 `apiKeyDisabled`, before any other check of the key.
    public var disabled: Set<String>

    public init(accepted: Set<String> = [], requestLimit: Int? = nil, disabled: Set<String> = []) {
        self.accepted = accepted
        self.requestLimit = requestLimit
        self.disabled = disabled
    }

    /// Whether `key` is accepted.
    public func accepts(_ key: String) -> Bool { accepted.isEmpty || accepted.contains(key) }
}

/// NewsAPI v2's `/v2/top-headlines` and `/v2/everything` over the data set, as the real service
/// answers a developer key: the key checked first, then the parameters, then the 100-result cap.
/// Spec: docs/mock-server.md, "NewsAPI".
struct NewsAPIRoute {
    enum Endpoint {
        case topHeadlines
        case everything
    }

    let articles: [JSONObject]
    let keys: NewsAPIKeys

    /// A developer key is served at most this many results of one query.
    static let resultCap = 100
    static let defaultPageSize = 20
    static let pageSizes = 1...100
    /// The fields `searchIn` may name; the search looks in the first two unless told otherwise.
    static let searchFields = ["title", "description", "content"]
    static let defaultSearchFields = ["title", "description"]

    /// The key a request carries: `X-Api-Key`, else the `apiKey` query parameter, else
    /// `Authorization` (with or without `Bearer `); nil when there is none.
    static func key(of request: HTTPRequest) -> String? {
        let authorization = request.header("Authorization").map {
            $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : $0
        }
        return [request.header("X-Api-Key"), request.queryValue("apiKey"), authorization].compactMap { $0 }.first {
            !$0.isEmpty
        }
    }

    func handle(_ request: HTTPRequest, endpoint: Endpoint) -> HTTPResponse {
        switch answer(request, endpoint: endpoint) {
        case .success(let body): .json(200, body)
        case .failure(let error): error.response
        }
    }

    private func answer(_ request: HTTPRequest, endpoint: Endpoint) -> Result<JSONValue, NewsAPIError> {
        guard let key = Self.key(of: request) else { return .failure(.apiKeyMissing) }
        guard !keys.disabled.contains(key) else { return .failure(.apiKeyDisabled) }
        guard keys.accepts(key) else { return .failure(.apiKeyInvalid) }
        let q = request.queryValue("q").flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let language = request.queryValue("language")
        let country = request.queryValue("country")
        switch endpoint {
        case .everything where q == nil:
            return .failure(
                .parametersMissing(
                    "Required parameters are missing, the scope of your search is too broad. Please set any of the following required parameters and try again: q."
                ))
        case .topHeadlines
        where q == nil && language == nil && country == nil && request.queryValue("category") == nil
            && request.queryValue("sources") == nil:
            return .failure(
                .parametersMissing(
                    "Required parameters are missing. Please set any of the following parameters and try again: sources, q, language, country, category."
                ))
        case .topHeadlines
        where request.queryValue("sources") != nil && (country != nil || request.queryValue("category") != nil):
            return .failure(
                .parameterInvalid("You can't mix the sources parameter with the country or category parameters."))
        default: break
        }
        guard let page = Int(request.queryValue("page") ?? "1"), page >= 1 else {
            return .failure(.parameterInvalid("page must be a whole number >= 1."))
        }
        guard let pageSize = Int(request.queryValue("pageSize") ?? String(Self.defaultPageSize)),
            Self.pageSizes.contains(pageSize)
        else {
            return .failure(.parameterInvalid("pageSize must be a whole number from 1 to 100."))
        }
        var searchIn = Self.defaultSearchFields
        if let raw = request.queryValue("searchIn") {
            searchIn = raw.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
            if let unknown = searchIn.first(where: { !Self.searchFields.contains($0) }) {
                return .failure(
                    .parameterInvalid(
                        "searchIn may only contain title, description and content; got \(unknown.isEmpty ? "an empty entry" : unknown)."
                    ))
            }
        }
        // The cap: results (page - 1) * pageSize up to page * pageSize must lie within the first 100.
        if page * pageSize > Self.resultCap {
            return .failure(.maximumResultsReached(first: (page - 1) * pageSize, last: page * pageSize))
        }
        let matches = articles.filter { article in
            if let language, article["language"] != .string(language) { return false }
            if endpoint == .topHeadlines, let country, article["country"] != .string(country) { return false }
            if let q {
                let found = searchIn.contains { field in
                    if case .string(let text)? = article[field] { return text.lowercased().contains(q) }
                    return false
                }
                if !found { return false }
            }
            return true
        }
        let start = min((page - 1) * pageSize, matches.count)
        let slice = matches[start..<min(start + pageSize, matches.count)]
        let served = slice.map { article in
            JSONValue.object(JSONObject(MockData.articleFields.map { ($0, article[$0] ?? .null) }))
        }
        return .success(
            JSONValue.object(["status": "ok", "totalResults": .integer(matches.count), "articles": .array(served)]))
    }
}
