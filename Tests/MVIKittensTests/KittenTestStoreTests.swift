import MVITestSupport
import Testing

@testable import MVIKittens

/// Store behaviours written with `TestStore`: every state change asserted field by field, and
/// nothing left scheduled at the end.
@Suite struct KittenTestStoreTests {
    private let scheduler = TestScheduler()
    private let dataSource = FakeKittenDataSource()

    private func makeStore() -> TestStore<KittenIntent, KittenState, Never> {
        dataSource.scheduler = scheduler
        let store = KittenStore.kittens(dataSource: dataSource, scheduler: scheduler)
        return TestStore(store, scheduler: scheduler)
    }

    /// Answers request `index` with `urls` and asserts the loaded state.
    private func answer(_ store: TestStore<KittenIntent, KittenState, Never>, request index: Int, urls: [String]) {
        dataSource.succeed(index, urls: urls)
        store.advance {
            $0.isLoading = false
            $0.data = .images(urls)
        }
    }

    @Test func imagesAreLoadedWhenTheStoreIsCreated() {
        let store = makeStore()
        #expect(store.state == KittenState(isLoading: true, data: .images([])), "the first load starts with the store")
        #expect(
            dataSource.requests.map { [$0.limit, $0.page] } == [[50, 0]],
            "the load is an effect, which starts at once and runs until it waits for the answer")
        answer(store, request: 0, urls: ["a", "b"])
        store.finish()
    }

    @Test func aNetworkFailureShowsTheError() {
        let store = makeStore()
        dataSource.fail(0)
        store.advance {
            $0.isLoading = false
            $0.data = .error
        }
        store.finish()
    }

    @Test func reloadKeepsTheOldImagesWhileLoadingThenShowsTheNewOnes() {
        let store = makeStore()
        answer(store, request: 0, urls: ["old"])
        store.send(.reload) { $0.isLoading = true }
        answer(store, request: 1, urls: ["new"])
        store.finish()
    }

    @Test func aStaleAnswerBeforeTheNewOneChangesNothing() {
        let store = makeStore()
        store.advance()  // the first load is made
        store.send(.reload)
        dataSource.succeed(0, urls: ["stale"])
        store.advance()
        dataSource.fail(1)
        store.advance {
            $0.isLoading = false
            $0.data = .error
        }
        store.finish()
    }

    @Test func failureAfterSuccessDropsTheImages() {
        let store = makeStore()
        answer(store, request: 0, urls: ["a"])
        store.send(.reload) { $0.isLoading = true }
        dataSource.fail(1, .httpStatus(500))
        store.advance {
            $0.isLoading = false
            $0.data = .error
        }
        store.finish()
    }
}
