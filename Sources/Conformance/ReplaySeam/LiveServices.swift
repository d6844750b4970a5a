import FixtureFormat
import Foundation
import MVICore
import MVIEssentials

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a live session of a feature talks to instead of the replay's fakes: the real service (or the
/// mock server standing in for it) and the tap that sees every request, for a recorder.
///
/// A feature's replay target builds its real data source from it (`KittenHTTPDataSource(baseURL:
/// apiKey:session:)`) and wraps each call with `request(_:encode:start:deliver:)` (or, for an
/// `async throws` data source, `call(_:encode:start:)`), so the tap
/// numbers the requests, sees cancellations and gets every answer in the feature's response codec.
public struct LiveServices: Sendable {
    /// Scheme, host, port (and path prefix) of an HTTP service: The Cat API, NewsAPI or the mock
    /// server; nil for a feature whose source is not HTTP (a local store, a device API), whose
    /// replay target captures its real source itself and only needs the `tap`.
    public let baseURL: URL?
    /// The key the data sources send; a recorder redacts it from everything it writes.
    public let apiKey: String?
    /// The session the data sources use.
    public let session: URLSession
    /// Sees every request, its answer or its cancellation.
    public let tap: any RequestTap
    /// The folder the feature's real file stores keep their files in (the wire level's temporary
    /// folder); nil keeps the replay's in-memory stores.
    public let folder: URL?

    public init(
        baseURL: URL? = nil, apiKey: String? = nil, session: URLSession = .shared, tap: any RequestTap,
        folder: URL? = nil
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.session = session
        self.tap = tap
        self.folder = folder
    }

    /// `baseURL`, for an HTTP data source; when the session was started without one, a host that
    /// cannot resolve (`no-base-url.invalid`), so that every request fails as a transport error
    /// naming it, in the recording, instead of the session stopping.
    public var httpBaseURL: URL {
        baseURL ?? URL(string: "http://no-base-url.invalid") ?? URL(fileURLWithPath: "/no-base-url")
    }

    /// Makes one live request seen by the tap.
    ///
    /// - Parameters:
    ///   - description: the request as transcripts name it (`load(limit: 50, page: 0)`), exactly
    ///     as the replay data source names it.
    ///   - encode: the answer as a `respond` line's fields, in the feature's response codec; it
    ///     throws when the codec cannot hold the answer (the recorder reports it).
    ///   - start: starts the real request; calls its completion at most once, on any thread.
    ///   - deliver: hands the answer to the feature (the data source's completion); the tap calls it
    ///     at the point of the recording where the answer arrives.
    public func request<Answer: Sendable>(
        _ description: String, encode: @escaping @Sendable (Answer) throws(FieldError) -> JSONObject,
        start: (@escaping @Sendable (Answer) -> Void) -> any Cancellable, deliver: @escaping @Sendable (Answer) -> Void
    ) -> any Cancellable {
        let id = tap.opened(description)
        let cancelled = Locked(false)
        let tap = self.tap
        let handle = start { answer in
            // An answer that comes after the feature cancelled is not the feature's any more.
            guard !cancelled.withLock({ $0 }) else { return }
            let fields: Result<JSONObject, FieldError>
            do throws(FieldError) { fields = .success(try encode(answer)) } catch { fields = .failure(error) }
            tap.answered(id, fields: fields) { deliver(answer) }
        }
        tap.started(id)
        return Cancellation {
            cancelled.withLock { $0 = true }
            handle.cancel()
            tap.cancelled(id)
        }
    }
}

extension LiveServices {
    /// Makes one live request seen by the tap and awaits its answer: the async form of
    /// `request(_:encode:start:deliver:)`, for a data source of `async throws` functions. The tap
    /// delivers the answer where the recording puts it; cancelling the calling task cancels the
    /// request (the tap sees it) and throws `CancellationError`.
    public func call<Answer: Sendable>(
        _ description: String, encode: @escaping @Sendable (Answer) throws(FieldError) -> JSONObject,
        start: (@escaping @Sendable (Answer) -> Void) -> any Cancellable
    ) async throws -> Answer {
        try await awaitCallback { deliver in request(description, encode: encode, start: start, deliver: deliver) }
    }

    /// Makes one live request seen by the tap, over a real data source that is itself async:
    /// `perform` calls it (in a task of its own, cancelled with the request) and gives its outcome
    /// as the feature's answer.
    public func call<Answer: Sendable>(
        _ description: String, encode: @escaping @Sendable (Answer) throws(FieldError) -> JSONObject,
        perform: @escaping @Sendable () async -> Answer
    ) async throws -> Answer {
        try await call(description, encode: encode) { deliver in
            let task = Task { deliver(await perform()) }
            return Cancellation { task.cancel() }
        }
    }
}

/// Sees the requests of a live session: a recorder numbers them, writes their answers as `respond`
/// lines and decides when each answer reaches the feature.
public protocol RequestTap: Sendable {
    /// A request was made; returns its number (from 1, in the order they are made).
    func opened(_ description: String) -> Int
    /// The feature cancelled request `id` (if it is still pending, it stays unanswered).
    func cancelled(_ id: Int)
    /// Request `id` got its answer, as a `respond` line's fields (or why they cannot be written);
    /// `deliver` hands it to the feature, and the tap calls it once, where the answer belongs.
    func answered(_ id: Int, fields: Result<JSONObject, FieldError>, deliver: @escaping @Sendable () -> Void)
    /// Request `id` was handed to the real data source (after `opened`, before the data source's
    /// call returns). The wire level waits here until the request reaches the server, so that the
    /// server sees requests in the order they were made.
    func started(_ id: Int)
}

extension RequestTap {
    public func started(_ id: Int) {}
}
