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
    public static func text(_ status: Int, _ body: String, contentType: String = "application/json; charset=utf-8") -> StubResponse {
        StubResponse(status: status, headers: [("Content-Type", contentType)], body: Data(body.utf8))
    }

    /// A fault.
    public static func fault(_ fault: Fault) -> StubResponse { StubResponse(fault: fault) }
}

/// Overrides a route: requests that match get the stub's responses, in order; the last one repeats.
public struct Stub: Sendable {
    /// The method to match, or nil for any.
    public var method: String?
    /// The exact (decoded) path to match.
    public var path: String
    /// Query parameters that must be present with these values (others may be present too).
    public var query: [String: String]
    public var responses: [StubResponse]

    public init(method: String? = "GET", path: String, query: [String: String] = [:], responses: [StubResponse]) {
        precondition(!responses.isEmpty, "a stub needs at least one response")
        self.method = method
        self.path = path
        self.query = query
        self.responses = responses
    }

    func matches(_ request: HTTPRequest) -> Bool {
        if let method, method != request.method, !(method == "GET" && request.method == "HEAD") { return false }
        guard path == request.path else { return false }
        return query.allSatisfy { key, value in request.queryValue(key) == value }
    }
}

/// A request in the journal.
public struct JournalEntry: Sendable {
    /// 1 for the first request the server read, then one more for each.
    public let sequence: Int
    /// 1 for the first connection the server accepted, then one more for each.
    public let connection: Int
    public let request: HTTPRequest
    /// The status of the response, recorded just before it is written (so a client that has its
    /// answer always finds it here); nil for a fault, or while a delayed response waits.
    public var status: Int?
    /// The fault applied, if any.
    public var fault: Fault?
    /// Whether the server saw the client go away before the response was complete.
    public var clientWentAway = false
}

/// Every request the server read (admin requests excepted), for verification.
public final class RequestJournal: @unchecked Sendable {
    private let condition = NSCondition()
    private var entries: [JournalEntry] = []
    private var taken = 0
    private var nextSequence = 0

    init() {}

    func record(_ request: HTTPRequest, connection: Int) -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextSequence += 1
        entries.append(JournalEntry(sequence: nextSequence, connection: connection, request: request))
        condition.broadcast()
        return nextSequence
    }

    func update(_ sequence: Int, _ change: (inout JournalEntry) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        if let index = entries.firstIndex(where: { $0.sequence == sequence }) { change(&entries[index]) }
        condition.broadcast()
    }

    /// Every entry, oldest first.
    public var all: [JournalEntry] {
        condition.lock()
        defer { condition.unlock() }
        return entries
    }

    /// The number of requests recorded since the last reset.
    public var count: Int { all.count }

    /// The oldest request not yet taken, waiting up to `timeout` for one; nil on timeout.
    /// Like OkHttp's `takeRequest`: each call takes the next request once.
    public func next(timeout: Duration) -> JournalEntry? {
        let deadline = Date().addingTimeInterval(Double(timeout.wholeMilliseconds) / 1000)
        condition.lock()
        defer { condition.unlock() }
        while taken >= entries.count {
            if !condition.wait(until: deadline) { return nil }
        }
        taken += 1
        return entries[taken - 1]
    }

    /// Waits up to `timeout` until `predicate` holds for the entry with `sequence`; returns that entry.
    public func wait(for sequence: Int, timeout: Duration, until predicate: (JournalEntry) -> Bool) -> JournalEntry? {
        let deadline = Date().addingTimeInterval(Double(timeout.wholeMilliseconds) / 1000)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let entry = entries.first(where: { $0.sequence == sequence }), predicate(entry) { return entry }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// Forgets every request.
    public func reset() {
        condition.lock()
        defer { condition.unlock() }
        entries = []
        taken = 0
    }
}

extension Duration {
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
