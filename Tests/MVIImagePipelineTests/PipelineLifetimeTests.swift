import Foundation
import MVIImagePipeline
import Testing

/// Work in flight holds the pipeline weakly: a loader, a queue or a requester that keeps what the
/// pipeline gave it does not keep the pipeline (and its caches and requesters) alive.
@Suite struct PipelineLifetimeTests {
    /// A `perform` that keeps each piece of work until the test runs it, as a busy queue would.
    final class HeldWork: @unchecked Sendable {  // `pending` is guarded by `lock`
        private let lock = NSLock()
        private var pending: [@Sendable () -> Void] = []

        var count: Int { lock.withLock { pending.count } }
        var perform: @Sendable (@escaping @Sendable () -> Void) -> Void {
            { work in self.lock.withLock { self.pending.append(work) } }
        }

        func runAll() {
            let work = lock.withLock {
                defer { pending = [] }
                return pending
            }
            for piece in work { piece() }
        }
    }

    private func makePipeline(
        loader: ManualImageDataLoader, perform: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() }
    )
        throws -> ImagePipeline
    {
        ImagePipeline(
            loader: loader, memoryCache: try ImageMemoryCache(), diskCache: nil, configuration: .init(perform: perform))
    }

    @Test func aRequestTheLoaderStillHoldsDoesNotKeepThePipelineAlive() throws {
        let loader = ManualImageDataLoader()
        let received = Received()
        weak var weakPipeline: ImagePipeline?
        do {
            let pipeline = try makePipeline(loader: loader)
            weakPipeline = pipeline
            pipeline.loadImage(url("a.jpg"), completion: received.completion)
            #expect(loader.requests.count == 1)
        }
        #expect(weakPipeline == nil)
        // A late answer reaches nobody.
        loader.answer(0, bytes: "A")
        #expect(received.count == 0)
    }

    @Test func workWaitingOnTheQueueDoesNotKeepThePipelineAlive() throws {
        let loader = ManualImageDataLoader()
        let queue = HeldWork()
        weak var weakPipeline: ImagePipeline?
        do {
            let pipeline = try makePipeline(loader: loader, perform: queue.perform)
            weakPipeline = pipeline
            pipeline.loadImage(url("a.jpg")) { _ in }
            #expect(queue.count == 1)
        }
        #expect(weakPipeline == nil)
        // The download's start finds no pipeline and asks the loader for nothing.
        queue.runAll()
        #expect(loader.requests.isEmpty)
    }

    @Test func aRequesterKeepingItsCancellationDoesNotKeepThePipelineAlive() throws {
        let loader = ManualImageDataLoader()
        let task: Cancellation
        weak var weakPipeline: ImagePipeline?
        do {
            let pipeline = try makePipeline(loader: loader)
            weakPipeline = pipeline
            task = pipeline.loadImage(url("a.jpg")) { _ in }
        }
        #expect(weakPipeline == nil)
        // Cancelling after the pipeline went away is harmless.
        task.cancel()
        #expect(task.isCancelled)
    }

    @Test func aPipelineKeptByItsOwnerStillDeliversWhatItsLoaderAnswers() throws {
        let loader = ManualImageDataLoader()
        let queue = HeldWork()
        let pipeline = try makePipeline(loader: loader, perform: queue.perform)
        let received = Received()
        pipeline.loadImage(url("a.jpg"), completion: received.completion)
        queue.runAll()
        loader.answer(0, bytes: "A")
        #expect(received.all == [response("A", .network)])
    }
}
