import Foundation
import MVICore
import MVIImagePipeline
import MVIImages
import Observation
import Testing

@Suite struct ImageComponentTests {
    @Test func aCachedImageIsInTheFirstRenderWithNoLoadingFlash() {
        let fixture = ImagesFixture()
        fixture.cache("cat")
        let (_, view) = fixture.startedComponent()
        view.dispatch(.appeared)
        fixture.settle()
        #expect(view.models == [ImageViewModel(bytes: bytes("cat"), source: .memory)])
        #expect(fixture.loader.requests.isEmpty)
    }

    @Test func appearingLoadsAndShowsTheImage() {
        let fixture = ImagesFixture()
        let (_, view) = fixture.startedComponent()
        #expect(view.models == [ImageViewModel()])
        view.dispatch(.appeared)
        fixture.loader.answer(0, ok("cat"))
        fixture.settle()
        #expect(
            view.models == [
                ImageViewModel(), ImageViewModel(isLoading: true),
                ImageViewModel(bytes: bytes("cat"), source: .network),
            ])
    }

    @Test func disappearingWhileLoadingCancelsAndAppearingAgainReusesTheCache() {
        let fixture = ImagesFixture()
        let (_, first) = fixture.startedComponent()
        let (_, second) = fixture.startedComponent()
        first.dispatch(.appeared)
        second.dispatch(.appeared)
        first.dispatch(.disappeared)
        #expect(first.last == ImageViewModel())
        fixture.loader.answer(0, ok("cat"))
        fixture.settle()
        #expect(second.last == ImageViewModel(bytes: bytes("cat"), source: .network))
        first.dispatch(.appeared)
        #expect(first.last == ImageViewModel(bytes: bytes("cat"), source: .memory))
        #expect(fixture.loader.requests.count == 1)
    }

    @Test func retryAfterAFailureLoadsAgain() {
        let fixture = ImagesFixture()
        let (_, view) = fixture.startedComponent()
        view.dispatch(.appeared)
        fixture.loader.fail(0, .timeout)
        fixture.settle()
        #expect(view.last == ImageViewModel(errorText: "https://images.test/cat.jpg: timed out"))
        view.dispatch(.retryTapped)
        #expect(view.last == ImageViewModel(isLoading: true))
        #expect(fixture.loader.requests.count == 2)
    }

    @Test func destroyingTheComponentWhileLoadingCancelsTheRequest() {
        let fixture = ImagesFixture()
        let (component, view) = fixture.startedComponent()
        view.dispatch(.appeared)
        component.onStop()
        component.onViewDestroyed()
        component.onDestroy()
        #expect(fixture.loader.isCancelled(0))
    }

    @Test func theObservableProxyNotifiesOnEveryRender() {
        let fixture = ImagesFixture()
        let component = ImageComponent(url: imageURL, pipeline: fixture.pipeline, scheduler: fixture.scheduler)
        let proxy = ImageViewProxy(model: component.model)
        let counter = Counter()
        func track() {
            withObservationTracking {
                _ = proxy.model
            } onChange: {
                counter.bump()
            }
        }
        track()
        component.onViewCreated(proxy)
        component.onStart()  // render 1: idle
        track()
        proxy.dispatch(.appeared)  // render 2: loading
        track()
        fixture.loader.answer(0, ok("cat"))
        fixture.settle()  // render 3: loaded
        #expect(counter.value == 3)
        #expect(proxy.renderCount == 3)
        #expect(proxy.model == ImageViewModel(bytes: bytes("cat"), source: .network))
    }
}

/// A counter for observation callbacks, which are `@Sendable`.
final class Counter: @unchecked Sendable {  // `count` is guarded by `lock`
    private let lock = NSLock()
    private var count = 0
    func bump() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
