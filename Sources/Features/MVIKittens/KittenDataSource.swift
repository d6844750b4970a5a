import Foundation
import MVICore

/// Where kitten image lists come from: The Cat API over HTTP in the app, fakes in tests and replays.
public protocol KittenDataSource: Sendable {
    /// Loads one page of images: the response body, or a thrown `KittenDataSourceError`.
    ///
    /// The store calls it from an async effect: cancelling the effect (a reload, the store's
    /// disposal) cancels the calling task, and the call should then stop its request and throw
    /// `CancellationError`; the store drops a late answer anyway. Another error is shown as a
    /// transport error.
    func load(limit: Int, page: Int) async throws -> Data
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
