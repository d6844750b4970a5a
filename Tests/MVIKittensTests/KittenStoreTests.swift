import Foundation
import MVICore
import Testing

@testable import MVIKittens

/// The original sample's six store tests, then the behaviours this implementation adds.
@Suite struct KittenStoreTests {
    // MARK: The original's store tests

    @Test func isLoadingIsTrueWhileLoading() {
        let fixture = StoreFixture()
        #expect(fixture.store.state.isLoading)
        fixture.settle()
        #expect(fixture.store.state.isLoading, "the network has not answered yet")
    }

    @Test func imagesAreLoadedWhenTheStoreIsCreated() {
        let fixture = StoreFixture()
        #expect(fixture.dataSource.requests.map { [$0.limit, $0.page] } == [[50, 0]])
        fixture.dataSource.succeed(0, urls: ["a", "b"])
        fixture.settle()
        #expect(fixture.store.state.data == .images(["a", "b"]))
    }

    @Test func isLoadingIsFalseOnceImagesAreLoaded() {
        let fixture = StoreFixture()
        fixture.dataSource.succeed(0, urls: ["a"])
        fixture.settle()
        #expect(!fixture.store.state.isLoading)
    }

    @Test func errorStateWhenTheNetworkFails() {
        let fixture = StoreFixture()
        fixture.dataSource.fail(0)
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .error))
    }

    @Test func errorStateWhenTheResponseHasAnInvalidFormat() {
        let fixture = StoreFixture()
        fixture.dataSource.succeed(0, body: "<html>")
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .error))
    }

    @Test func reloadLoadsNewImages() {
        let fixture = StoreFixture()
        fixture.dataSource.succeed(0, urls: ["old"])
        fixture.settle()
        fixture.store.accept(.reload)
        #expect(fixture.store.state == KittenState(isLoading: true, data: .images(["old"])))
        fixture.dataSource.succeed(1, urls: ["new"])
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .images(["new"])))
    }

    // MARK: Beyond the original

    @Test func reloadWhileLoadingCancelsTheFirstRequestAndKeepsOnlyTheLatestResult() {
        let fixture = StoreFixture()
        fixture.store.accept(.reload)
        fixture.settle()
        let requests = fixture.dataSource.requests
        #expect(requests.count == 2)
        #expect(requests[0].cancellation.isCancelled)
        #expect(!requests[1].cancellation.isCancelled)
        // The newer answer arrives first, then the stale one, which a careless source still delivers.
        fixture.dataSource.succeed(1, urls: ["new"])
        fixture.settle()
        fixture.dataSource.succeed(0, urls: ["stale"])
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .images(["new"])))
    }

    @Test func aStaleAnswerArrivingBeforeTheNewOneIsDropped() {
        let fixture = StoreFixture()
        fixture.store.accept(.reload)
        fixture.dataSource.succeed(0, urls: ["stale"])
        fixture.settle()
        #expect(
            fixture.store.state == KittenState(isLoading: true, data: .images([])), "still waiting for the new load")
        fixture.dataSource.fail(1)
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .error))
    }

    @Test func aFinishedRequestIsNotCancelledByTheNextReload() {
        let fixture = StoreFixture()
        fixture.dataSource.succeed(0, urls: ["a"])
        fixture.settle()
        fixture.store.accept(.reload)
        #expect(!fixture.dataSource.requests[0].cancellation.isCancelled)
    }

    @Test func disposeCancelsTheInFlightRequestAndEmitsNothingAfter() {
        let fixture = StoreFixture()
        var states: [KittenState] = []
        fixture.store.subscribe(states: { states.append($0) })
        fixture.store.dispose()
        #expect(fixture.dataSource.requests[0].cancellation.isCancelled)
        fixture.dataSource.succeed(0, urls: ["late"])
        fixture.settle()
        fixture.store.accept(.reload)
        #expect(states == [KittenState(isLoading: true, data: .images([]))])
        #expect(fixture.dataSource.requests.count == 1)
    }

    @Test func failureAfterSuccessDropsTheImages() {
        let fixture = StoreFixture()
        fixture.dataSource.succeed(0, urls: ["a"])
        fixture.settle()
        fixture.store.accept(.reload)
        fixture.dataSource.fail(1, .httpStatus(500))
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .error))
    }

    @Test func successAfterFailureClearsTheError() {
        let fixture = StoreFixture()
        fixture.dataSource.fail(0)
        fixture.settle()
        fixture.store.accept(.reload)
        #expect(fixture.store.state == KittenState(isLoading: true, data: .error), "the error stays while loading")
        fixture.dataSource.succeed(1, urls: ["a"])
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .images(["a"])))
    }

    @Test func anEmptyArrayIsZeroImagesNotAnError() {
        let fixture = StoreFixture()
        fixture.dataSource.succeed(0, body: "[]")
        fixture.settle()
        #expect(fixture.store.state == KittenState(isLoading: false, data: .images([])))
    }

    @Test func theFailureReasonIsVisibleInTheStoreEvents() {
        let scheduler = StoreFixture().scheduler
        let dataSource = FakeKittenDataSource()
        dataSource.scheduler = scheduler
        let lines = LoggedLines()
        let store = KittenStore.kittens(
            dataSource: dataSource, scheduler: scheduler,
            factory: LoggingStoreFactory(StoreEventLogger(write: lines.append)))
        dataSource.succeed(0, body: "{}")
        scheduler.advance()
        #expect(store.state.data == .error)
        #expect(
            lines.values.filter { $0.contains("] message: ") } == [
                // #1 is the bootstrapper's `reload`, #3 and #5 the states.
                "[KittenStore #2] message: loadingStarted",
                "[KittenStore #4] message: loadingFailed(invalid response: expected a JSON array of images, found object)",
            ])
    }
}

@Suite struct KittenReducerTests {
    let reducer = KittenReducer()

    @Test func loadingStartedKeepsTheData() {
        #expect(
            reducer.reduce(KittenState(data: .images(["a"])), .loadingStarted)
                == KittenState(isLoading: true, data: .images(["a"])))
        #expect(
            reducer.reduce(KittenState(data: .error), .loadingStarted) == KittenState(isLoading: true, data: .error))
    }

    @Test func loadingFinishedReplacesTheData() {
        #expect(
            reducer.reduce(KittenState(isLoading: true, data: .error), .loadingFinished(["b"]))
                == KittenState(data: .images(["b"])))
    }

    @Test func loadingFailedDropsTheImages() {
        #expect(
            reducer.reduce(KittenState(isLoading: true, data: .images(["a"])), .loadingFailed(.network(.timeout)))
                == KittenState(data: .error))
    }
}

/// The lines a logging store factory wrote (a logger may write from any thread).
final class LoggedLines: @unchecked Sendable {  // `lines` is guarded by `lock`
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var values: [String] { lock.withLock { lines } }
}
