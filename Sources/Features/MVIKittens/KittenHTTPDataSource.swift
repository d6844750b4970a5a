import Foundation
import MVICore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads kitten images from The Cat API (or a stand-in such as the mock server) with URLSession.
///
/// `GET {baseURL}/v1/images/search?limit={limit}&page={page}`, with `x-api-key` when a key is set.
/// Unlike the original sample it treats a transport error, a timeout and a status outside
/// 200...299 as failures, and a 2xx with no body as `emptyResponse`.
public struct KittenHTTPDataSource: KittenDataSource {
    /// The real service.
    public static let defaultBaseURL = URL(string: "https://api.thecatapi.com")!

    public let baseURL: URL
    public let apiKey: String?
    public let timeout: TimeInterval
    private let session: URLSession

    /// - Parameters:
    ///   - baseURL: scheme, host, port and an optional path prefix; `/v1/images/search` is appended.
    ///   - apiKey: sent as `x-api-key` when not nil.
    ///   - timeout: seconds before a request fails with `.timeout`.
    ///   - session: the URLSession to use. By default the data source makes its own, whose
    ///     configuration carries `timeout`: on Linux a session's configured request timeout takes
    ///     precedence over the request's own, so a session you pass should be configured with it too.
    public init(baseURL: URL = Self.defaultBaseURL, apiKey: String? = nil, timeout: TimeInterval = 30, session: URLSession? = nil) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.session = session ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            return URLSession(configuration: configuration)
        }()
    }

    /// The request `load(limit:page:)` sends.
    public func request(limit: Int, page: Int) -> URLRequest {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        var prefix = components.path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        components.path = prefix + "/v1/images/search"
        components.queryItems = [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "page", value: String(page))]
        var request = URLRequest(url: components.url ?? baseURL, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: "x-api-key") }
        return request
    }

    public func load(
        limit: Int, page: Int, completion: @escaping @Sendable (Result<Data, KittenDataSourceError>) -> Void
    ) -> any Cancellable {
        let cancellation = Cancellation()
        let task = session.dataTask(with: request(limit: limit, page: page)) { data, response, error in
            // A cancelled request reports nothing.
            if cancellation.isCancelled { return }
            completion(Self.outcome(data: data, response: response, error: error))
        }
        let handle = Cancellation { [cancellation] in
            cancellation.cancel()
            task.cancel()
        }
        task.resume()
        return handle
    }

    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<Data, KittenDataSourceError> {
        if let error {
            if let urlError = error as? URLError, urlError.code == .timedOut { return .failure(.timeout) }
            return .failure(.transport(Self.describe(error)))
        }
        if let http = response as? HTTPURLResponse, !(200...299).contains(http.statusCode) {
            return .failure(.httpStatus(http.statusCode))
        }
        guard let data, !data.isEmpty else { return .failure(.emptyResponse) }
        return .success(data)
    }

    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError { return "URLError \(urlError.code.rawValue) (\(urlError.localizedDescription))" }
        return String(describing: error)
    }
}
