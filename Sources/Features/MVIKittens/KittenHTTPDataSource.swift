import Foundation
import MVICore
import MVIEssentials

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
    public init(
        baseURL: URL = Self.defaultBaseURL, apiKey: String? = nil, timeout: TimeInterval = 30,
        session: URLSession? = nil
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.session = session ?? URLSessionTransfer.session(timeout: timeout)
    }

    /// The request `load(limit:page:)` sends.
    public func request(limit: Int, page: Int) -> URLRequest {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        var prefix = components.path
        while prefix.hasSuffix("/") { prefix.removeLast() }
        components.path = prefix + "/v1/images/search"
        components.queryItems = [
            URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "page", value: String(page)),
        ]
        var request = URLRequest(url: components.url ?? baseURL, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: "x-api-key") }
        return request
    }

    /// Loads one page; cancelling the calling task cancels the transfer.
    public func load(limit: Int, page: Int) async throws -> Data {
        try await awaitCallback { load(limit: limit, page: page, completion: $0) }.get()
    }

    /// Starts loading one page and returns a handle that cancels the transfer; `completion` is called
    /// at most once, on any thread (not after `cancel()`). For a caller that wraps the transfer,
    /// such as a recorder's tap.
    public func load(
        limit: Int, page: Int, completion: @escaping @Sendable (Result<Data, KittenDataSourceError>) -> Void
    ) -> any Cancellable {
        URLSessionTransfer.start(request(limit: limit, page: page), on: session) { answer in
            completion(Self.outcome(data: answer.data, response: answer.response, error: answer.error))
        }
    }

    static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<Data, KittenDataSourceError>
    {
        if let error {
            if URLSessionTransfer.isTimeout(error) { return .failure(.timeout) }
            return .failure(.transport(URLSessionTransfer.describe(error)))
        }
        if let http = response as? HTTPURLResponse, !(200...299).contains(http.statusCode) {
            return .failure(.httpStatus(http.statusCode))
        }
        guard let data, !data.isEmpty else { return .failure(.emptyResponse) }
        return .success(data)
    }
}
