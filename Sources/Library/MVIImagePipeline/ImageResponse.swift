import Foundation

/// Where the bytes a requester gets came from.
public enum ImageSource: String, Equatable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The memory cache: synchronously for a fresh entry, after a `304` for a revalidated one.
    case memory
    /// The disk cache, fresh or revalidated by a `304`.
    case disk
    /// A download.
    case network

    public var description: String { rawValue }
}

/// An image's bytes and where they came from.
public struct ImageResponse: Equatable, Hashable, Sendable {
    public var bytes: Data
    public var source: ImageSource

    public init(bytes: Data, source: ImageSource) {
        self.bytes = bytes
        self.source = source
    }
}

/// Why the pipeline delivered no image for a URL. Nothing is remembered: the next request tries again.
public struct ImagePipelineError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// The loader got no answer.
        case loader(ImageLoadError)
        /// The server answered with a status other than 2xx or 304.
        case httpStatus(Int)
        /// The server answered 2xx with no bytes.
        case emptyBody
        /// The server answered 304 to a request that had no `If-None-Match`.
        case unexpectedNotModified

        public var description: String {
            switch self {
            case .loader(let error): error.description
            case .httpStatus(let status): "HTTP status \(status)"
            case .emptyBody: "empty body"
            case .unexpectedNotModified: "304 Not Modified to a request without If-None-Match"
            }
        }
    }

    /// The URL the requester asked for.
    public let url: URL
    public let reason: Reason

    public init(url: URL, reason: Reason) {
        self.url = url
        self.reason = reason
    }

    public var description: String { "\(url.absoluteString): \(reason)" }
}
