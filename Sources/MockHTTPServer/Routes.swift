import Foundation

/// The built-in endpoints: The Cat API, its images, and NewsAPI, over the fixed data sets.
struct Routes {
    let data: MockData
    /// `http://host:port` of this server, for image URLs when a request has no Host header.
    let origin: String

    static let paths: [String: String] = [
        "/v1/images/search": "The Cat API image search",
        "/v2/top-headlines": "NewsAPI top headlines",
        "/v2/everything": "NewsAPI search",
    ]

    /// The name the journal gives the built-in route for `path`: the path itself, `/images/<id>.png`,
    /// or `notFound`.
    static func name(of path: String) -> String {
        if paths[path] != nil { return path }
        return isImagePath(path) ? "/images/<id>.png" : "notFound"
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let known = Self.paths[request.path] != nil || isImagePath(request.path)
        guard known else {
            return .json(404, JSON.object([("message", .string("no route for \(request.path)"))]).text)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .json(405, JSON.object([("message", .string("\(request.method) is not allowed on \(request.path); use GET or HEAD"))]).text,
                         headers: [("Allow", "GET, HEAD")])
        }
        switch request.path {
        case "/v1/images/search": return catSearch(request)
        case "/v2/top-headlines": return news(request, everything: false)
        case "/v2/everything": return news(request, everything: true)
        default: return image(request)
        }
    }

    // MARK: The Cat API

    private func catSearch(_ request: HTTPRequest) -> HTTPResponse {
        func number(_ name: String, default value: Int) -> Int? {
            guard let raw = request.queryValue(name) else { return value }
            return Int(raw)
        }
        guard let requestedLimit = number("limit", default: 1) else {
            return .json(400, JSON.object([("message", .string("limit must be a whole number"))]).text)
        }
        guard let page = number("page", default: 0), page >= 0 else {
            return .json(400, JSON.object([("message", .string("page must be a whole number >= 0"))]).text)
        }
        let hasKey = !(request.header("x-api-key") ?? "").isEmpty
        // Without a key any limit above 1 gives 10 images, as the real service does; with one, up to 100.
        let limit = hasKey ? min(max(requestedLimit, 1), 100) : (requestedLimit > 1 ? 10 : 1)
        var cats = data.cats
        switch (request.queryValue("order") ?? "ASC").uppercased() {
        case "DESC": cats.reverse()
        case "RANDOM": cats = Self.shuffled(cats, seed: UInt64(page))
        default: break
        }
        let start = min(page * limit, cats.count)
        let slice = cats[start..<min(start + limit, cats.count)]
        let host = request.header("Host").map { "http://\($0)" } ?? origin
        let body = JSON.array(slice.map { cat in
            .object([
                ("id", .string(cat.id)), ("url", .string("\(host)/images/\(cat.id).png")),
                ("width", .int(cat.width)), ("height", .int(cat.height)), ("breeds", .array([])),
            ])
        })
        return .json(200, body.text, headers: [
            ("Pagination-Count", String(data.cats.count)), ("Pagination-Page", String(page)), ("Pagination-Limit", String(limit)),
        ])
    }

    /// A deterministic shuffle (Fisher-Yates over SplitMix64).
    static func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var result = items
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, Int(next() % UInt64(index + 1)))
            index -= 1
        }
        return result
    }

    // MARK: Images

    private func isImagePath(_ path: String) -> Bool { Self.isImagePath(path) }

    private static func isImagePath(_ path: String) -> Bool {
        path.hasPrefix("/images/") && path.hasSuffix(".png") && path.count > "/images/.png".count
    }

    private func image(_ request: HTTPRequest) -> HTTPResponse {
        let id = String(request.path.dropFirst("/images/".count).dropLast(".png".count))
        guard data.cats.contains(where: { $0.id == id }) else {
            return .json(404, JSON.object([("message", .string("no image \(id)"))]).text)
        }
        let sizeName = request.queryValue("size") ?? "small"
        guard let side = ImageBytes.sides[sizeName] else {
            return .json(400, JSON.object([("message", .string("size must be one of small, medium, large; got \(sizeName)"))]).text)
        }
        let bytes = ImageBytes.png(for: id, side: side)
        let etag = ImageBytes.etag(bytes)
        let cacheHeaders = [("ETag", etag), ("Cache-Control", "public, max-age=86400")]
        if let match = request.header("If-None-Match"),
            match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*" })
        {
            return HTTPResponse(status: 304, headers: cacheHeaders)
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")] + cacheHeaders, body: bytes)
    }

    // MARK: NewsAPI

    private func newsError(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        .json(status, JSON.object([("status", .string("error")), ("code", .string(code)), ("message", .string(message))]).text)
    }

    private func news(_ request: HTTPRequest, everything: Bool) -> HTTPResponse {
        let key = request.header("X-Api-Key") ?? request.queryValue("apiKey") ?? ""
        guard !key.isEmpty else {
            return newsError(401, "apiKeyMissing", "Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key HTTP header.")
        }
        let q = request.queryValue("q").flatMap { $0.isEmpty ? nil : $0.lowercased() }
        if everything, q == nil {
            return newsError(400, "parametersMissing", "Required parameters are missing, the scope of your search is too broad. Please set any of the following required parameters and try again: q.")
        }
        let language = request.queryValue("language")
        let country = request.queryValue("country")
        if !everything, q == nil, language == nil, country == nil, request.queryValue("category") == nil, request.queryValue("sources") == nil {
            return newsError(400, "parametersMissing", "Required parameters are missing. Please set any of the following parameters and try again: sources, q, language, country, category.")
        }
        guard let page = Int(request.queryValue("page") ?? "1"), page >= 1 else {
            return newsError(400, "parameterInvalid", "page must be a whole number >= 1.")
        }
        guard let pageSize = Int(request.queryValue("pageSize") ?? "20"), (1...100).contains(pageSize) else {
            return newsError(400, "parameterInvalid", "pageSize must be a whole number from 1 to 100.")
        }
        let matches = data.articles.filter { article in
            if let language, article["language"] != .string(language) { return false }
            if !everything, let country, article["country"] != .string(country) { return false }
            if let q {
                let text = [article["title"], article["description"], article["content"]].compactMap { value -> String? in
                    if case .string(let text)? = value { return text.lowercased() }
                    return nil
                }.joined(separator: " ")
                if !text.contains(q) { return false }
            }
            return true
        }
        let start = min((page - 1) * pageSize, matches.count)
        let slice = matches[start..<min(start + pageSize, matches.count)]
        let articles = JSON.array(slice.map { article in .object(data.articleOrder.map { ($0, article[$0] ?? .null) }) })
        return .json(200, JSON.object([("status", .string("ok")), ("totalResults", .int(matches.count)), ("articles", articles)]).text)
    }
}
