import Foundation
import MVIEssentials
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct URLSessionTransferTests {
    @Test func aTimeoutIsToldApartFromOtherTransportErrors() {
        #expect(URLSessionTransfer.isTimeout(URLError(.timedOut)))
        #expect(!URLSessionTransfer.isTimeout(URLError(.cannotConnectToHost)))
        #expect(!URLSessionTransfer.isTimeout(CocoaError(.fileNoSuchFile)))
    }

    @Test func aURLErrorIsDescribedByItsCode() {
        let text = URLSessionTransfer.describe(URLError(.cannotConnectToHost))
        #expect(text.hasPrefix("URLError \(URLError.Code.cannotConnectToHost.rawValue) ("), "\(text)")
    }

    @Test func aSessionThatCachesNothingHasNoURLCache() {
        let plain = URLSessionTransfer.session(timeout: 7)
        let uncached = URLSessionTransfer.session(timeout: 7, cachesResponses: false)
        #expect(plain.configuration.timeoutIntervalForRequest == 7)
        #expect(uncached.configuration.urlCache == nil)
        #expect(uncached.configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
    }
}
