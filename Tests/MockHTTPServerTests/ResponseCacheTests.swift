import Foundation
import MockHTTPServer
import Testing

/// Subject: the cache of built-in routes' answers and its two limits (no server needed).
@Suite struct ResponseCacheTests {
    private func request(_ text: String) throws -> HTTPRequest {
        try #require(try HTTPRequestParser().parse(Data(text.utf8))).request
    }

    @Test func aRepeatedRequestIsAnsweredWithoutBuildingAgain() throws {
        let cache = ResponseCache()
        var built = 0
        for _ in 0..<3 {
            let answer = cache.answer(try request("GET /a HTTP/1.1\r\nHost: h\r\n\r\n"), keepAlive: true) {
                built += 1
                return ResponseCache.Answer(status: 200, bytes: Data("x".utf8))
            }
            #expect(answer.status == 200)
        }
        #expect(built == 1)
        _ = cache.answer(try request("GET /a HTTP/1.1\r\nHost: other\r\n\r\n"), keepAlive: true) {
            built += 1
            return ResponseCache.Answer(status: 200, bytes: Data())
        }
        #expect(built == 2, "another Host is another answer")
    }

    @Test func itHoldsAtMostItsCapacityAndNoLargeAnswers() throws {
        let cache = ResponseCache(capacity: 4, largestAnswer: 10)
        for index in 0..<10 {
            _ = cache.answer(try request("GET /\(index) HTTP/1.1\r\n\r\n"), keepAlive: true) {
                ResponseCache.Answer(status: 200, bytes: Data())
            }
            #expect(cache.count <= 4)
        }
        let before = cache.count
        _ = cache.answer(try request("GET /big HTTP/1.1\r\n\r\n"), keepAlive: true) {
            ResponseCache.Answer(status: 200, bytes: Data(count: 11))
        }
        #expect(cache.count == before, "an answer over the size limit is not kept")
    }
}
