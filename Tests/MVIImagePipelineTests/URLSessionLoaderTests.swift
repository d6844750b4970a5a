import Foundation
import Testing

@testable import MVIImagePipeline

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the URLSession loader sends and how it reads URLSession's answers (no socket involved).
@Suite struct URLSessionLoaderTests {
    private let loader = URLSessionImageDataLoader(timeout: 5)

    private func http(_ status: Int, headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(url: url("a.jpg"), statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    @Test func aPlainRequestIsAGetWithoutIfNoneMatch() {
        let request = loader.urlRequest(for: ImageLoadRequest(url: url("a.jpg")))
        #expect(request.httpMethod == "GET")
        #expect(request.url == url("a.jpg"))
        #expect(request.value(forHTTPHeaderField: "If-None-Match") == nil)
        #expect(request.timeoutInterval == 5)
    }

    @Test func aRequestWaitsThirtySecondsByDefault() {
        let loader = URLSessionImageDataLoader()
        #expect(loader.timeout == 30)
        #expect(loader.urlRequest(for: ImageLoadRequest(url: url("a.jpg"))).timeoutInterval == 30)
    }

    @Test func aRevalidationSendsIfNoneMatch() {
        let request = loader.urlRequest(for: ImageLoadRequest(url: url("a.jpg"), ifNoneMatch: "\"v1\""))
        #expect(request.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
    }

    @Test func anyHTTPStatusIsAnAnswerWithItsETagAndBody() {
        let ok = URLSessionImageDataLoader.outcome(
            data: bytes("A"), response: http(200, headers: ["ETag": "\"v1\""]), error: nil)
        #expect(ok == .success(ImageLoadResponse(status: 200, etag: "\"v1\"", body: bytes("A"))))
        let notModified = URLSessionImageDataLoader.outcome(data: nil, response: http(304), error: nil)
        #expect(notModified == .success(ImageLoadResponse(status: 304)))
        let missing = URLSessionImageDataLoader.outcome(data: bytes("nope"), response: http(404), error: nil)
        #expect(missing == .success(ImageLoadResponse(status: 404, body: bytes("nope"))))
    }

    @Test func aTimeoutAndOtherErrorsAreFailures() {
        #expect(
            URLSessionImageDataLoader.outcome(data: nil, response: nil, error: URLError(.timedOut))
                == .failure(.timeout))
        let reset = URLSessionImageDataLoader.outcome(data: nil, response: nil, error: URLError(.networkConnectionLost))
        guard case .failure(.transport(let detail)) = reset else {
            Issue.record("expected a transport failure, got \(reset)")
            return
        }
        #expect(detail.hasPrefix("URLError \(URLError.Code.networkConnectionLost.rawValue)"))
        let noHTTP = URLSessionImageDataLoader.outcome(data: Data(), response: nil, error: nil)
        #expect(noHTTP == .failure(.transport("the answer is not an HTTP response")))
    }
}
