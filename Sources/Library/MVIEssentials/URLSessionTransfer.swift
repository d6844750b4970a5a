import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one cancellable URLSession data task the HTTP data sources share: a request that reports
/// its answer once, or nothing at all once cancelled.
package enum URLSessionTransfer {
    /// What URLSession answered: the body, the response and the error, as its completion gives them.
    package typealias Answer = (data: Data?, response: URLResponse?, error: (any Error)?)

    /// An ephemeral session whose requests time out after `timeout` seconds. On Linux a session's
    /// request timeout takes precedence over the request's own, so the session must carry it.
    /// - Parameter cachesResponses: false turns the session's URL cache off, so that a `304`
    ///   reaches the caller instead of being answered from a hidden cache.
    package static func session(timeout: TimeInterval, cachesResponses: Bool = true, connectionsPerHost: Int? = nil)
        -> URLSession
    {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        if let connectionsPerHost { configuration.httpMaximumConnectionsPerHost = connectionsPerHost }
        if !cachesResponses {
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        }
        return URLSession(configuration: configuration)
    }

    /// Starts `request` on `session`. `completion` runs once, on URLSession's queue, unless the
    /// returned handle was cancelled first; cancelling also cancels the task.
    package static func start(
        _ request: URLRequest, on session: URLSession, completion: @escaping @Sendable (Answer) -> Void
    ) -> Cancellation {
        let cancelled = Cancellation()
        let task = session.dataTask(with: request) { data, response, error in
            // A cancelled request reports nothing.
            if cancelled.isCancelled { return }
            completion((data, response, error))
        }
        let handle = Cancellation { [cancelled] in
            cancelled.cancel()
            task.cancel()
        }
        task.resume()
        return handle
    }

    /// Whether `error` is URLSession's timeout.
    package static func isTimeout(_ error: any Error) -> Bool {
        (error as? URLError)?.code == .timedOut
    }

    /// A transport error as the data sources report it: `URLError <code> (<description>)`.
    package static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "URLError \(urlError.code.rawValue) (\(urlError.localizedDescription))"
        }
        return String(describing: error)
    }
}
