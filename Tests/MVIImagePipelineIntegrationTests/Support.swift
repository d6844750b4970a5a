import Dispatch
import Foundation
import MVIImagePipeline
import MockHTTPServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How long a test waits for an answer over a real socket: generous, since CI is a loaded 2-core
/// machine that may also run the thread sanitizer.
let answerTimeout: DispatchTimeInterval = .seconds(120)

/// A clock the test sets; it only moves when told to.
final class TestClock: @unchecked Sendable {  // `current` is guarded by `lock`
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 2_000_000_000)

    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
    var function: @Sendable () -> Date { { self.now } }
}

/// What one requester got, and whether it got it before `loadImage` returned.
struct Delivery {
    let result: Result<ImageResponse, ImagePipelineError>
    let synchronous: Bool

    var source: ImageSource? { try? result.get().source }
    var bytes: Data? { try? result.get().bytes }
}

/// Collects what many requesters got, from any thread.
final class Deliveries: @unchecked Sendable {  // `results` is guarded by `lock`
    private let lock = NSLock()
    private var results: [Result<ImageResponse, ImagePipelineError>] = []

    var all: [Result<ImageResponse, ImagePipelineError>] { lock.withLock { results } }
    func append(_ result: Result<ImageResponse, ImagePipelineError>) { lock.withLock { results.append(result) } }
}

/// A running mock server, a temporary cache directory and a URLSession of their own, for one test.
///
/// `pipeline(...)` makes pipelines on the real `URLSessionImageDataLoader`; several pipelines on one
/// directory stand for an app that was quit and opened again. `stop()` ends it all.
final class ServerFixture {
    let server: MockServer
    let clock = TestClock()
    let directory: URL
    let session: URLSession
    let loader: URLSessionImageDataLoader

    init() throws {
        server = MockServer(configuration: .init(data: try MockData.locate()))
        try server.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ImagePipelineIntegrationTests-\(UUID().uuidString)")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
        loader = URLSessionImageDataLoader(timeout: 60, session: session)
    }

    func stop() {
        session.invalidateAndCancel()
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The ids of the data set's images, in order.
    var imageIDs: [String] { server.configuration.data.cats.map(\.id) }

    /// The URL of image `index` of the data set, at `size` (`small`, `medium` or `large`).
    func imageURL(_ index: Int = 0, size: String = "small") -> URL {
        URL(string: "\(server.baseURL.absoluteString)/images/\(imageIDs[index]).png?size=\(size)")!
    }

    func memoryCache(costLimit: Int = 64 << 20, entryCostFraction: Double = 0.1) throws -> ImageMemoryCache {
        try ImageMemoryCache(costLimit: costLimit, entryCostFraction: entryCostFraction)
    }

    func diskCache(sizeLimit: Int = 150 << 20, trimRatio: Double = 0.7) throws -> ImageDiskCache {
        try ImageDiskCache(directory: directory, sizeLimit: sizeLimit, trimRatio: trimRatio, now: clock.function)
    }

    /// A pipeline on the URLSession loader and the test's clock, entries fresh for `maxAge` seconds.
    func pipeline(memory: ImageMemoryCache?, disk: ImageDiskCache?, maxAge: TimeInterval = 3600) -> ImagePipeline {
        ImagePipeline(
            loader: loader, memoryCache: memory, diskCache: disk,
            configuration: .init(maxAge: maxAge, now: clock.function))
    }

    /// The requests the server read for `url`'s path and query, oldest first.
    func requests(for url: URL) -> [JournalEntry] {
        let target = url.path + (url.query.map { "?" + $0 } ?? "")
        return server.journal.all.filter { $0.request.target == target }
    }
}

/// Loads `url` and waits (at most `answerTimeout`) for the one delivery; nil if none came.
func load(_ url: URL, with pipeline: ImagePipeline) -> Delivery? {
    let done = DispatchSemaphore(value: 0)
    let delivered = Deliveries()
    let returned = Shared(false)
    let synchronous = Shared(false)
    pipeline.loadImage(url) { result in
        synchronous.set(!returned.get())
        delivered.append(result)
        done.signal()
    }
    returned.set(true)
    guard done.wait(timeout: .now() + answerTimeout) == .success, let result = delivered.all.first else { return nil }
    return Delivery(result: result, synchronous: synchronous.get())
}

/// A flag shared with a completion.
final class Shared<Value: Sendable>: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
