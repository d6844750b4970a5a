import Foundation
import MVICore

/// Where kitten image lists come from: The Cat API over HTTP in the app, fakes in tests and replays.
public protocol KittenDataSource: Sendable {
    /// Starts loading one page of images and returns a handle that cancels the request.
    ///
    /// `completion` is called at most once, on any thread, with the response body or a failure.
    /// After `cancel()` it should not be called; the store drops a late answer anyway.
    func load(
        limit: Int, page: Int, completion: @escaping @Sendable (Result<Data, KittenDataSourceError>) -> Void
    ) -> any Cancellable
}

/// Why a data source produced no body.
public enum KittenDataSourceError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The connection failed (refused, reset, DNS...).
    case transport(String)
    /// No answer within the request timeout.
    case timeout
    /// The server answered with a status outside 200...299.
    case httpStatus(Int)
    /// The server answered 2xx with no body at all.
    case emptyResponse

    public var description: String {
        switch self {
        case .transport(let detail): "transport error: \(detail)"
        case .timeout: "timed out"
        case .httpStatus(let status): "HTTP status \(status)"
        case .emptyResponse: "empty response"
        }
    }
}
