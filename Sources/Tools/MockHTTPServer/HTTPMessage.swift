import Foundation
import MVIJSON

/// A request as the server read it.
public struct HTTPRequest: Sendable {
    /// The fields, in one immutable box: a request is copied several times on its way (into the
    /// journal, the plan, a connection's memory of its last request), and a copy of the box is one
    /// reference count, where a copy of seven fields was seven.
    private final class Fields: Sendable {
        let method: String
        let target: String
        let path: String
        let query: [(name: String, value: String)]
        let version: String
        let headers: [(name: String, value: String)]
        let body: Data

        init(
            method: String, target: String, path: String, query: [(name: String, value: String)], version: String,
            headers: [(name: String, value: String)], body: Data
        ) {
            self.method = method
            self.target = target
            self.path = path
            self.query = query
            self.version = version
            self.headers = headers
            self.body = body
        }
    }

    private let fields: Fields

    init(
        method: String, target: String, path: String, query: [(name: String, value: String)], version: String,
        headers: [(name: String, value: String)], body: Data
    ) {
        fields = Fields(
            method: method, target: target, path: path, query: query, version: version, headers: headers, body: body)
    }

    public var method: String { fields.method }
    /// The request target as sent (`/v1/images/search?limit=5`).
    public var target: String { fields.target }
    /// The percent-decoded path.
    public var path: String { fields.path }
    /// Query parameters in order, percent-decoded (`+` is a space).
    public var query: [(name: String, value: String)] { fields.query }
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String { fields.version }
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)] { fields.headers }
    public var body: Data { fields.body }

    /// The first header of that name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { HTTPHead.sameName($0.name, name) }?.value
    }

    /// The first query parameter of that name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    public var keepsAlive: Bool {
        guard let connection = header("Connection") else { return version != "HTTP/1.0" }
        let tokens = connection.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }
}

/// A response to write.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from text.
    public static func json(_ status: Int, _ text: String, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
            body: Data(text.utf8))
    }

    /// A JSON response from a value, written compactly with its members in order.
    public static func json(_ status: Int, _ value: JSONValue, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        .json(status, value.compactText, headers: headers)
    }

    /// `{"message": text}`: how the server's own routes and the admin API explain a refusal.
    public static func message(_ status: Int, _ text: String, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        .json(status, ["message": .string(text)], headers: headers)
    }

    /// A plain-text response.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }

    public func header(_ name: String) -> String? {
        headers.first { HTTPHead.sameName($0.name, name) }?.value
    }

    /// The standard reason phrase of a status.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}

/// Why a request could not be read; each maps to a status, after which the connection closes.
public enum HTTPParseError: Error, Equatable {
    case badRequest(String)
    case headersTooLarge
    case bodyTooLarge(Int)
    case versionNotSupported(String)
    case notImplemented(String)

    public var status: Int {
        switch self {
        case .badRequest: 400
        case .headersTooLarge: 431
        case .bodyTooLarge: 413
        case .versionNotSupported: 505
        case .notImplemented: 501
        }
    }

    public var message: String {
        switch self {
        case .badRequest(let detail): "bad request: \(detail)"
        case .headersTooLarge: "the request line and headers exceed \(HTTPRequestParser.maxHeaderBytes) bytes"
        case .bodyTooLarge(let length): "the body of \(length) bytes exceeds \(HTTPRequestParser.maxBodyBytes) bytes"
        case .versionNotSupported(let version): "HTTP version \(version) is not supported; use HTTP/1.1 or HTTP/1.0"
        case .notImplemented(let detail): detail
        }
    }
}

/// Reads requests from a growing byte buffer. Limits are checked from the request line and
/// headers alone, before any routing or body reading.
public struct HTTPRequestParser {
    /// The request line and headers together, blank line included.
    public static let maxHeaderBytes = 16 * 1024
    /// The largest body accepted.
    public static let maxBodyBytes = 1024 * 1024

    public init() {}

    /// The next complete request at the start of `buffer`, and how many bytes it used; nil if more
    /// bytes are needed.
    public func parse(_ buffer: Data) throws(HTTPParseError) -> (request: HTTPRequest, consumed: Int)? {
        try parse(bytes: Array(buffer))
    }

    /// The next complete request at the start of `buffer`, as `parse(_:)` reads it.
    func parse(bytes buffer: [UInt8]) throws(HTTPParseError) -> (request: HTTPRequest, consumed: Int)? {
        guard let head = try HTTPHead.parse(bytes: buffer) else { return nil }
        // The request line's three parts, found in place: two spaces, and no third.
        let line = head.startLineBytes
        guard let firstSpace = line.firstIndex(of: 32),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: 32),
            !line[(secondSpace + 1)...].contains(32), firstSpace > line.startIndex, secondSpace > firstSpace + 1
        else {
            throw .badRequest("malformed request line \(HTTPHead.show(head.startLine))")
        }
        let methodBytes = line[..<firstSpace]
        let targetBytes = line[(firstSpace + 1)..<secondSpace]
        let versionBytes = line[(secondSpace + 1)...]
        // The usual method and versions are literals, not strings decoded from the bytes again.
        let method = Self.same(methodBytes, Self.get) ? "GET" : HTTPHead.text(methodBytes)
        let target = HTTPHead.text(targetBytes)
        let version =
            Self.same(versionBytes, Self.http11)
            ? "HTTP/1.1" : Self.same(versionBytes, Self.http10) ? "HTTP/1.0" : HTTPHead.text(versionBytes)
        guard methodBytes.allSatisfy({ ($0 >= 65 && $0 <= 90) || $0 == 45 || $0 == 95 }) else {
            throw .badRequest("malformed method \(HTTPHead.show(method))")
        }
        guard version.hasPrefix("HTTP/"), versionBytes.count == 8 else {
            throw .badRequest("malformed version \(HTTPHead.show(version))")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .versionNotSupported(version) }
        guard targetBytes.first == 47 || target == "*" || Self.isAbsoluteForm(target),
            targetBytes.allSatisfy({ $0 > 32 && $0 < 127 })
        else {
            throw .badRequest("malformed request target \(HTTPHead.show(target))")
        }

        let lengths = head.values("content-length")
        if head.field("transfer-encoding") != nil {
            throw .notImplemented("request bodies with Transfer-Encoding are not supported; send Content-Length")
        }
        var bodyLength = 0
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 12, first.allSatisfy(\.isASCII),
                let length = Int(first), length >= 0,
                first.allSatisfy(\.isNumber)
            else {
                throw .badRequest("invalid Content-Length \(HTTPHead.show(lengths.joined(separator: ", ")))")
            }
            bodyLength = length
        }
        if bodyLength > Self.maxBodyBytes { throw .bodyTooLarge(bodyLength) }
        let bodyStart = head.length
        guard buffer.count - bodyStart >= bodyLength else { return nil }
        let body = bodyLength == 0 ? Data() : Data(buffer[bodyStart..<(bodyStart + bodyLength)])

        let (path, query) = Self.isAbsoluteForm(target) ? Self.splitTarget(target) : Self.splitOriginForm(targetBytes)
        let request = HTTPRequest(
            method: method, target: target, path: path, query: query, version: version, headers: head.fields, body: body
        )
        return (request, head.length + bodyLength)
    }

    private static let get = Array("GET".utf8)
    private static let http11 = Array("HTTP/1.1".utf8)
    private static let http10 = Array("HTTP/1.0".utf8)

    /// Whether `bytes` are `expected`, byte for byte, against bytes kept as arrays
    /// (`elementsEqual` over a string's UTF-8 view costs more than decoding the string).
    private static func same(_ bytes: ArraySlice<UInt8>, _ expected: [UInt8]) -> Bool {
        guard bytes.count == expected.count else { return false }
        var index = bytes.startIndex
        for byte in expected {
            guard bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// `http://host:port/path?query`, the form sent to proxies, which a server must accept too.
    static func isAbsoluteForm(_ target: String) -> Bool {
        guard target.utf8.first != 47 else { return false }  // "/...": the usual origin form
        return target.lowercased().hasPrefix("http://") || target.lowercased().hasPrefix("https://")
    }

    /// Whether the head at the start of `buffer` is complete, asks `Expect: 100-continue`, and
    /// announces a body that has not fully arrived: the client waits for `100 Continue`.
    /// Returns the offset just past the head, to answer each request once.
    func awaitsContinue(_ buffer: [UInt8]) -> Int? {
        guard let head = try? HTTPHead.parse(bytes: buffer),
            head.field("expect")?.lowercased().contains("100-continue") == true
        else { return nil }
        let length = head.field("content-length").flatMap { Int($0) } ?? 0
        return length > 0 && buffer.count - head.length < length ? head.length : nil
    }

    /// Splits a target into its decoded path and query parameters.
    static func splitTarget(_ target: String) -> (String, [(name: String, value: String)]) {
        guard isAbsoluteForm(target) else { return splitOriginForm(ArraySlice(target.utf8)) }
        // Drop the scheme and authority: what is left is the origin form.
        let afterScheme = target[target.range(of: "://")!.upperBound...]
        var origin = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }).map { String(afterScheme[$0...]) } ?? "/"
        if origin.hasPrefix("?") { origin = "/" + origin }
        return splitOriginForm(ArraySlice(origin.utf8))
    }

    /// Splits an origin-form target (`/path?query`) on the bytes of ?, & and =, as it lies in the
    /// request's bytes; most parts have nothing to decode, and skip Foundation.
    static func splitOriginForm(_ target: ArraySlice<UInt8>) -> (String, [(name: String, value: String)]) {
        func decode(_ part: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
            let text = String(decoding: part, as: UTF8.self)
            guard part.contains(where: { $0 == 37 || (plusIsSpace && $0 == 43) }) else { return text }
            let spaced = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : text
            return spaced.removingPercentEncoding ?? spaced
        }
        guard let question = target.firstIndex(of: 63) else { return (decode(target, plusIsSpace: false), []) }
        let path = decode(target[..<question], plusIsSpace: false)
        var query: [(name: String, value: String)] = []
        query.reserveCapacity(4)
        // The pairs between the &s, walked in place rather than gathered into an array first.
        var rest = target[(question + 1)...]
        while true {
            let end = rest.firstIndex(of: 38) ?? rest.endIndex
            let pair = rest[..<end]
            if let equals = pair.firstIndex(of: 61) {
                query.append(
                    (decode(pair[..<equals], plusIsSpace: true), decode(pair[(equals + 1)...], plusIsSpace: true)))
            } else if !pair.isEmpty {
                query.append((decode(pair, plusIsSpace: true), ""))
            }
            guard end < rest.endIndex else { break }
            rest = rest[(end + 1)...]
        }
        return (path, query)
    }
}

/// Writes a response head.
enum HTTPWriter {
    static func head(_ response: HTTPResponse, version: String = "HTTP/1.1") -> Data {
        var text = "\(version) \(response.status) \(HTTPResponse.reason(response.status))\r\n"
        for header in response.headers { text += "\(header.name): \(header.value)\r\n" }
        return Data((text + "\r\n").utf8)
    }
}
