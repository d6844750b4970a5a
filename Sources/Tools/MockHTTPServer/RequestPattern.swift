import Foundation

/// What a request must look like: the pattern of a stub, and of a journal search.
///
/// Every part given must hold: the method (`GET` also matches `HEAD`; nil matches any), the exact
/// decoded path, each listed query parameter with that value, each listed header (name without
/// regard to case) with that value. Parts left out match anything.
public struct RequestPattern: Sendable, Equatable {
    public var method: String?
    public var path: String?
    public var query: [String: String]
    public var headers: [String: String]

    public init(
        method: String? = nil, path: String? = nil, query: [String: String] = [:], headers: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }

    /// Whether `request` fits every part.
    public func matches(_ request: HTTPRequest) -> Bool { misses(request).isEmpty }

    /// Why `request` does not fit, one reason per part that fails (empty when it matches), in the
    /// order method, path, query, headers.
    public func misses(_ request: HTTPRequest) -> [String] {
        var reasons: [String] = []
        if let method, method != request.method, !(method == "GET" && request.method == "HEAD") {
            reasons.append("method: expected \(method), got \(request.method)")
        }
        if let path, path != request.path { reasons.append("path: expected \(path), got \(request.path)") }
        for name in query.keys.sorted() where request.queryValue(name) != query[name] {
            reasons.append(
                "query.\(name): expected \(query[name]!), got \(request.queryValue(name).map { $0 } ?? "nothing")")
        }
        for name in headers.keys.sorted() where request.header(name) != headers[name] {
            reasons.append(
                "headers.\(name): expected \(headers[name]!), got \(request.header(name).map { $0 } ?? "nothing")")
        }
        return reasons
    }
}

/// A stub that did not answer a request, and why: see `MockServer.nearMisses(for:)`.
public struct NearMiss: Sendable {
    /// The stub's id.
    public let stub: Int
    public let pattern: RequestPattern
    /// One reason per part of the stub's pattern that the request did not fit.
    public let reasons: [String]
}
