import Foundation
import MVIImagePipeline

typealias FakeImageLoader = ManualImageDataLoader

extension ManualImageDataLoader {
    func answer(_ index: Int, bytes: String, etag: String? = nil) {
        answer(index, ImageLoadResponse(status: 200, etag: etag, body: Data(bytes.utf8)))
    }
}

/// A clock the test sets; it only moves when told to.
final class ManualClock: @unchecked Sendable {  // `current` is guarded by `lock`
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_000_000)

    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
    var function: @Sendable () -> Date { { self.now } }
}

/// Records what a requester got.
final class Received: @unchecked Sendable {  // `results` is guarded by `lock`
    private let lock = NSLock()
    private var results: [Result<ImageResponse, ImagePipelineError>] = []

    var all: [Result<ImageResponse, ImagePipelineError>] { lock.withLock { results } }
    var count: Int { all.count }
    var last: Result<ImageResponse, ImagePipelineError>? { all.last }
    var completion: ImagePipeline.Completion { { result in self.lock.withLock { self.results.append(result) } } }
}

/// A fresh, empty directory under the temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ImagePipelineTests-\(UUID().uuidString)")
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

func url(_ path: String) -> URL { URL(string: "https://images.test/\(path)")! }

func bytes(_ text: String) -> Data { Data(text.utf8) }

/// A 200 whose body is "bytes of <url>", so a requester can tell it got its own image.
func echo(_ request: ImageLoadRequest) -> ImageLoadResponse {
    ImageLoadResponse(status: 200, body: bytes("bytes of \(request.url.absoluteString)"))
}

func response(_ text: String, _ source: ImageSource) -> Result<ImageResponse, ImagePipelineError> {
    .success(ImageResponse(bytes: bytes(text), source: source))
}

/// A pipeline on a fake loader and a manual clock, running its work inline, with both caches.
struct PipelineFixture {
    let loader = FakeImageLoader()
    let clock = ManualClock()
    let directory = TemporaryDirectory()
    let memory: ImageMemoryCache
    let disk: ImageDiskCache
    let pipeline: ImagePipeline

    init(maxAge: TimeInterval = 60, cacheKey: (@Sendable (URL) -> String)? = nil, diskSizeLimit: Int = 1 << 20) throws {
        memory = try ImageMemoryCache()
        disk = try ImageDiskCache(directory: directory.url, sizeLimit: diskSizeLimit, now: clock.function)
        pipeline = ImagePipeline(
            loader: loader, memoryCache: memory, diskCache: disk,
            configuration: .init(
                cacheKey: cacheKey ?? { $0.absoluteString }, maxAge: maxAge, now: clock.function, perform: { $0() }))
    }

    /// Loads `path` and returns what was received so far, plus the handle.
    @discardableResult
    func load(_ path: String, into received: Received = Received()) -> (Received, Cancellation) {
        let task = pipeline.loadImage(url(path), completion: received.completion)
        return (received, task)
    }
}
