import AllocationCounter
import ConformanceKit
import Foundation
import MVICore
import MVIEssentials
import MVIImagePipeline
import MVITestSupport
import MockHTTPServer
import ReferenceFeatures
import ReplaySeam
import SeededRandom

/// A memory hit through the pipeline (its key function, lock, freshness check and completion)
/// next to a plain dictionary lookup of the same bytes by the same string keys.
@MainActor func benchmarkImageMemoryHit(_ run: BenchmarkRun) throws -> [Result] {
    let hits = run.quick ? 100_000 : 1_000_000
    let urls = (0..<64).map { URL(string: "https://images.test/\($0).png")! }
    let keys = urls.map(\.absoluteString)
    let bytes = Data(repeating: 7, count: 268)
    let memory = try ImageMemoryCache()
    let storedAt = Date()
    for key in keys { memory.store(ImageCacheEntry(bytes: bytes, storedAt: storedAt), forKey: key) }
    // The loader is never asked: every request is a memory hit.
    let pipeline = ImagePipeline(loader: ManualImageDataLoader(), memoryCache: memory, diskCache: nil)
    let dictionary = opaque(Dictionary(uniqueKeysWithValues: keys.map { ($0, bytes) }))
    var viaPipeline: [Double] = []
    var viaCachedImage: [Double] = []
    var viaDictionary: [Double] = []
    var viaURLKeyedDictionary: [Double] = []
    for _ in 0..<run.repetitions {
        var found = 0
        viaDictionary.append(
            seconds {
                for index in 0..<hits { found &+= dictionary[keys[index & 63]]?.count ?? 0 }
            } / Double(hits) * 1e9)
        blackHole(found)

        // The same lookup with the key made from the URL on each call, as the default key function does.
        var foundByURL = 0
        viaURLKeyedDictionary.append(
            seconds {
                for index in 0..<hits { foundByURL &+= dictionary[urls[index & 63].absoluteString]?.count ?? 0 }
            } / Double(hits) * 1e9)
        blackHole(foundByURL)

        let delivered = Counter()
        viaPipeline.append(
            seconds {
                for index in 0..<hits { pipeline.loadImage(urls[index & 63]) { _ in delivered.bump() } }
            } / Double(hits) * 1e9)
        precondition(
            delivered.value == hits, "\(hits - delivered.value) memory hits were not delivered inside loadImage")

        var cached = 0
        viaCachedImage.append(
            seconds {
                for index in 0..<hits { cached &+= pipeline.cachedImage(for: urls[index & 63])?.bytes.count ?? 0 }
            } / Double(hits) * 1e9)
        blackHole(cached)
    }
    let baseline = median(viaDictionary)
    return [
        Result(
            name: "images: memory hit through loadImage (delivered inside the call)", median: median(viaPipeline),
            unit: "ns",
            baselineName: "dictionary lookup", baseline: baseline, runs: viaPipeline,
            pairedRatio: median(zip(viaPipeline, viaDictionary).map { $0 / $1 })),
        Result(
            name: "images: memory hit through cachedImage(for:)", median: median(viaCachedImage), unit: "ns",
            baselineName: "dictionary lookup", baseline: baseline, runs: viaCachedImage,
            pairedRatio: median(zip(viaCachedImage, viaDictionary).map { $0 / $1 })),
        Result(
            name: "images: dictionary lookup keyed by url.absoluteString made on each call",
            median: median(viaURLKeyedDictionary),
            unit: "ns", baselineName: "dictionary lookup", baseline: baseline, runs: viaURLKeyedDictionary,
            pairedRatio: median(zip(viaURLKeyedDictionary, viaDictionary).map { $0 / $1 })),
    ]
}

/// 1,000 requesters for one URL at once, against the mock server over URLSession: the requests the
/// server saw (the target is one) and the wall time until all were delivered, next to one load alone.
@MainActor func benchmarkImageCoalescing(_ run: BenchmarkRun) throws -> [Result] {
    let requesters = 1_000
    let server = MockServer(configuration: .init(data: try MockData.locate()))
    try server.start()
    defer { server.stop() }
    guard let id = server.configuration.data.cats.first?.id,
        let url = URL(string: "\(server.baseURL.absoluteString)/images/\(id).png?size=medium")
    else { fatalError("the mock server has no images") }
    let loader = URLSessionImageDataLoader(timeout: 60)
    // Fresh caches each time, so every run starts with a download.
    func freshPipeline() throws -> ImagePipeline {
        ImagePipeline(loader: loader, memoryCache: try ImageMemoryCache(), diskCache: nil)
    }
    func loadAll(_ pipeline: ImagePipeline, count: Int) -> Int {
        let delivered = DispatchGroup()
        let failures = LatencyLog(count: 0)
        DispatchQueue.concurrentPerform(iterations: count) { _ in
            delivered.enter()
            pipeline.loadImage(url) { result in
                if (try? result.get())?.bytes.count != 101_825 { failures.fail() }
                delivered.leave()
            }
        }
        guard delivered.wait(timeout: .now() + 120) == .success else {
            fatalError("the loads of \(url) did not finish in 120 s")
        }
        return failures.failures
    }
    _ = loadAll(try freshPipeline(), count: 1)  // opens the connection
    var walls: [Double] = []
    var singles: [Double] = []
    var requests: [Double] = []
    for _ in 0..<run.repetitions {
        let single = try freshPipeline()
        singles.append(seconds { precondition(loadAll(single, count: 1) == 0, "the single load failed") } * 1000)
        let pipeline = try freshPipeline()
        server.journal.reset()
        var failed = 0
        walls.append(seconds { failed = loadAll(pipeline, count: requesters) } * 1000)
        precondition(failed == 0, "\(failed) of \(requesters) loads failed")
        requests.append(Double(server.journal.count))
    }
    let made = median(requests)
    return [
        Result(
            name: "images: 1,000 concurrent loads of one URL, requests made", median: made, unit: "requests",
            target: "1",
            ok: requests.allSatisfy { $0 == 1 }, runs: requests),
        Result(
            name: "images: 1,000 concurrent loads of one URL (100 KB, mock server), wall time", median: median(walls),
            unit: "ms",
            baselineName: "one load alone", baseline: median(singles), runs: walls,
            pairedRatio: median(zip(walls, singles).map { $0 / $1 })),
    ]
}
