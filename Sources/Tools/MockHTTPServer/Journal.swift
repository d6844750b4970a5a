import Foundation

/// A request in the journal.
public struct JournalEntry: Sendable {
    /// 1 for the first request the server read, then one more for each.
    public let sequence: Int
    /// 1 for the first connection the server accepted, then one more for each.
    public let connection: Int
    /// The request; its body is cut to the journal's body cap (see `bodyTruncated`).
    public let request: HTTPRequest
    /// Whether the body was longer than the journal's body cap and was cut.
    public let bodyTruncated: Bool
    /// The length of the body as received, before any cut.
    public let bodyBytes: Int
    /// The id of the stub that answered, or nil when a built-in route did.
    public var stub: Int?
    /// The built-in route that answered (`/v1/images/search`, `/images/<id>.png`, `notFound`...), or
    /// nil when a stub did.
    public var route: String?
    /// The status of the response, recorded just before it is written (so a client that has its
    /// answer always finds it here); nil for a fault, or while a delayed response waits.
    public var status: Int?
    /// The fault applied, if any.
    public var fault: Fault?
    /// Whether the client went away, or stopped reading, before the response was complete.
    public var clientWentAway = false
    /// The scenario of the stub that answered, if it belongs to one.
    public var scenario: String?
    /// The state the scenario was in when its stub answered (before any move).
    public var scenarioState: String?
}

/// How much the journal keeps, like WireMock's `--max-request-journal-entries`.
public struct JournalLimits: Sendable, Equatable {
    /// The most entries kept; the oldest are dropped (and counted) beyond it.
    public var maxEntries: Int
    /// The most body bytes kept per entry; longer bodies are cut and flagged `bodyTruncated`.
    public var maxBodyBytes: Int

    public init(maxEntries: Int = 10_000, maxBodyBytes: Int = 64 * 1024) {
        self.maxEntries = max(1, maxEntries)
        self.maxBodyBytes = max(0, maxBodyBytes)
    }
}

/// Every request the server read (admin requests excepted), for verification.
///
/// Appending and looking up an entry by sequence number take constant time; at most
/// `limits.maxEntries` entries are kept, each with at most `limits.maxBodyBytes` of body. Once
/// full, each new entry takes the place of the oldest (a ring), so every request does the same
/// small work: none drops thousands of old entries at once while the server's loops wait.
public final class RequestJournal: @unchecked Sendable {  // every stored property is guarded by `condition`
    /// What `next` found.
    enum Next {
        case entry(JournalEntry)
        case timedOut
        case stopped
    }

    public let limits: JournalLimits
    private let condition = NSCondition()
    /// The entries kept, as a ring once it holds `limits.maxEntries`: the oldest is at `start`,
    /// the newest just before it (or at the end, while the ring is not full and `start` is 0).
    private var storage: [JournalEntry] = []
    private var start = 0
    private var nextSequence = 0
    /// The sequence number `next` hands out next.
    private var nextTaken = 1
    private var droppedCount = 0
    private var closed = false
    private var waiting = 0

    init(limits: JournalLimits = JournalLimits()) {
        self.limits = limits
    }

    /// Adds an entry for `request`; with `status` and `route` when the answer is known already
    /// (one turn of the lock, where recording and then updating would take two). Returns its sequence.
    func record(_ request: HTTPRequest, connection: Int, status: Int? = nil, route: String? = nil) -> Int {
        let size = request.body.count
        let truncated = size > limits.maxBodyBytes
        let kept =
            truncated
            ? HTTPRequest(
                method: request.method, target: request.target, path: request.path, query: request.query,
                version: request.version,
                headers: request.headers, body: Data(request.body.prefix(limits.maxBodyBytes)))
            : request
        // The lock is held only to number the entry and put it in its place: the oldest entry it
        // replaces once the ring is full is let go after the lock is (freeing a request, its
        // headers and body was most of the time the lock was held, with the other loops waiting).
        condition.lock()
        nextSequence += 1
        let sequence = nextSequence
        var entry = JournalEntry(
            sequence: sequence, connection: connection, request: kept, bodyTruncated: truncated, bodyBytes: size)
        entry.status = status
        entry.route = route
        if storage.count < limits.maxEntries {
            storage.append(entry)
        } else {
            swap(&entry, &storage[start])  // in place of the oldest, which `entry` now holds
            start = start + 1 == storage.count ? 0 : start + 1
            droppedCount += 1
        }
        condition.broadcast()
        condition.unlock()
        withExtendedLifetime(entry) {}  // the replaced entry (or a copy of the new one) let go here
        return sequence
    }

    /// The index in `storage` of a live entry; the lock is held.
    private func index(of sequence: Int) -> Int? {
        guard !storage.isEmpty else { return nil }
        let offset = sequence - storage[start].sequence
        guard offset >= 0, offset < storage.count else { return nil }
        let index = start + offset
        return index < storage.count ? index : index - storage.count
    }

    func update(_ sequence: Int, _ change: (inout JournalEntry) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        if let index = index(of: sequence) { change(&storage[index]) }
        condition.broadcast()
    }

    /// Every entry kept, oldest first.
    public var all: [JournalEntry] {
        condition.lock()
        defer { condition.unlock() }
        return Array(storage[start...] + storage[..<start])
    }

    /// The entry with that sequence number, if it is still kept.
    public func entry(_ sequence: Int) -> JournalEntry? {
        condition.lock()
        defer { condition.unlock() }
        return index(of: sequence).map { storage[$0] }
    }

    /// The number of entries kept now.
    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return storage.count
    }

    /// The number of entries dropped, oldest first, to stay within `limits.maxEntries` since the last reset.
    public var dropped: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedCount
    }

    /// The oldest request not yet taken, waiting up to `timeout` for one; nil on timeout or when the
    /// server stops. Like OkHttp's `takeRequest`: each call takes the next request once.
    public func next(timeout: Duration) -> JournalEntry? {
        if case .entry(let entry) = take(timeout: timeout) { return entry }
        return nil
    }

    func take(timeout: Duration) -> Next {
        let deadline = Date().addingTimeInterval(Double(timeout.wholeMilliseconds) / 1000)
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        defer { waiting -= 1 }
        while true {
            if closed { return .stopped }
            if !storage.isEmpty {
                nextTaken = max(nextTaken, storage[start].sequence)
                if let index = index(of: nextTaken) {
                    nextTaken += 1
                    return .entry(storage[index])
                }
            }
            if !condition.wait(until: deadline) { return closed ? .stopped : .timedOut }
        }
    }

    /// How many callers wait in `next` now.
    package var waiters: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting
    }

    /// Waits up to `timeout` until `predicate` holds for the entry with `sequence`; returns that entry.
    public func wait(for sequence: Int, timeout: Duration, until predicate: (JournalEntry) -> Bool) -> JournalEntry? {
        let deadline = Date().addingTimeInterval(Double(timeout.wholeMilliseconds) / 1000)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = index(of: sequence), predicate(storage[index]) { return storage[index] }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// Forgets every request (sequence numbers go on from where they were).
    public func reset() {
        condition.lock()
        defer { condition.unlock() }
        storage = []
        start = 0
        droppedCount = 0
        nextTaken = nextSequence + 1
    }

    /// Wakes every waiter in `next` with nothing, now and until `reopen`; the server is stopping.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
    }

    func reopen() {
        condition.lock()
        defer { condition.unlock() }
        closed = false
    }
}
