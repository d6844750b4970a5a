import Foundation
import MVIEssentials

/// Fetches the bytes behind an image URL: URLSession in apps, a scripted fake in tests and replays.
///
/// The pipeline makes at most one request per cache key at a time and interprets the answer
/// itself (status, `ETag`, body), so a loader only has to carry bytes.
public protocol ImageDataLoader: Sendable {
    /// Starts `request` and returns a handle that cancels it.
    ///
    /// `completion` is called at most once, on any thread, with the server's answer (any status,
    /// `304` and `404` included) or a failure to get one. After `cancel()` it should not be
    /// called; the pipeline drops a late answer anyway.
    func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable
}

/// What the pipeline asks a loader for.
public struct ImageLoadRequest: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The image's URL, exactly as the requester gave it (not the cache key).
    public var url: URL
    /// The `ETag` of a stale cached copy: send it as `If-None-Match`; `nil` for a plain `GET`.
    public var ifNoneMatch: String?

    public init(url: URL, ifNoneMatch: String? = nil) {
        self.url = url
        self.ifNoneMatch = ifNoneMatch
    }

    public var description: String {
        "get \(url.absoluteString)" + (ifNoneMatch.map { " if-none-match \($0)" } ?? "")
    }
}

/// A server's answer as the pipeline needs it.
public struct ImageLoadResponse: Equatable, Hashable, Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The `ETag` header, if any.
    public var etag: String?
    /// The body; empty for a `304`.
    public var body: Data

    public init(status: Int, etag: String? = nil, body: Data = Data()) {
        self.status = status
        self.etag = etag
        self.body = body
    }
}

/// Why a loader got no answer at all.
public enum ImageLoadError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The connection failed (refused, reset, truncated body, DNS...).
    case transport(String)
    /// No answer within the loader's timeout.
    case timeout

    public var description: String {
        switch self {
        case .transport(let detail): "transport error: \(detail)"
        case .timeout: "timed out"
        }
    }
}
