import Foundation
import MVIJSON
import SeededRandom

/// The built-in endpoints: The Cat API, its images, and NewsAPI, over the fixed data sets.
struct Routes {
    let data: MockData
    /// `http://host:port` of this server, for image URLs when a request has no Host header.
    let origin: String
    /// The NewsAPI keys accepted.
    let newsKeys: NewsAPIKeys
    /// The server's large images, built once.
    let images: ImageBytes.Cache

    static let paths: [String: String] = [
        "/v1/images/search": "The Cat API image search",
        "/v2/top-headlines": "NewsAPI top headlines",
        "/v2/everything": "NewsAPI search",
    ]

    /// Whether `path` is one of NewsAPI's.
    static func isNewsAPI(_ path: String) -> Bool { path == "/v2/top-headlines" || path == "/v2/everything" }

    /// The name the journal gives the built-in route for `path`: the path itself, `/images/<id>.png`,
    /// or `notFound`.
    static func name(of path: String) -> String {
        if paths[path] != nil { return path }
        return isImagePath(path) ? "/images/<id>.png" : "notFound"
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let known = Self.paths[request.path] != nil || isImagePath(request.path)
        guard known else {
            return .message(404, "no route for \(request.path)")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .message(
                405, "\(request.method) is not allowed on \(request.path); use GET or HEAD",
                headers: [("Allow", "GET, HEAD")])
        }
        switch request.path {
        case "/v1/images/search": return catSearch(request)
        case "/v2/top-headlines":
            return NewsAPIRoute(articles: data.articles, keys: newsKeys).handle(request, endpoint: .topHeadlines)
        case "/v2/everything":
            return NewsAPIRoute(articles: data.articles, keys: newsKeys).handle(request, endpoint: .everything)
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
            return .message(400, "limit must be a whole number")
        }
        guard let page = number("page", default: 0), page >= 0 else {
            return .message(400, "page must be a whole number >= 0")
        }
        let hasKey = !(request.header("x-api-key") ?? "").isEmpty
        // Without a key any limit above 1 gives 10 images, as the real service does; with one, up to 100.
        let limit = hasKey ? min(max(requestedLimit, 1), 100) : (requestedLimit > 1 ? 10 : 1)
        var cats = data.cats
        switch (request.queryValue("order") ?? "ASC").uppercased() {
        case "DESC": cats.reverse()
        case "RANDOM": cats = cats.seededShuffle(seed: UInt64(page))
        default: break
        }
        let start = min(page * limit, cats.count)
        let slice = cats[start..<min(start + limit, cats.count)]
        let host = request.header("Host").map { "http://\($0)" } ?? origin
        let body = JSONValue.array(
            slice.map { cat in
                [
                    "id": .string(cat.id), "url": .string("\(host)/images/\(cat.id).png"),
                    "width": .integer(cat.width), "height": .integer(cat.height), "breeds": [],
                ]
            })
        return .json(
            200, body,
            headers: [
                ("Pagination-Count", String(data.cats.count)), ("Pagination-Page", String(page)),
                ("Pagination-Limit", String(limit)),
            ])
    }

    // MARK: Images

    private func isImagePath(_ path: String) -> Bool { Self.isImagePath(path) }

    private static func isImagePath(_ path: String) -> Bool {
        path.hasPrefix("/images/") && path.hasSuffix(".png") && path.count > "/images/.png".count
    }

    private func image(_ request: HTTPRequest) -> HTTPResponse {
        let id = String(request.path.dropFirst("/images/".count).dropLast(".png".count))
        guard data.cats.contains(where: { $0.id == id }) else {
            return .message(404, "no image \(id)")
        }
        let sizeName = request.queryValue("size") ?? "small"
        guard let side = ImageBytes.sides[sizeName] else {
            return .message(400, "size must be one of small, medium, large; got \(sizeName)")
        }
        let bytes = images.png(for: id, side: side)
        let etag = ImageBytes.etag(bytes)
        let cacheHeaders = [("ETag", etag), ("Cache-Control", "public, max-age=86400")]
        if let match = request.header("If-None-Match"),
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
            })
        {
            return HTTPResponse(status: 304, headers: cacheHeaders)
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")] + cacheHeaders, body: bytes)
    }
}
