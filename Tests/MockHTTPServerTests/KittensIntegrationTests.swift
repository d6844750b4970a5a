import Foundation
import MVICore
import MVIKittens
import MockHTTPServer
import Testing

/// The Kittens HTTP data source and the whole component against the mock server, with real
/// sessions and dispatch queues. Subject: real sockets and queues, so waits use generous timeouts.
@Suite struct KittensIntegrationTests {
    private func load(_ source: KittenHTTPDataSource) -> Result<Data, KittenDataSourceError>? {
        let outcome = Box<Result<Data, KittenDataSourceError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = source.load(limit: 50, page: 0) { result in
            outcome.value = result
            done.signal()
        }
        _ = done.wait(timeout: .now() + 60)
        return outcome.value
    }

    private func source(_ server: MockServer, key: String? = "test-key", timeout: TimeInterval = 30)
        -> KittenHTTPDataSource
    {
        KittenHTTPDataSource(baseURL: server.baseURL, apiKey: key, timeout: timeout)
    }

    @Test func successDeliversABodyThatParsesToFiftyImages() throws {
        let server = try startServer()
        defer { server.stop() }
        let body = try #require(try load(source(server))?.get())
        let urls = try KittenParser().parse(body)
        #expect(urls.count == 50)
        #expect(urls.allSatisfy { $0.hasPrefix("http://127.0.0.1:\(server.port)/images/") })
        let request = try #require(server.journal.next(timeout: .seconds(10))?.request)
        #expect(request.target == "/v1/images/search?limit=50&page=0")
        #expect(request.header("x-api-key") == "test-key")
    }

    @Test func withoutAKeyTheServiceGivesTen() throws {
        let server = try startServer()
        defer { server.stop() }
        let body = try #require(try load(source(server, key: nil))?.get())
        #expect(try KittenParser().parse(body).count == 10)
        #expect(server.journal.next(timeout: .seconds(10))?.request.header("x-api-key") == nil)
    }

    @Test(arguments: [500, 404])
    func anErrorStatusIsAFailure(status: Int) throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v1/images/search", responses: [.text(status, #"{"message":"no"}"#)]))
        #expect(load(source(server)) == .failure(.httpStatus(status)))
    }

    @Test func malformedJSONArrivesAsABodyAndFailsToParse() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v1/images/search", responses: [.text(200, "[{\"url\": ")]))
        let body = try #require(try load(source(server))?.get())
        #expect(throws: KittenParseError.notJSON("\"[{\\\"url\\\": \"")) { try KittenParser().parse(body) }
    }

    @Test(arguments: [Fault.connectionReset, .emptyResponse])
    func aBrokenConnectionIsATransportFailure(fault: Fault) throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v1/images/search", responses: [.fault(fault)]))
        guard case .failure(.transport)? = load(source(server)) else {
            Issue.record("expected a transport failure, got \(String(describing: load(source(server))))")
            return
        }
    }

    @Test func aStallEndsWithTheClientsTimeout() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v1/images/search", responses: [.fault(.stall)]))
        let started = Date()
        #expect(load(source(server, timeout: 1)) == .failure(.timeout))
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func cancellingAnInFlightRequestClosesItsConnectionAndReportsNothing() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v1/images/search", responses: [.fault(.stall)]))
        let called = Box(false)
        let request = source(server).load(limit: 50, page: 0) { _ in called.value = true }
        let entry = try #require(server.journal.next(timeout: .seconds(10)))
        request.cancel()
        #expect(server.journal.wait(for: entry.sequence, timeout: .seconds(30)) { $0.clientWentAway } != nil)
        #expect(!called.value)
    }

    // MARK: The whole component on real dispatch queues

    /// A view that records renders (on the store's queue) and signals each one.
    final class WaitingView: BaseMviView<KittenViewModel, KittenViewEvent>, @unchecked Sendable {
        let models = Box<[KittenViewModel]>([])
        let rendered = DispatchSemaphore(value: 0)

        override func render(_ model: KittenViewModel) {
            models.value.append(model)
            rendered.signal()
        }

        /// Waits until a render satisfies `predicate`.
        func wait(timeout: TimeInterval = 60, for predicate: (KittenViewModel) -> Bool) -> KittenViewModel? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let match = models.value.last(where: predicate) { return match }
                _ = rendered.wait(timeout: .now() + 0.1)
            }
            return nil
        }
    }

    @Test func theComponentLoadsShowsAndRefreshesOverRealHTTP() throws {
        let server = try startServer()
        defer { server.stop() }
        let main = DispatchQueueScheduler.background(label: "kittens-main")
        let view = WaitingView()
        let component = main.queue.sync {
            let component = KittenComponent(dataSource: source(server), scheduler: main)
            component.onViewCreated(view)
            component.onStart()
            return component
        }
        let loaded = try #require(view.wait { !$0.isLoading })
        #expect(loaded.imageUrls.count == 50)
        #expect(!loaded.isError)

        server.stub(Stub(path: "/v1/images/search", responses: [.text(500, "{}")]))
        main.queue.sync { view.dispatch(.refreshTriggered) }
        let failed = try #require(view.wait { $0.isError })
        #expect(failed == KittenViewModel(isLoading: false, isError: true, imageUrls: []))
        #expect(server.journal.count == 2)

        main.queue.sync {
            component.onStop()
            component.onViewDestroyed()
            component.onDestroy()
        }
        #expect(main.queue.sync { component.store.isDisposed })
    }

    @Test func destroyingTheComponentCancelsItsRequest() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v1/images/search", responses: [.fault(.stall)]))
        let main = DispatchQueueScheduler.background(label: "kittens-main")
        let component = main.queue.sync {
            KittenComponent(dataSource: source(server), scheduler: main)
        }
        let entry = try #require(server.journal.next(timeout: .seconds(10)))
        main.queue.sync { component.onDestroy() }
        #expect(server.journal.wait(for: entry.sequence, timeout: .seconds(30)) { $0.clientWentAway } != nil)
    }
}
