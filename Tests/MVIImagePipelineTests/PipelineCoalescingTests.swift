import Foundation
import MVIImagePipeline
import Testing

/// One download per key, shared by its requesters, cancelled when the last of them cancels.
@Suite struct PipelineCoalescingTests {
    @Test func concurrentRequestsForOneKeyShareOneDownload() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let requesters = (0..<5).map { _ in fixture.load("a.jpg").0 }
        #expect(fixture.loader.requests.count == 1)
        #expect(fixture.pipeline.downloadsInFlight == 1)
        fixture.loader.answer(0, bytes: "A")
        for received in requesters { #expect(received.all == [response("A", .network)]) }
        #expect(fixture.pipeline.downloadsInFlight == 0)
    }

    @Test func differentKeysDownloadSeparately() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        fixture.load("a.jpg")
        fixture.load("b.jpg")
        #expect(fixture.loader.requests.map(\.url) == [url("a.jpg"), url("b.jpg")])
    }

    @Test func cancellingOneRequesterLeavesTheOthersAndTheDownload() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (first, firstTask) = fixture.load("a.jpg")
        let (second, _) = fixture.load("a.jpg")
        firstTask.cancel()
        #expect(!fixture.loader.isCancelled(0))
        fixture.loader.answer(0, bytes: "A")
        #expect(first.count == 0)
        #expect(second.all == [response("A", .network)])
    }

    @Test func theDownloadIsCancelledWhenTheLastRequesterCancels() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (first, firstTask) = fixture.load("a.jpg")
        let (second, secondTask) = fixture.load("a.jpg")
        firstTask.cancel()
        secondTask.cancel()
        #expect(fixture.loader.isCancelled(0))
        #expect(fixture.pipeline.downloadsInFlight == 0)
        // A late answer from the cancelled download reaches nobody and is not cached.
        fixture.loader.answer(0, bytes: "A")
        #expect(first.count == 0 && second.count == 0)
        #expect(fixture.memory.count == 0)
    }

    @Test func aRequesterAfterACancelledDownloadStartsANewOne() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (_, task) = fixture.load("a.jpg")
        task.cancel()
        let (received, _) = fixture.load("a.jpg")
        #expect(fixture.loader.requests.count == 2)
        fixture.loader.answer(0, bytes: "old")  // the cancelled one, answering anyway
        #expect(received.count == 0)
        fixture.loader.answer(1, bytes: "A")
        #expect(received.all == [response("A", .network)])
    }

    @Test func cancellingTwiceOrAfterDeliveryChangesNothing() throws {
        let fixture = try PipelineFixture()
        defer { fixture.directory.remove() }
        let (first, firstTask) = fixture.load("a.jpg")
        let (second, _) = fixture.load("a.jpg")
        firstTask.cancel()
        firstTask.cancel()
        #expect(!fixture.loader.isCancelled(0))
        fixture.loader.answer(0, bytes: "A")
        firstTask.cancel()
        #expect(first.count == 0)
        #expect(second.count == 1)
        #expect(!fixture.loader.isCancelled(0))
    }

    @Test func aRequesterCancelledBeforeTheDiskLookupRunsStartsNoRequest() throws {
        let loader = FakeImageLoader()
        let queued = QueuedWork()
        let pipeline = ImagePipeline(
            loader: loader, memoryCache: try ImageMemoryCache(), diskCache: nil,
            configuration: .init(perform: queued.enqueue))
        let task = pipeline.loadImage(url("a.jpg")) { _ in }
        task.cancel()
        queued.runAll()
        #expect(loader.requests.isEmpty)
    }

    @Test func aLoaderThatAnswersInsideItsOwnCallIsHandled() throws {
        let pipeline = ImagePipeline(
            loader: ImmediateLoader(), memoryCache: try ImageMemoryCache(), diskCache: nil,
            configuration: .init(perform: { $0() }))
        let received = Received()
        let task = pipeline.loadImage(url("a.jpg"), completion: received.completion)
        #expect(received.all == [response("bytes of https://images.test/a.jpg", .network)])
        task.cancel()
        #expect(pipeline.downloadsInFlight == 0)
    }

    /// The last requester cancels while the pipeline is still inside the loader's `load`: the
    /// download is gone before its task is kept, so the pipeline cancels the task it gets back.
    @Test func aRequestWhoseLastRequesterLeftDuringTheLoadersCallIsCancelled() throws {
        let requester = Handles()
        let loader = HookedLoader { _, _ in requester.cancelAll() }
        let queued = QueuedWork()
        let pipeline = ImagePipeline(
            loader: loader, memoryCache: try ImageMemoryCache(), diskCache: nil,
            configuration: .init(perform: queued.enqueue))
        let received = Received()
        requester.keep(pipeline.loadImage(url("a.jpg"), completion: received.completion))
        queued.runAll()
        #expect(loader.tasks.count == 1)
        #expect(loader.tasks.allSatisfy { $0.isCancelled }, "nobody wants the answer")
        #expect(pipeline.downloadsInFlight == 0)
        #expect(received.count == 0)
    }

    /// A loader that answers inside its own `load` has finished the download: the task it returns
    /// is not cancelled afterwards.
    @Test func aRequestAnsweredInsideTheLoadersCallIsNotCancelled() throws {
        let loader = HookedLoader { request, completion in completion(.success(echo(request))) }
        let pipeline = ImagePipeline(
            loader: loader, memoryCache: try ImageMemoryCache(), diskCache: nil,
            configuration: .init(perform: { $0() }))
        let received = Received()
        pipeline.loadImage(url("a.jpg"), completion: received.completion)
        #expect(received.all == [response("bytes of https://images.test/a.jpg", .network)])
        #expect(loader.tasks.count == 1)
        #expect(!loader.tasks.contains { $0.isCancelled })
    }
}

/// A loader that runs `onLoad` inside each `load`, before it returns, and keeps the tasks it returns.
final class HookedLoader: ImageDataLoader, @unchecked Sendable {  // `returned` is guarded by `lock`
    typealias LoadCompletion = @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    private let lock = NSLock()
    private var returned: [Cancellation] = []
    private let onLoad: @Sendable (ImageLoadRequest, @escaping LoadCompletion) -> Void

    init(onLoad: @escaping @Sendable (ImageLoadRequest, @escaping LoadCompletion) -> Void) { self.onLoad = onLoad }

    var tasks: [Cancellation] { lock.withLock { returned } }

    func load(_ request: ImageLoadRequest, completion: @escaping LoadCompletion) -> any Cancellable {
        onLoad(request, completion)
        let task = Cancellation()
        lock.withLock { returned.append(task) }
        return task
    }
}

/// Requesters' handles, kept so that code running later can cancel them.
final class Handles: @unchecked Sendable {  // `handles` is guarded by `lock`
    private let lock = NSLock()
    private var handles: [Cancellation] = []

    func keep(_ handle: Cancellation) { lock.withLock { handles.append(handle) } }
    func cancelAll() { for handle in lock.withLock({ handles }) { handle.cancel() } }
}

/// Work the test runs when it chooses.
final class QueuedWork: @unchecked Sendable {  // `work` is guarded by `lock`
    private let lock = NSLock()
    private var work: [@Sendable () -> Void] = []

    var enqueue: @Sendable (@escaping @Sendable () -> Void) -> Void {
        { item in self.lock.withLock { self.work.append(item) } }
    }

    func runAll() {
        let items = lock.withLock {
            defer { work = [] }
            return work
        }
        for item in items { item() }
    }
}

/// A loader that answers 200 with "bytes of <url>" before `load` returns.
struct ImmediateLoader: ImageDataLoader {
    func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable {
        completion(.success(echo(request)))
        return Cancellation()
    }
}
