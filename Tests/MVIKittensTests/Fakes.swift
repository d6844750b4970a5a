import Foundation
import MVICore
import MVITestSupport

@testable import MVIKittens

/// A data source the test answers by hand; it records every request and sees every cancel.
final class FakeKittenDataSource: KittenDataSource, @unchecked Sendable {
    struct Request {
        let limit: Int
        let page: Int
        let completion: @Sendable (Result<Data, KittenDataSourceError>) -> Void
        let cancellation: Cancellation
    }

    private let lock = NSLock()
    private var recorded: [Request] = []
    /// The store's scheduler: a load is an async effect, made when the scheduler runs it, so
    /// answering a request not made yet first runs what is due now (set by the fixtures).
    var scheduler: TestScheduler?

    var requests: [Request] { lock.withLock { recorded } }

    /// Records the request; the call waits until the test answers it (or its task is cancelled).
    func load(limit: Int, page: Int) async throws -> Data {
        try await awaitCallback { completion in
            let cancellation = Cancellation()
            lock.withLock {
                recorded.append(Request(limit: limit, page: page, completion: completion, cancellation: cancellation))
            }
            return cancellation
        }.get()
    }

    /// Request `index`, once the effect that makes it has run.
    private func request(_ index: Int) -> Request {
        if requests.count <= index { scheduler?.advance() }
        return requests[index]
    }

    func succeed(_ index: Int, body: String) { request(index).completion(.success(Data(body.utf8))) }
    func succeed(_ index: Int, urls: [String]) { succeed(index, body: jsonBody(urls)) }
    func fail(_ index: Int, _ error: KittenDataSourceError = .transport("offline")) {
        request(index).completion(.failure(error))
    }
}

/// The original's fake body: a JSON array of `{"url": ...}` objects.
func jsonBody(_ urls: [String]) -> String {
    "[" + urls.map { "{\"url\":\"\($0)\"}" }.joined(separator: ",") + "]"
}

/// 50 generated URLs, as the original component tests use.
func generatedUrls(_ prefix: String = "url", count: Int = 50) -> [String] {
    (1...count).map { "https://cats.test/\(prefix)/\($0).jpg" }
}

/// A view that records what it renders.
final class RecordingKittenView: BaseMviView<KittenViewModel, KittenViewEvent> {
    private(set) var models: [KittenViewModel] = []
    var last: KittenViewModel? { models.last }
    override func render(_ model: KittenViewModel) { models.append(model) }
}

/// Store, scheduler and data source wired together with virtual time.
struct StoreFixture {
    let scheduler = TestScheduler()
    let dataSource = FakeKittenDataSource()
    let store: KittenStore

    init() {
        dataSource.scheduler = scheduler
        store = .kittens(dataSource: dataSource, scheduler: scheduler)
        // The first load is an async effect: it makes its request when the scheduler runs it.
        scheduler.advance()
    }

    /// Lets parsing and delivery run.
    func settle() { scheduler.advance() }
}

/// A component with a recording view, created (the first load starts) but not yet started.
struct ComponentFixture {
    let scheduler = TestScheduler()
    let dataSource = FakeKittenDataSource()
    let view = RecordingKittenView()
    let component: KittenComponent

    init() {
        dataSource.scheduler = scheduler
        component = KittenComponent(dataSource: dataSource, scheduler: scheduler)
        // The first load is an async effect: it makes its request when the scheduler runs it.
        scheduler.advance()
    }

    func createAndStart() {
        component.onViewCreated(view)
        component.onStart()
    }

    func settle() { scheduler.advance() }
}
