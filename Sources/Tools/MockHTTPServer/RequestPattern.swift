import Foundation
import MVIJSON

/// What a request must look like: the pattern of a stub, and of a journal search.
///
/// Every part given must hold: the method (`GET` also matches `HEAD`; nil matches any), the exact
/// decoded path or a regular expression that the whole decoded path matches, each listed query
/// parameter with that value (or present, or absent), each listed header (name without regard to
/// case) with that value (or present, or absent), and the body as JSON. Parts left out match anything.
public struct RequestPattern: Sendable, Equatable {
    public var method: String?
    public var path: String?
    /// A regular expression the whole decoded path must match (compiled once, when the pattern is made).
    public var pathPattern: PathPattern?
    /// Query parameters that must be present with these values.
    public var query: [String: String]
    /// Headers that must be present with these values (names without regard to case).
    public var headers: [String: String]
    /// Query parameters that must be present (true) or absent (false), whatever their value.
    public var queryPresence: [String: Bool]
    /// Headers that must be present (true) or absent (false), whatever their value.
    public var headerPresence: [String: Bool]
    /// What the body must hold, read as JSON.
    public var body: BodyPattern?

    public init(
        method: String? = nil, path: String? = nil, pathPattern: PathPattern? = nil, query: [String: String] = [:],
        headers: [String: String] = [:], queryPresence: [String: Bool] = [:], headerPresence: [String: Bool] = [:],
        body: BodyPattern? = nil
    ) {
        self.method = method
        self.path = path
        self.pathPattern = pathPattern
        self.query = query
        self.headers = headers
        self.queryPresence = queryPresence
        self.headerPresence = headerPresence
        self.body = body
    }

    /// Whether `request` fits every part: the cheap parts first, with no allocation, so that a
    /// stub for another exact path costs one string comparison.
    public func matches(_ request: HTTPRequest) -> Bool {
        if let method, method != request.method, !(method == "GET" && request.method == "HEAD") { return false }
        if let path, path != request.path { return false }
        if let pathPattern, !pathPattern.matches(request.path) { return false }
        for (name, value) in query where request.queryValue(name) != value { return false }
        for (name, value) in headers where request.header(name) != value { return false }
        for (name, present) in queryPresence where (request.queryValue(name) != nil) != present { return false }
        for (name, present) in headerPresence where (request.header(name) != nil) != present { return false }
        if let body, body.misses(request.body) != nil { return false }
        return true
    }

    /// Whether the request's path fits (the exact path or the pattern, whichever is given).
    func pathFits(_ request: HTTPRequest) -> Bool {
        (path.map { $0 == request.path } ?? true) && (pathPattern.map { $0.matches(request.path) } ?? true)
    }

    /// Why `request` does not fit, one reason per part that fails (empty when it matches), in the
    /// order method, path, path pattern, query, headers, body.
    public func misses(_ request: HTTPRequest) -> [String] {
        var reasons: [String] = []
        if let method, method != request.method, !(method == "GET" && request.method == "HEAD") {
            reasons.append("method: expected \(method), got \(request.method)")
        }
        if let path, path != request.path { reasons.append("path: expected \(path), got \(request.path)") }
        if let pathPattern, !pathPattern.matches(request.path) {
            reasons.append("pathPattern: expected a path matching \(pathPattern.source), got \(request.path)")
        }
        for name in query.keys.sorted() where request.queryValue(name) != query[name] {
            reasons.append(
                "query.\(name): expected \(query[name]!), got \(request.queryValue(name).map { $0 } ?? "nothing")")
        }
        for name in queryPresence.keys.sorted() where (request.queryValue(name) != nil) != queryPresence[name]! {
            reasons.append(Self.presenceMiss("query.\(name)", expected: queryPresence[name]!, request.queryValue(name)))
        }
        for name in headers.keys.sorted() where request.header(name) != headers[name] {
            reasons.append(
                "headers.\(name): expected \(headers[name]!), got \(request.header(name).map { $0 } ?? "nothing")")
        }
        for name in headerPresence.keys.sorted() where (request.header(name) != nil) != headerPresence[name]! {
            reasons.append(Self.presenceMiss("headers.\(name)", expected: headerPresence[name]!, request.header(name)))
        }
        if let body, let reason = body.misses(request.body) { reasons.append(reason) }
        return reasons
    }

    private static func presenceMiss(_ field: String, expected present: Bool, _ value: String?) -> String {
        present ? "\(field): expected present, got nothing" : "\(field): expected absent, got \(value ?? "")"
    }
}

/// A regular expression (ICU syntax, as `NSRegularExpression` reads it) that the whole decoded
/// path must match, as WireMock's `urlPathPattern` does: `/images/[a-z0-9]+\.png` matches
/// `/images/abc.png` and not `/images/abc.png/x`. Compiled once, when the pattern is made.
public struct PathPattern: Sendable, Equatable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    private let expression: NSRegularExpression

    /// Compiles `source`, anchored at both ends; the reason it cannot, as a message.
    public init(_ source: String) throws(StubError) {
        do {
            expression = try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z")
        } catch {
            throw .invalidField(field: "pathPattern", problem: "not a valid regular expression: \(source)")
        }
        self.source = source
    }

    public func matches(_ path: String) -> Bool {
        let range = NSRange(path.startIndex..<path.endIndex, in: path)
        return expression.firstMatch(in: path, options: [], range: range) != nil
    }

    public var description: String { source }

    public static func == (lhs: PathPattern, rhs: PathPattern) -> Bool { lhs.source == rhs.source }
}

/// What a request's body must hold, read as JSON: equal to a value (`equalToJSON`, members in any
/// order, `1` equal to `1.0`), and/or containing a value (`containsJSON`: every member it names,
/// at every depth, with an equal value; arrays element by element, of the same length).
public struct BodyPattern: Sendable, Equatable {
    public var equalToJSON: JSONValue?
    public var containsJSON: JSONValue?

    public init(equalToJSON: JSONValue? = nil, containsJSON: JSONValue? = nil) {
        self.equalToJSON = equalToJSON
        self.containsJSON = containsJSON
    }

    /// Why `body` does not fit, or nil when it does.
    func misses(_ body: Data) -> String? {
        let value: JSONValue
        do throws(JSONReadError) { value = try JSONValue.parse(String(decoding: body, as: UTF8.self)) } catch {
            return "body: expected JSON, got \(body.isEmpty ? "an empty body" : "text that is not JSON (\(error))")"
        }
        if let equalToJSON, !Self.equal(value, equalToJSON) {
            return "body.equalToJSON: expected \(equalToJSON.compactText), got \(value.compactText)"
        }
        if let containsJSON, !Self.contains(value, containsJSON) {
            return "body.containsJSON: expected a body containing \(containsJSON.compactText), got \(value.compactText)"
        }
        return nil
    }

    /// JSON equality: members in any order, numbers by value.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool { compare(a, b, subset: false) }

    /// Whether `value` holds every member of `part`, at every depth.
    static func contains(_ value: JSONValue, _ part: JSONValue) -> Bool { compare(value, part, subset: true) }

    private static func compare(_ value: JSONValue, _ expected: JSONValue, subset: Bool) -> Bool {
        switch (value, expected) {
        case (.object(let object), .object(let wanted)):
            guard subset || object.count == wanted.count else { return false }
            return wanted.allSatisfy { member in
                object[member.key].map { compare($0, member.value, subset: subset) } ?? false
            }
        case (.array(let items), .array(let wanted)):
            return items.count == wanted.count
                && zip(items, wanted).allSatisfy { compare($0, $1, subset: subset) }
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer, .number), (.number, .integer), (.number, .number):
            return number(value) == number(expected)
        default: return value == expected
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let whole): Double(whole)
        case .number(let number): number
        default: nil
        }
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
