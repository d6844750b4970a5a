import Foundation
import MVIImagePipeline
import Testing

/// Stale entries are revalidated with their ETag; failures are delivered and never remembered.
@Suite struct PipelineValidationTests {
    /// A pipeline with "A" (ETag "a1") downloaded and then `age` seconds passed.
    private func fixtureWithStoredImage(age: TimeInterval, etag: String? = "\"a1\"") throws -> PipelineFixture {
        let fixture = try PipelineFixture(maxAge: 60)
        fixture.load("a.jpg")
        fixture.loader.answer(0, bytes: "A", etag: etag)
        fixture.clock.advance(by: age)
        return fixture
    }

    @Test func anEntryYoungerThanMaxAgeIsServedWithoutAsking() throws {
        let fixture = try fixtureWithStoredImage(age: 59)
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        #expect(received.all == [response("A", .memory)])
        #expect(fixture.loader.requests.count == 1)
    }

    @Test func aStaleEntryIsNotASynchronousHit() throws {
        let fixture = try fixtureWithStoredImage(age: 60)
        defer { fixture.directory.remove() }
        #expect(fixture.pipeline.cachedImage(for: url("a.jpg")) == nil)
        let (received, _) = fixture.load("a.jpg")
        #expect(received.count == 0)
    }

    @Test func aStaleEntryIsRevalidatedWithIfNoneMatch() throws {
        let fixture = try fixtureWithStoredImage(age: 60)
        defer { fixture.directory.remove() }
        fixture.load("a.jpg")
        #expect(fixture.loader.requests.last == ImageLoadRequest(url: url("a.jpg"), ifNoneMatch: "\"a1\""))
    }

    @Test func a304RefreshesTheEntryWithoutABodyAndDeliversTheStoredBytes() throws {
        let fixture = try fixtureWithStoredImage(age: 120)
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(1, ImageLoadResponse(status: 304, etag: "\"a1\""))
        #expect(received.all == [response("A", .disk)])
        let refreshed = ImageCacheEntry(bytes: bytes("A"), etag: "\"a1\"", storedAt: fixture.clock.now)
        #expect(fixture.disk.entry(forKey: url("a.jpg").absoluteString) == refreshed)
        // Fresh again: the next request is a memory hit.
        let (again, _) = fixture.load("a.jpg")
        #expect(again.all == [response("A", .memory)])
        #expect(fixture.loader.requests.count == 2)
    }

    @Test func a200ToARevalidationReplacesTheImage() throws {
        let fixture = try fixtureWithStoredImage(age: 120)
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(1, bytes: "A2", etag: "\"a2\"")
        #expect(received.all == [response("A2", .network)])
        #expect(fixture.disk.entry(forKey: url("a.jpg").absoluteString)?.etag == "\"a2\"")
        #expect(fixture.pipeline.cachedImage(for: url("a.jpg"))?.bytes == bytes("A2"))
    }

    @Test func aStaleEntryWithoutAnETagIsFetchedAgainWithAPlainGet() throws {
        let fixture = try fixtureWithStoredImage(age: 120, etag: nil)
        defer { fixture.directory.remove() }
        fixture.load("a.jpg")
        #expect(fixture.loader.requests.last == ImageLoadRequest(url: url("a.jpg")))
    }

    @Test func aStaleEntryOnlyInMemoryIsRevalidatedToo() throws {
        let loader = FakeImageLoader()
        let clock = ManualClock()
        let memory = try ImageMemoryCache()
        let pipeline = ImagePipeline(
            loader: loader, memoryCache: memory, diskCache: nil,
            configuration: .init(maxAge: 10, now: clock.function, perform: { $0() }))
        pipeline.loadImage(url("a.jpg")) { _ in }
        loader.answer(0, bytes: "A", etag: "\"a1\"")
        clock.advance(by: 10)
        let received = Received()
        pipeline.loadImage(url("a.jpg"), completion: received.completion)
        #expect(loader.requests.last?.ifNoneMatch == "\"a1\"")
        loader.answer(1, ImageLoadResponse(status: 304))
        #expect(received.all == [response("A", .memory)])
    }

    @Test func whenRevalidationGetsNoAnswerTheStaleBytesAreDelivered() throws {
        let fixture = try fixtureWithStoredImage(age: 120)
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.fail(1, .timeout)
        #expect(received.all == [response("A", .disk)])
    }

    @Test func whenRevalidationGetsA5xxTheStaleBytesAreDelivered() throws {
        let fixture = try fixtureWithStoredImage(age: 120)
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(1, ImageLoadResponse(status: 503))
        #expect(received.all == [response("A", .disk)])
    }

    @Test func whenRevalidationGetsA404TheFailureIsDelivered() throws {
        let fixture = try fixtureWithStoredImage(age: 120)
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(1, ImageLoadResponse(status: 404))
        #expect(received.all == [.failure(ImagePipelineError(url: url("a.jpg"), reason: .httpStatus(404)))])
    }

    // MARK: Failures

    @Test func aFailedURLIsNotBlacklistedTheNextRequestTriesAgain() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (first, _) = fixture.load("a.jpg")
        fixture.loader.fail(0, .transport("connection refused"))
        #expect(
            first.all == [
                .failure(ImagePipelineError(url: url("a.jpg"), reason: .loader(.transport("connection refused"))))
            ])
        let (second, _) = fixture.load("a.jpg")
        #expect(fixture.loader.requests.count == 2)
        fixture.loader.answer(1, bytes: "A")
        #expect(second.all == [response("A", .network)])
    }

    @Test func aStatusOutside2xxIsAFailureThatNamesTheURLAndStatus() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(0, ImageLoadResponse(status: 500, body: bytes("oops")))
        let error = ImagePipelineError(url: url("a.jpg"), reason: .httpStatus(500))
        #expect(received.all == [.failure(error)])
        #expect(error.description == "https://images.test/a.jpg: HTTP status 500")
        #expect(fixture.memory.count == 0 && fixture.disk.count == 0)
    }

    @Test func a2xxWithoutBytesIsAnEmptyBodyFailure() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(0, ImageLoadResponse(status: 200))
        #expect(received.all == [.failure(ImagePipelineError(url: url("a.jpg"), reason: .emptyBody))])
    }

    @Test func a304WithNothingToRevalidateIsAFailure() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(0, ImageLoadResponse(status: 304))
        #expect(received.all == [.failure(ImagePipelineError(url: url("a.jpg"), reason: .unexpectedNotModified))])
        #expect(
            ImagePipelineError.Reason.unexpectedNotModified.description
                == "304 Not Modified to a request without If-None-Match")
    }
}
