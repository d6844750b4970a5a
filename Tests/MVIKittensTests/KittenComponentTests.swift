import Foundation
import MVICore
import MVIKittens
import Observation
import Testing

/// The original sample's seven component tests, then lifecycle and proxy behaviour.
@Suite struct KittenComponentTests {
    // MARK: The original's component tests

    @Test func showsLoadingWhileImagesLoad() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        #expect(fixture.view.last?.isLoading == true)
    }

    @Test func loadsAndShowsImagesWhenCreated() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.dataSource.succeed(0, urls: generatedUrls())
        fixture.settle()
        #expect(fixture.view.last?.imageUrls == generatedUrls())
        #expect(fixture.view.last?.isLoading == false)
    }

    @Test func doesNotShowAnErrorOnceImagesAreLoaded() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.dataSource.succeed(0, urls: generatedUrls())
        fixture.settle()
        #expect(fixture.view.last?.isError == false)
    }

    @Test func refreshTriggeredReloadsAndShowsNewImages() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.dataSource.succeed(0, urls: generatedUrls("old"))
        fixture.settle()
        fixture.view.dispatch(.refreshTriggered)
        fixture.settle()  // the new load's effect makes its request
        #expect(fixture.dataSource.requests.count == 2)
        fixture.dataSource.succeed(1, urls: generatedUrls("new"))
        fixture.settle()
        #expect(fixture.view.last?.imageUrls == generatedUrls("new"))
    }

    @Test func showsTheErrorWhenTheNetworkFails() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.dataSource.fail(0)
        fixture.settle()
        #expect(fixture.view.last == KittenViewModel(isLoading: false, isError: true, imageUrls: []))
    }

    @Test func theViewIsNotUpdatedWhenTheLoadFinishesWhileStopped() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.component.onStop()
        let rendered = fixture.view.models.count
        fixture.dataSource.succeed(0, urls: generatedUrls())
        fixture.settle()
        #expect(fixture.view.models.count == rendered)
    }

    @Test func imagesLoadedWhileStoppedAreShownAfterStartAgain() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.component.onStop()
        fixture.dataSource.succeed(0, urls: generatedUrls())
        fixture.settle()
        fixture.component.onStart()
        #expect(fixture.view.last == KittenViewModel(isLoading: false, isError: false, imageUrls: generatedUrls()))
    }

    // MARK: Lifecycle

    @Test func theStoreLoadsOnceWhenTheComponentIsCreatedNotWhenStarted() {
        let fixture = ComponentFixture()
        #expect(fixture.dataSource.requests.count == 1)
        fixture.createAndStart()
        fixture.component.onStop()
        fixture.component.onStart()
        #expect(fixture.dataSource.requests.count == 1)
    }

    @Test func viewEventsWhileStoppedDoNotReachTheStore() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.component.onStop()
        fixture.view.dispatch(.refreshTriggered)
        #expect(fixture.dataSource.requests.count == 1)
    }

    @Test func destroyDisposesTheStoreAndCancelsTheLoad() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.component.onStop()
        fixture.component.onViewDestroyed()
        fixture.component.onDestroy()
        #expect(fixture.component.store.isDisposed)
        #expect(fixture.dataSource.requests[0].cancellation.isCancelled)
        #expect(fixture.component.lifecycleState == .destroyed)
    }

    @Test func aNewViewAfterViewDestroyedGetsTheLatestState() {
        let fixture = ComponentFixture()
        fixture.createAndStart()
        fixture.component.onStop()
        fixture.component.onViewDestroyed()
        fixture.dataSource.succeed(0, urls: ["a"])
        fixture.settle()
        let second = RecordingKittenView()
        fixture.component.onViewCreated(second)
        fixture.component.onStart()
        #expect(second.models == [KittenViewModel(isLoading: false, isError: false, imageUrls: ["a"])])
        #expect(fixture.view.eventSubscriberCount == 0)
    }

    @Test func stopWithoutStartStopsTheProgramWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fixture = ComponentFixture()
            fixture.component.onViewCreated(fixture.view)
            fixture.component.onStop()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("KittenComponent.onStop() called while viewCreated: onStop() without onStart()"))
    }

    @Test func releasingTheHolderWhileStartedTearsDownInOrder() {
        let fixture = ComponentFixture()
        var holder: KittenComponentHolder? = KittenComponentHolder(fixture.component)
        fixture.createAndStart()
        holder = nil
        _ = holder
        #expect(fixture.component.lifecycleState == .destroyed)
        #expect(fixture.component.store.isDisposed)
        #expect(fixture.dataSource.requests[0].cancellation.isCancelled)
        #expect(fixture.view.eventSubscriberCount == 0)
    }

    // MARK: SwiftUI proxy

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theObservableProxyNotifiesOnEveryRender() {
        let fixture = ComponentFixture()
        let proxy = KittenViewProxy(model: fixture.component.model)
        let counter = Counter()
        func track() {
            withObservationTracking {
                _ = proxy.model
            } onChange: {
                counter.bump()
            }
        }
        track()
        fixture.component.onViewCreated(proxy)
        fixture.component.onStart()  // render 1: loading
        track()
        fixture.dataSource.succeed(0, urls: ["a"])
        fixture.settle()  // render 2: images
        track()
        proxy.dispatch(.refreshTriggered)  // render 3: loading again
        #expect(counter.value == 3)
        #expect(proxy.renderCount == 3)
        #expect(proxy.model == KittenViewModel(isLoading: true, isError: false, imageUrls: ["a"]))
        fixture.settle()  // the new load's effect makes its request
        #expect(fixture.dataSource.requests.count == 2)
    }
}

/// A counter for observation callbacks, which are `@Sendable`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func bump() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
