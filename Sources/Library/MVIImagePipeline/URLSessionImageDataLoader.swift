import Foundation
import MVIEssentials

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads image bytes with URLSession: `GET url`, with `If-None-Match` when revalidating.
///
/// The session's own URL cache is off, so that the pipeline's caches are the only ones and a
/// `304` reaches the pipeline instead of being answered from a hidden cache.
public struct URLSessionImageDataLoader: ImageDataLoader {
    public let timeout: TimeInterval
    private let session: URLSession

    /// - Parameters:
    ///   - timeout: seconds before a request fails with `.timeout`.
    ///   - session: the URLSession to use. By default the loader makes an ephemeral one with no URL
    ///     cache and `timeout` as its request timeout (on Linux the session's timeout wins over the
    ///     request's, so a session you pass should carry it too).
    public init(timeout: TimeInterval = 30, session: URLSession? = nil) {
        self.timeout = timeout
        self.session = session ?? URLSessionTransfer.session(timeout: timeout, cachesResponses: false)
    }

    /// The URLRequest that `load` sends for `request`.
    public func urlRequest(for request: ImageLoadRequest) -> URLRequest {
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = "GET"
        if let etag = request.ifNoneMatch { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        return urlRequest
    }

    public func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable {
        URLSessionTransfer.start(urlRequest(for: request), on: session) { answer in
            completion(Self.outcome(data: answer.data, response: answer.response, error: answer.error))
        }
    }

    /// Turns URLSession's answer into the loader's: any HTTP status is an answer, no response is a failure.
    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<
        ImageLoadResponse, ImageLoadError
    > {
        if let error {
            if URLSessionTransfer.isTimeout(error) { return .failure(.timeout) }
            return .failure(.transport(URLSessionTransfer.describe(error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport("the answer is not an HTTP response"))
        }
        let etag = http.value(forHTTPHeaderField: "ETag")
        return .success(ImageLoadResponse(status: http.statusCode, etag: etag, body: data ?? Data()))
    }
}
