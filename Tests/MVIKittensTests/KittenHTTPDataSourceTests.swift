import Foundation
import MVICore
import Testing

@testable import MVIKittens

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers requests from a table keyed by host, so tests running in parallel never share a stub.
final class StubURLProtocol: URLProtocol {
    enum Reply: Sendable {
        case response(status: Int, body: String)
        case error(URLError.Code)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var replies: [String: Reply] = [:]
    nonisolated(unsafe) private static var seen: [String: [URLRequest]] = [:]

    /// A fresh host whose requests get `reply`.
    static func host(replying reply: Reply) -> String {
        let host = "stub-\(UUID().uuidString.lowercased()).test"
        lock.withLock { replies[host] = reply }
        return host
    }

    static func requests(to host: String) -> [URLRequest] { lock.withLock { seen[host] ?? [] } }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let host = request.url?.host ?? ""
        let reply = Self.lock.withLock { () -> Reply? in
            Self.seen[host, default: []].append(request)
            return Self.replies[host]
        }
        switch reply {
        case .response(let status, let body)?:
            let response = HTTPURLResponse(
                url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        case .error(let code)?:
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case nil:
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
        }
    }

    override func stopLoading() {}
}

/// Subject: URLSession with a stub protocol; waits use generous timeouts.
@Suite struct KittenHTTPDataSourceTests {
    private func dataSource(host: String, apiKey: String? = nil) -> KittenHTTPDataSource {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return KittenHTTPDataSource(
            baseURL: URL(string: "http://\(host)")!, apiKey: apiKey, timeout: 30,
            session: URLSession(configuration: configuration))
    }

    private func load(_ reply: StubURLProtocol.Reply) -> Result<Data, KittenDataSourceError>? {
        let host = StubURLProtocol.host(replying: reply)
        let outcome = ResultBox<Result<Data, KittenDataSourceError>>()
        let done = DispatchSemaphore(value: 0)
        _ = dataSource(host: host).load(limit: 50, page: 0) { result in
            outcome.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else { return nil }
        return outcome.get()
    }

    @Test func defaultsToTheCatAPI() {
        let request = KittenHTTPDataSource().request(limit: 50, page: 0)
        #expect(request.url?.absoluteString == "https://api.thecatapi.com/v1/images/search?limit=50&page=0")
        #expect(request.value(forHTTPHeaderField: "x-api-key") == nil)
        #expect(request.httpMethod == "GET")
        #expect(request.timeoutInterval == 30)
    }

    @Test func buildsTheURLFromBaseLimitAndPage() {
        let source = KittenHTTPDataSource(baseURL: URL(string: "http://127.0.0.1:8080/prefix/")!)
        #expect(
            source.request(limit: 7, page: 3).url?.absoluteString
                == "http://127.0.0.1:8080/prefix/v1/images/search?limit=7&page=3")
    }

    /// Every slash the base URL's path ends with is dropped before the route, not only the last one.
    @Test func aBaseURLEndingInSeveralSlashesGivesOneSlashBeforeTheRoute() {
        let source = KittenHTTPDataSource(baseURL: URL(string: "http://127.0.0.1:8080/prefix//")!)
        #expect(
            source.request(limit: 7, page: 3).url?.absoluteString
                == "http://127.0.0.1:8080/prefix/v1/images/search?limit=7&page=3")
    }

    @Test func sendsTheKeyHeaderWhenConfigured() {
        let source = KittenHTTPDataSource(apiKey: "secret")
        #expect(source.request(limit: 50, page: 0).value(forHTTPHeaderField: "x-api-key") == "secret")
    }

    @Test func aSuccessfulResponseDeliversTheBody() throws {
        let host = StubURLProtocol.host(replying: .response(status: 200, body: #"[{"url":"u"}]"#))
        let outcome = ResultBox<Result<Data, KittenDataSourceError>>()
        let done = DispatchSemaphore(value: 0)
        _ = dataSource(host: host, apiKey: "k").load(limit: 50, page: 0) { result in
            outcome.set(result)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let body = try #require(try outcome.get()?.get())
        #expect(String(decoding: body, as: UTF8.self) == #"[{"url":"u"}]"#)
        let sent = try #require(StubURLProtocol.requests(to: host).first)
        #expect(sent.url?.query == "limit=50&page=0")
        #expect(sent.value(forHTTPHeaderField: "x-api-key") == "k")
    }

    @Test(arguments: [500, 404, 301, 199])
    func aStatusOutside2xxIsAFailure(status: Int) {
        #expect(load(.response(status: status, body: "[]")) == .failure(.httpStatus(status)))
    }

    @Test func aTwoHundredWithNoBodyIsAnEmptyResponse() {
        #expect(load(.response(status: 200, body: "")) == .failure(.emptyResponse))
    }

    @Test func aTimeoutIsReportedAsSuch() {
        #expect(load(.error(.timedOut)) == .failure(.timeout))
    }

    @Test func aTransportErrorIsAFailureThatNamesTheError() {
        guard case .failure(.transport(let detail))? = load(.error(.networkConnectionLost)) else {
            Issue.record("expected a transport failure")
            return
        }
        #expect(detail.contains("URLError \(URLError.Code.networkConnectionLost.rawValue)"))
    }

    @Test func aNoContentAnswerWithoutBodyIsAnEmptyResponse() {
        let url = URL(string: "http://x")!
        let ok = HTTPURLResponse(url: url, statusCode: 204, httpVersion: nil, headerFields: nil)
        #expect(
            KittenHTTPDataSource.outcome(data: Data("[]".utf8), response: ok, error: nil) == .success(Data("[]".utf8)))
        #expect(KittenHTTPDataSource.outcome(data: nil, response: ok, error: nil) == .failure(.emptyResponse))
    }

    /// The reason a failure carries into the store's messages and logs (kittens.md, "Failure
    /// reasons"); no screen shows it.
    @Test func eachFailureDescribesItsKind() {
        #expect(KittenDataSourceError.transport("connection reset").description == "transport error: connection reset")
        #expect(KittenDataSourceError.timeout.description == "timed out")
        #expect(KittenDataSourceError.httpStatus(503).description == "HTTP status 503")
        #expect(KittenDataSourceError.emptyResponse.description == "empty response")
        #expect(KittenLoadFailure.network(.timeout).description == "network: timed out")
    }
}

/// A value shared with a completion handler on another thread.
final class ResultBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value? { lock.withLock { value } }
}
