import Foundation
import MVIImagePipeline
import Testing

/// Where a request's bytes come from: memory, disk or network, and what each asks of the loader.
@Suite struct PipelineCachingTests {
    /// The three sources, in the order a request tries them, each named by its raw value.
    @Test func theSourcesAreMemoryDiskAndNetwork() {
        #expect(ImageSource.allCases == [.memory, .disk, .network])
        #expect(ImageSource.allCases.map(\.description) == ["memory", "disk", "network"])
    }

    @Test func aFirstRequestDownloadsAndStoresInBothCaches() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (received, _) = fixture.load("a.jpg")
        #expect(fixture.loader.requests == [ImageLoadRequest(url: url("a.jpg"))])
        #expect(received.count == 0)
        fixture.loader.answer(0, bytes: "A", etag: "\"a1\"")
        #expect(received.all == [response("A", .network)])
        let stored = ImageCacheEntry(bytes: bytes("A"), etag: "\"a1\"", storedAt: fixture.clock.now)
        #expect(fixture.memory.entry(forKey: url("a.jpg").absoluteString) == stored)
        #expect(fixture.disk.entry(forKey: url("a.jpg").absoluteString) == stored)
    }

    @Test func aMemoryHitIsDeliveredBeforeLoadImageReturnsAndMakesNoRequest() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        fixture.load("a.jpg")
        fixture.loader.answer(0, bytes: "A")
        let (received, _) = fixture.load("a.jpg")
        #expect(received.all == [response("A", .memory)])
        #expect(fixture.pipeline.cachedImage(for: url("a.jpg")) == ImageResponse(bytes: bytes("A"), source: .memory))
        #expect(fixture.loader.requests.count == 1)
    }

    @Test func aDiskHitMakesNoRequestAndWarmsTheMemoryCache() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        fixture.load("a.jpg")
        fixture.loader.answer(0, bytes: "A")
        fixture.memory.removeAll()
        #expect(fixture.pipeline.cachedImage(for: url("a.jpg")) == nil)
        let (received, _) = fixture.load("a.jpg")
        #expect(received.all == [response("A", .disk)])
        #expect(fixture.loader.requests.count == 1)
        #expect(fixture.pipeline.cachedImage(for: url("a.jpg"))?.source == .memory)
    }

    @Test func aCorruptDiskEntryIsRemovedAndRefetched() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        fixture.load("a.jpg")
        fixture.loader.answer(0, bytes: "the image")
        fixture.memory.removeAll()
        let file = fixture.directory.url.appendingPathComponent(
            ImageDiskCache.fileName(forKey: url("a.jpg").absoluteString))
        try Data(try Data(contentsOf: file).dropLast(3)).write(to: file)
        let (received, _) = fixture.load("a.jpg")
        #expect(fixture.loader.requests == [ImageLoadRequest(url: url("a.jpg")), ImageLoadRequest(url: url("a.jpg"))])
        #expect(fixture.disk.corruptEntriesRemoved == 1)
        fixture.loader.answer(1, bytes: "the image")
        #expect(received.all == [response("the image", .network)])
        #expect(fixture.disk.entry(forKey: url("a.jpg").absoluteString)?.bytes == bytes("the image"))
    }

    @Test func clearingRemovesBothCachesSoTheNextRequestDownloads() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        fixture.load("a.jpg")
        fixture.loader.answer(0, bytes: "A")
        fixture.pipeline.removeAllCachedImages()
        #expect(fixture.memory.count == 0 && fixture.disk.count == 0)
        let (received, _) = fixture.load("a.jpg")
        #expect(received.count == 0)
        #expect(fixture.loader.requests.count == 2)
    }

    @Test func aKeyFunctionLetsSignedURLsWithChangingQueriesShareOneEntry() throws {
        let fixture = try PipelineFixture(cacheKey: ImagePipeline.Configuration.keyWithoutQuery)
        defer { fixture.directory.remove() }
        fixture.load("a.jpg?signature=1")
        fixture.loader.answer(0, bytes: "A")
        let (received, _) = fixture.load("a.jpg?signature=2")
        #expect(received.all == [response("A", .memory)])
        #expect(fixture.loader.requests.map(\.url) == [url("a.jpg?signature=1")])
        #expect(fixture.pipeline.cacheKey(for: url("a.jpg?signature=2#top")) == "https://images.test/a.jpg")
    }

    @Test func byDefaultTheWholeURLIsTheKey() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        fixture.load("a.jpg?size=1")
        fixture.loader.answer(0, bytes: "A")
        fixture.load("a.jpg?size=2")
        #expect(fixture.loader.requests.count == 2)
    }

    @Test func anImageTooLargeForMemoryIsStillDeliveredAndKeptOnDisk() throws {
        let loader = FakeImageLoader()
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let memory = try ImageMemoryCache(costLimit: 100, entryCostFraction: 0.1)
        let disk = try ImageDiskCache(directory: directory.url)
        let pipeline = ImagePipeline(
            loader: loader, memoryCache: memory, diskCache: disk, configuration: .init(perform: { $0() }))
        let received = Received()
        pipeline.loadImage(url("big.jpg"), completion: received.completion)
        loader.answer(0, bytes: String(repeating: "x", count: 11))
        #expect(received.last == response(String(repeating: "x", count: 11), .network))
        #expect(memory.count == 0)
        #expect(disk.count == 1)
    }

    @Test func aDiskThatRefusesTheWriteStillDeliversTheImage() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        try FileManager.default.removeItem(at: fixture.directory.url)
        try Data("x".utf8).write(to: fixture.directory.url)
        let (received, _) = fixture.load("a.jpg")
        fixture.loader.answer(0, bytes: "A")
        #expect(received.all == [response("A", .network)])
        #expect(fixture.disk.count == 0)
        #expect(fixture.pipeline.cachedImage(for: url("a.jpg"))?.bytes == bytes("A"))
    }

    @Test func aPipelineWithoutCachesDownloadsEveryTime() {
        let loader = FakeImageLoader()
        let pipeline = ImagePipeline(
            loader: loader, memoryCache: nil, diskCache: nil, configuration: .init(perform: { $0() }))
        pipeline.loadImage(url("a.jpg")) { _ in }
        loader.answer(0, bytes: "A")
        pipeline.loadImage(url("a.jpg")) { _ in }
        #expect(loader.requests.count == 2)
    }
}
