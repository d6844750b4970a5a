import Foundation
import MVICore
import MVIImagePipeline
import Testing

@testable import MVIImages

@Suite struct ImageStoreTests {
    @Test func aNewStoreIsIdleAndLoadsNothingUntilAskedTo() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        #expect(store.state == .idle)
        #expect(fixture.loader.requests.isEmpty)
    }

    @Test func loadShowsLoadingThenTheDownloadedImage() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        #expect(store.state == .loading)
        #expect(fixture.loader.requests == [ImageLoadRequest(url: imageURL)])
        fixture.loader.answer(0, ok("cat"))
        fixture.settle()
        #expect(store.state == .loaded(bytes: bytes("cat"), source: .network))
    }

    @Test func aStoreForAnImageInMemoryStartsLoadedFromMemory() {
        let fixture = ImagesFixture()
        fixture.cache("cat")
        let store = fixture.makeStore()
        #expect(store.state == .loaded(bytes: bytes("cat"), source: .memory))
        store.accept(.load)
        #expect(fixture.loader.requests.isEmpty)
    }

    @Test func loadWithTheImageNowInMemoryGoesStraightToLoaded() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        var states: [ImageState] = []
        store.subscribe(states: { states.append($0) })
        fixture.cache("cat")
        store.accept(.load)
        #expect(states == [.idle, .loaded(bytes: bytes("cat"), source: .memory)])
    }

    @Test func cancelWhileLoadingCancelsTheRequestAndReturnsToIdle() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        store.accept(.cancel)
        #expect(store.state == .idle)
        #expect(fixture.loader.isCancelled(0))
        // A late answer changes nothing.
        fixture.loader.answer(0, ok("cat"))
        fixture.settle()
        #expect(store.state == .idle)
    }

    @Test func anAnswerHandedOverBeforeACancelIsDropped() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        // The pipeline hands the image over; it waits for the store's scheduler while the view
        // goes away (a replay delivers within the step, so only a test sees this).
        fixture.loader.answer(0, ok("cat"))
        store.accept(.cancel)
        fixture.settle()
        #expect(store.state == .idle)
    }

    @Test func anAnswerHandedOverBeforeACancelIsDroppedAfterTheNextLoad() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        // The pipeline hands the failure over; it waits for the store's scheduler while the view
        // goes away and comes back (a replay delivers within the step, so only a test sees this).
        fixture.loader.fail(0, .timeout)
        store.accept(.cancel)
        store.accept(.load)
        #expect(fixture.loader.requests.count == 2)
        fixture.settle()
        #expect(store.state == .loading)
        fixture.loader.answer(1, ok("cat"))
        fixture.settle()
        #expect(store.state == .loaded(bytes: bytes("cat"), source: .network))
    }

    @Test func cancelWhenNotLoadingChangesNothing() {
        let fixture = ImagesFixture()
        fixture.cache("cat")
        let store = fixture.makeStore()
        store.accept(.cancel)
        #expect(store.state == .loaded(bytes: bytes("cat"), source: .memory))
    }

    @Test func loadAfterACancelStartsANewRequest() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        store.accept(.cancel)
        store.accept(.load)
        #expect(fixture.loader.requests.count == 2)
        fixture.loader.answer(1, ok("cat"))
        fixture.settle()
        #expect(store.state == .loaded(bytes: bytes("cat"), source: .network))
    }

    @Test func loadWhileLoadingMakesNoSecondRequest() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        store.accept(.load)
        #expect(fixture.loader.requests.count == 1)
    }

    @Test func aFailureShowsItsReasonAndLoadTriesAgain() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        fixture.loader.answer(0, ImageLoadResponse(status: 404))
        fixture.settle()
        #expect(store.state == .failed(reason: "https://images.test/cat.jpg: HTTP status 404"))
        store.accept(.load)
        #expect(store.state == .loading)
        #expect(fixture.loader.requests.count == 2)
    }

    @Test func disposingCancelsTheRequest() {
        let fixture = ImagesFixture()
        let store = fixture.makeStore()
        store.accept(.load)
        store.dispose()
        #expect(fixture.loader.isCancelled(0))
    }

    @Test func twoStoresForOneURLShareOneRequestAndOneMayLeave() {
        let fixture = ImagesFixture()
        let first = fixture.makeStore()
        let second = fixture.makeStore()
        first.accept(.load)
        second.accept(.load)
        #expect(fixture.loader.requests.count == 1)
        first.accept(.cancel)
        #expect(!fixture.loader.isCancelled(0))
        fixture.loader.answer(0, ok("cat"))
        fixture.settle()
        #expect(first.state == .idle)
        #expect(second.state == .loaded(bytes: bytes("cat"), source: .network))
    }

    @Test func theReducerNamesEveryNextState() {
        let reducer = ImageReducer()
        #expect(reducer.reduce(.idle, .loadingStarted) == .loading)
        #expect(
            reducer.reduce(.loading, .loadingFinished(ImageResponse(bytes: bytes("a"), source: .disk)))
                == .loaded(bytes: bytes("a"), source: .disk))
        #expect(
            reducer.reduce(.loading, .loadingFailed(ImagePipelineError(url: imageURL, reason: .emptyBody)))
                == .failed(reason: "https://images.test/cat.jpg: empty body"))
        #expect(reducer.reduce(.loading, .loadingCancelled) == .idle)
    }
}
