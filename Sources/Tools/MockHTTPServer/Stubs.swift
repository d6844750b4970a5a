import Foundation

/// A way for a response to go wrong on purpose, as MockWebServer and WireMock offer.
public enum Fault: String, Sendable, CaseIterable, Codable {
    /// Close with a TCP reset (RST) right after reading the request.
    case connectionReset
    /// Close without sending a byte.
    case emptyResponse
    /// Send a chunked head, then a chunk-size line that is not hex, then close.
    case malformedChunk
    /// Send bytes that are not HTTP, then close.
    case garbageThenClose
    /// Read the request and never answer (until the client goes away or the server stops).
    case stall
    /// Send a head whose `Content-Length` is larger than the body that follows, then close.
    case truncatedBody
}

/// One scripted response.
public struct StubResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Send the body with chunked transfer encoding, in chunks of `chunkSize` bytes.
    public var chunked: Bool
    public var chunkSize: Int
    /// Wait this long before sending the head.
    public var delayMilliseconds: Int
    /// Send the body `throttleBytes` at a time, waiting `throttleMilliseconds` between pieces.
    public var throttleBytes: Int?
    public var throttleMilliseconds: Int
    /// Misbehave instead of answering.
    public var fault: Fault?

    public init(
        status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(), chunked: Bool = false,
        chunkSize: Int = 1024, delayMilliseconds: Int = 0, throttleBytes: Int? = nil, throttleMilliseconds: Int = 0,
        fault: Fault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.chunked = chunked
        self.chunkSize = chunkSize
        self.delayMilliseconds = delayMilliseconds
        self.throttleBytes = throttleBytes
        self.throttleMilliseconds = throttleMilliseconds
        self.fault = fault
    }

    /// A response with a text body.
    public static func text(_ status: Int, _ body: String, contentType: String = "application/json; charset=utf-8")
        -> StubResponse
    {
        StubResponse(status: status, headers: [("Content-Type", contentType)], body: Data(body.utf8))
    }

    /// A fault.
    public static func fault(_ fault: Fault) -> StubResponse { StubResponse(fault: fault) }
}

/// Overrides a route: requests that match get the stub's responses, in order; the last one repeats.
///
/// A stub may belong to a scenario, as WireMock's do: it then answers only while the scenario is in
/// `requiredState` (any state when nil), and moves it to `newState` (when given) as it answers.
/// Every scenario starts in `StubScenario.started`.
public struct Stub: Sendable {
    /// The requests this stub answers.
    public var pattern: RequestPattern
    public var responses: [StubResponse]
    /// The scenario the stub belongs to, if any.
    public var scenario: String?
    /// The state the scenario must be in for the stub to answer; nil for any.
    public var requiredState: String?
    /// The state the scenario moves to when the stub answers; nil to leave it.
    public var newState: String?

    public init(
        method: String? = "GET", path: String, query: [String: String] = [:], headers: [String: String] = [:],
        responses: [StubResponse]
    ) {
        self.init(
            pattern: RequestPattern(method: method, path: path, query: query, headers: headers), responses: responses)
    }

    /// A stub for any pattern (a path pattern, presence checks, a JSON body), in a scenario or not.
    public init(
        pattern: RequestPattern, scenario: String? = nil, requiredState: String? = nil, newState: String? = nil,
        responses: [StubResponse]
    ) {
        precondition(!responses.isEmpty, "a stub needs at least one response")
        self.pattern = pattern
        self.scenario = scenario
        self.requiredState = requiredState
        self.newState = newState
        self.responses = responses
    }

    /// The method to match, or nil for any.
    public var method: String? {
        get { pattern.method }
        set { pattern.method = newValue }
    }
    /// The exact (decoded) path to match; empty for a stub that matches a `pathPattern` instead.
    public var path: String {
        get { pattern.path ?? "" }
        set { pattern.path = newValue }
    }
    /// Query parameters that must be present with these values (others may be present too).
    public var query: [String: String] {
        get { pattern.query }
        set { pattern.query = newValue }
    }
    /// Headers that must be present with these values (names without regard to case; others may be present too).
    public var headers: [String: String] {
        get { pattern.headers }
        set { pattern.headers = newValue }
    }

    func matches(_ request: HTTPRequest) -> Bool { pattern.matches(request) }
}

/// Scenario states, as WireMock names them.
public enum StubScenario {
    /// The state every scenario starts in, and returns to on a reset.
    public static let started = "Started"
}

extension Duration {
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
