import Foundation
import MVICore
import MVIKittens
import Testing

/// A data source that answers inside its own `load` call, without suspending: the answer still
/// arrives after the reload that asked for it, so no finished request is ever cancelled.
@Suite struct SynchronousDataSourceTests {
    /// Answers every load at once with the next page of URLs, and records cancels.
    final class AnsweringDataSource: KittenDataSource, @unchecked Sendable {  // every field is behind `lock`
        private let lock = NSLock()
        private var loads: [Cancellation] = []

        var cancelledCount: Int { lock.withLock { loads.filter(\.isCancelled).count } }
        var loadCount: Int { lock.withLock { loads.count } }

        func load(limit: Int, page: Int) async throws -> Data {
            try await awaitCallback { (completion: @escaping @Sendable (Data) -> Void) in
                let cancellation = Cancellation()
                let number = lock.withLock {
                    loads.append(cancellation)
                    return loads.count
                }
                completion(Data(jsonBody(["https://cats.test/\(number).jpg"]).utf8))
                return cancellation
            }
        }
    }

    @Test func reloadsNeverCancelARequestThatAlreadyAnswered() {
        let scheduler = TestScheduler()
        let dataSource = AnsweringDataSource()
        let view = RecordingKittenView()
        let component = KittenComponent(dataSource: dataSource, scheduler: scheduler)
        component.onViewCreated(view)
        component.onStart()
        scheduler.advance()
        view.dispatch(.refreshTriggered)
        scheduler.advance()
        view.dispatch(.refreshTriggered)
        scheduler.advance()
        #expect(dataSource.loadCount == 3)
        #expect(dataSource.cancelledCount == 0, "each request had answered before the next reload")
        func model(_ isLoading: Bool, _ number: Int) -> KittenViewModel {
            KittenViewModel(isLoading: isLoading, isError: false, imageUrls: ["https://cats.test/\(number).jpg"])
        }
        // The first load is an effect: it runs, and answers, when the scheduler advances.
        let first = KittenViewModel(isLoading: true, isError: false, imageUrls: [])
        #expect(
            view.models == [first, model(false, 1), model(true, 1), model(false, 2), model(true, 2), model(false, 3)])
        component.onStop()
        component.onViewDestroyed()
        component.onDestroy()
        #expect(dataSource.cancelledCount == 0, "nothing was in flight to cancel")
    }
}
