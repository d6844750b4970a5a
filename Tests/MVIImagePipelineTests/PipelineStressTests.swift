import Dispatch
import Foundation
import MVIImagePipeline
import Testing

/// Many requesters on many threads at once, on real queues; the thread sanitizer runs these
/// (`swift test --sanitize=thread --filter MVIImagePipelineTests`). Waits are generous: CI is a
/// loaded 2-core machine.
@Suite struct PipelineStressTests {
    static let keys = 16
    static let requestersPerKey = 64
    static let timeout = DispatchTime.now() + .seconds(120)

    private func makePipeline(loader: any ImageDataLoader, directory: TemporaryDirectory) throws -> ImagePipeline {
        ImagePipeline(
            loader: loader, memoryCache: try ImageMemoryCache(countLimit: Self.keys / 2),
            diskCache: try ImageDiskCache(directory: directory.url))
    }

    @Test func aThousandConcurrentRequestersMakeOneDownloadPerKey() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let loader = GatedLoader()
        let pipeline = try makePipeline(loader: loader, directory: directory)
        let delivered = DispatchGroup()
        let received = Received()
        DispatchQueue.concurrentPerform(iterations: Self.keys * Self.requestersPerKey) { index in
            delivered.enter()
            pipeline.loadImage(url("\(index % Self.keys).jpg")) { result in
                received.completion(result)
                delivered.leave()
            }
        }
        #expect(loader.waitForRequests(Self.keys, until: Self.timeout))
        loader.answerAll()
        #expect(delivered.wait(timeout: Self.timeout) == .success)
        #expect(loader.requestCount == Self.keys)
        #expect(received.count == Self.keys * Self.requestersPerKey)
        #expect(received.all.allSatisfy { (try? $0.get())?.source == .network })
        #expect(pipeline.downloadsInFlight == 0)
    }

    @Test func requestersThatCancelAtRandomNeverDisturbTheOthers() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let loader = AsynchronousLoader()
        let pipeline = try makePipeline(loader: loader, directory: directory)
        let delivered = DispatchGroup()
        let wrongBytes = Received()
        DispatchQueue.concurrentPerform(iterations: Self.keys * Self.requestersPerKey) { index in
            let key = "\(index % Self.keys).jpg"
            let cancels = index % 3 == 0
            if !cancels { delivered.enter() }
            let task = pipeline.loadImage(url(key)) { result in
                if case .success(let image) = result, image.bytes == bytes("bytes of \(url(key).absoluteString)") {
                } else {
                    wrongBytes.completion(result)
                }
                if !cancels { delivered.leave() }
            }
            if cancels { task.cancel() }
            if index % 7 == 0 { pipeline.removeAllCachedImages() }
        }
        // Downloads hold the pipeline weakly: it must outlive the wait.
        withExtendedLifetime(pipeline) { #expect(delivered.wait(timeout: Self.timeout) == .success) }
        #expect(wrongBytes.count == 0)
        #expect(loader.requestCount >= Self.keys)
    }
}

/// Records requests and holds every answer until `answerAll()`.
final class GatedLoader: ImageDataLoader, @unchecked Sendable {  // `pending` is guarded by `lock`
    private let lock = NSLock()
    private var pending: [(ImageLoadRequest, @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void)] = []
    private var made = 0
    private let arrivals = DispatchSemaphore(value: 0)

    var requestCount: Int { lock.withLock { made } }

    func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable {
        lock.withLock {
            pending.append((request, completion))
            made += 1
        }
        arrivals.signal()
        return Cancellation()
    }

    func waitForRequests(_ count: Int, until deadline: DispatchTime) -> Bool {
        (0..<count).allSatisfy { _ in arrivals.wait(timeout: deadline) == .success }
    }

    func answerAll() {
        let answers = lock.withLock {
            defer { pending = [] }
            return pending
        }
        DispatchQueue.concurrentPerform(iterations: answers.count) { index in
            let (request, completion) = answers[index]
            completion(.success(echo(request)))
        }
    }
}

/// Answers every request on a global queue, unless it was cancelled first.
final class AsynchronousLoader: ImageDataLoader, @unchecked Sendable {  // `made` is guarded by `lock`
    private let lock = NSLock()
    private var made = 0

    var requestCount: Int { lock.withLock { made } }

    func load(
        _ request: ImageLoadRequest, completion: @escaping @Sendable (Result<ImageLoadResponse, ImageLoadError>) -> Void
    ) -> any Cancellable {
        lock.withLock { made += 1 }
        let task = Cancellation()
        DispatchQueue.global().async {
            if task.isCancelled { return }
            completion(.success(echo(request)))
        }
        return task
    }
}
