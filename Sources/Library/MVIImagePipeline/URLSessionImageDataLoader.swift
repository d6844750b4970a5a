import Foundation

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
        self.session = session ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            return URLSession(configuration: configuration)
        }()
    }

    /// The URLRequest that `load` sends for `request`.
    public func urlRequest(for request: ImageLoadRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = "GET"
        if let etag = request.ifNoneMatch { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        return urlRequest
    }

    public func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any ImageLoadTask {
        let cancellation = ImageCancellation()
        let task = session.dataTask(with: urlRequest(for: request)) { data, response, error in
            // A cancelled request reports nothing.
            if cancellation.isCancelled { return }
            completion(Self.outcome(data: data, response: response, error: error))
        }
        let handle = ImageCancellation { [cancellation] in
            cancellation.cancel()
            task.cancel()
        }
        task.resume()
        return handle
    }

    /// Turns URLSession's answer into the loader's: any HTTP status is an answer, no response is a failure.
    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<ImageLoadResponse, ImageLoadError> {
        if let error {
            if let urlError = error as? URLError, urlError.code == .timedOut { return .failure(.timeout) }
            if let urlError = error as? URLError {
                return .failure(.transport("URLError \(urlError.code.rawValue) (\(urlError.localizedDescription))"))
            }
            return .failure(.transport(String(describing: error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport("the answer is not an HTTP response"))
        }
        let etag = http.value(forHTTPHeaderField: "ETag")
        return .success(ImageLoadResponse(status: http.statusCode, etag: etag, body: data ?? Data()))
    }
}
