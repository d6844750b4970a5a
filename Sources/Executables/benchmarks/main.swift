import AllocationCounter
import CommandLineSupport
import ConformanceKit
import ReplaySeam
import Foundation
import MVICore
import MVIImagePipeline
import MVITestSupport
import MockHTTPServer
import ReferenceFeatures

// `swift run -c release benchmarks [--json FILE] [--quick]`: medians over repeated runs, each
// next to its baseline measured in the same run. Numbers and their history: docs/performance.md.

struct Result {
    let name: String
    let median: Double
    let unit: String
    var baselineName: String? = nil
    var baseline: Double? = nil
    var target: String? = nil
    var ok: Bool? = nil
    var runs: [Double] = []

    /// The median of ratios taken within each run, where the figure and its baseline were measured
    /// side by side: steadier than the ratio of two medians on a machine whose speed drifts.
    var pairedRatio: Double? = nil

    var ratio: Double? { pairedRatio ?? baseline.map { median / $0 } }
}

let spec = CommandSpec(
    name: "benchmarks",
    abstract: "Medians over repeated runs, each next to its baseline measured in the same run (docs/performance.md).",
    options: [
        .value("json", "FILE", "also write the results as JSON"),
        .flag("quick", "fewer repetitions and smaller loads"),
        .value("only", "LIST", "only these groups, comma-separated: store, replay, scheduler, server, images"),
    ],
    discussion: "Build with -c release: swift run -c release benchmarks")

let parsed = spec.parseOrExit()
if let extra = (parsed.arguments + parsed.passthrough).first {
    spec.exit(usage: UsageError(command: "benchmarks", "unexpected argument \(extra)"))
}
let quick = parsed.flag("quick")
let jsonPath = parsed.value("json")
let only = Set((parsed.value("only") ?? "").split(separator: ",").map(String.init))
if let unknown = only.subtracting(["store", "replay", "scheduler", "server", "images"]).sorted().first {
    spec.exit(usage: UsageError(command: "benchmarks", "--only: unknown group \(unknown); expected store, replay, scheduler, server or images"))
}

#if DEBUG
    FileHandle.standardError.write(Data("benchmarks: this is a debug build; numbers mean little. Use `swift run -c release benchmarks`.\n".utf8))
#endif

let repetitions = quick ? 3 : 7

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

var results: [Result] = []

// MARK: Store throughput

enum BenchIntent { case add(Int) }
enum BenchMessage { case added(Int) }
struct BenchState { var count = 0; var checksum = 0 }

struct BenchReducer: Reducer {
    func reduce(_ state: BenchState, _ message: BenchMessage) -> BenchState {
        switch message {
        case .added(let value):
            var next = state
            next.count += 1
            next.checksum = next.checksum &* 31 &+ value
            return next
        }
    }
}

/// Hides a value from the optimizer, so a function value is really called through.
@inline(never) func opaque<T>(_ value: T) -> T { value }

/// The reducer behind one real call per message: the optimizer may not inline it into the loop
/// (and then vectorise the loop away), so this is what "the bare reducer call" costs.
@inline(never) func reduceCall(_ reducer: BenchReducer, _ state: BenchState, _ message: BenchMessage) -> BenchState {
    reducer.reduce(state, message)
}

/// What every subscriber in these benchmarks does: add up what it sees. A class field without
/// dynamic exclusivity checks, so the subscriber costs next to nothing and the figures are the
/// stores' own (a captured `var` would add a runtime access check to every notification).
final class Sink {
    @exclusivity(unchecked) var total = 0
}

/// The calibration point: a store in its most naive form, a closure reducer and an array of
/// subscriber closures, with none of DefaultStore's guarantees (no confinement, events, labels, dispose).
final class NaiveStore {
    private var state: BenchState
    private let reduce: (BenchState, BenchMessage) -> BenchState
    private var subscribers: [(BenchState) -> Void] = []

    init(initial: BenchState, reduce: @escaping (BenchState, BenchMessage) -> BenchState) {
        state = initial
        self.reduce = reduce
    }

    func subscribe(_ subscriber: @escaping (BenchState) -> Void) { subscribers.append(subscriber) }

    func accept(_ intent: BenchIntent) {
        switch intent {
        case .add(let value): state = reduce(state, .added(value))
        }
        for subscriber in subscribers { subscriber(state) }
    }
}

final class BenchExecutor: BaseExecutor<BenchIntent, Never, BenchState, BenchMessage, Never> {
    override func executeIntent(_ intent: BenchIntent) {
        switch intent {
        case .add(let value): dispatch(.added(value))
        }
    }
}

@MainActor func benchmarkStore() -> [Result] {
    var results: [Result] = []
    let count = quick ? 200_000 : 2_000_000
    var generator = SystemRandomNumberGenerator()
    let values = (0..<1024).map { _ in Int.random(in: 0...1000, using: &generator) }
    let reducer = BenchReducer()
    let reduceThroughValue: (BenchState, BenchMessage) -> BenchState = opaque({ reducer.reduce($0, $1) })
    var bare: [Double] = []
    var bareCall: [Double] = []
    var throughValue: [Double] = []
    var naive: [Double] = []
    var viaStore: [Double] = []
    var unsubscribed: [Double] = []
    var onQueue: [Double] = []
    var onImmediate: [Double] = []
    let queueScheduler = DispatchQueueScheduler.background(label: "benchmarks.store")
    /// Sends `count` intents to `store` on the calling thread; the time per intent.
    func nanosecondsPerIntent(_ store: DefaultStore<BenchIntent, Never, BenchMessage, BenchState, Never>) -> Double {
        seconds {
            for index in 0..<count { store.accept(.add(values[index & 1023])) }
        } / Double(count) * 1e9
    }
    for _ in 0..<repetitions {
        var state = BenchState()
        bare.append(seconds {
            for index in 0..<count { state = reducer.reduce(state, .added(values[index & 1023])) }
        } / Double(count) * 1e9)
        blackHole(state)

        var viaCall = BenchState()
        bareCall.append(seconds {
            for index in 0..<count { viaCall = reduceCall(reducer, viaCall, .added(values[index & 1023])) }
        } / Double(count) * 1e9)
        blackHole(viaCall)

        var viaValue = BenchState()
        throughValue.append(seconds {
            for index in 0..<count { viaValue = reduceThroughValue(viaValue, .added(values[index & 1023])) }
        } / Double(count) * 1e9)
        blackHole(viaValue)

        let naiveStore = NaiveStore(initial: BenchState(), reduce: reduceThroughValue)
        let naiveSink = Sink()
        naiveStore.subscribe { naiveSink.total &+= $0.count }
        naive.append(seconds {
            for index in 0..<count { naiveStore.accept(.add(values[index & 1023])) }
        } / Double(count) * 1e9)
        blackHole(naiveSink.total)

        // On a TestScheduler the store never hops and its entry points take no lock: this is the
        // store's own cost. The ImmediateScheduler row adds the trampoline's lock around each intent.
        let store = DefaultStore(name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer, scheduler: TestScheduler())
        let sink = Sink()
        store.subscribe(states: { sink.total &+= $0.count })
        viaStore.append(nanosecondsPerIntent(store))
        blackHole(sink.total)

        let immediate = DefaultStore(name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer, scheduler: ImmediateScheduler())
        let immediateSink = Sink()
        immediate.subscribe(states: { immediateSink.total &+= $0.count })
        onImmediate.append(nanosecondsPerIntent(immediate))
        blackHole(immediateSink.total)

        let quiet = DefaultStore(name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer, scheduler: TestScheduler())
        unsubscribed.append(nanosecondsPerIntent(quiet))
        blackHole(quiet.state)

        // As an app's store runs: on a dispatch queue and called there, so each intent asks the queue
        // whether it is on it, and each message updates the copy of the state other threads may read.
        let queued = DefaultStore(name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer, scheduler: queueScheduler)
        let queuedSink = Sink()
        queued.subscribe(states: { queuedSink.total &+= $0.count })
        onQueue.append(queueScheduler.queue.sync {
            seconds {
                for index in 0..<count { queued.accept(.add(values[index & 1023])) }
            }
        } / Double(count) * 1e9)
        blackHole(queuedSink.total)
    }
    let bareMedian = median(bareCall)
    let storeMedian = median(viaStore)
    let storeRatio = median(zip(viaStore, bareCall).map { $0 / $1 })
    results.append(Result(name: "store: one intent (one state subscriber)", median: storeMedian, unit: "ns", baselineName: "bare reducer call",
                          baseline: bareMedian, runs: viaStore, pairedRatio: storeRatio))
    results.append(Result(name: "store: one intent, no subscriber", median: median(unsubscribed), unit: "ns", baselineName: "bare reducer call",
                          baseline: bareMedian, runs: unsubscribed, pairedRatio: median(zip(unsubscribed, bareCall).map { $0 / $1 })))
    results.append(Result(name: "store on an ImmediateScheduler: one intent (one state subscriber)", median: median(onImmediate), unit: "ns",
                          baselineName: "naive closure store", baseline: median(naive), runs: onImmediate,
                          pairedRatio: median(zip(onImmediate, naive).map { $0 / $1 })))
    results.append(Result(name: "store on a dispatch queue: one intent (one state subscriber)", median: median(onQueue), unit: "ns",
                          baselineName: "bare reducer call", baseline: bareMedian, runs: onQueue,
                          pairedRatio: median(zip(onQueue, bareCall).map { $0 / $1 })))
    results.append(Result(name: "store: one intent, against the bare loop with the call inlined away", median: storeMedian, unit: "ns",
                          baselineName: "bare loop, inlined", baseline: median(bare), runs: bare))
    results.append(Result(name: "store: one intent, against a reducer call through a function value", median: storeMedian, unit: "ns",
                          baselineName: "reducer through a function value", baseline: median(throughValue), runs: throughValue))
    let naiveRatio = median(zip(viaStore, naive).map { $0 / $1 })
    results.append(Result(name: "store: one intent, against a naive closure-based store", median: storeMedian, unit: "ns",
                          baselineName: "naive closure store", baseline: median(naive), target: "<= 1x baseline", ok: naiveRatio <= 1,
                          runs: naive, pairedRatio: naiveRatio))
    results.append(Result(name: "naive store: one intent, against the bare reducer call", median: median(naive), unit: "ns",
                          baselineName: "bare reducer call", baseline: bareMedian, runs: naive,
                          pairedRatio: median(zip(naive, bareCall).map { $0 / $1 })))
    results.append(Result(name: "store: intents per second", median: 1e9 / storeMedian, unit: "/s", baselineName: "bare reducer calls",
                          baseline: 1e9 / bareMedian, runs: viaStore.map { 1e9 / $0 }))

    // Allocations in steady state.
    let store = DefaultStore(name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer, scheduler: TestScheduler())
    let sink = Sink()
    store.subscribe(states: { sink.total &+= $0.count })
    for index in 0..<10_000 { store.accept(.add(values[index & 1023])) }
    let measured = 100_000
    let before = allocation_counter_total()
    for index in 0..<measured { store.accept(.add(values[index & 1023])) }
    let perIntent = Double(allocation_counter_total() - before) / Double(measured)
    blackHole(sink.total)
    if allocation_counter_available() == 1 {
        results.append(Result(name: "store: heap allocations per intent", median: perIntent, unit: "allocs", target: "0", ok: perIntent == 0))
    } else {
        results.append(Result(name: "store: heap allocations per intent", median: .nan, unit: "allocs", target: "0 (not measurable on this platform)"))
    }
    return results
}
if only.isEmpty || only.contains("store") { results += benchmarkStore() }

// MARK: Replay throughput

@MainActor func benchmarkReplay() throws -> [Result] {
    var results: [Result] = []
    let catalog = try FixtureCatalog.locate()
    let entries = try catalog.entries()
    let replayer = Replayer(features: .reference)
    let scenarios = try entries.map { entry in
        try replayer.read(String(contentsOf: entry.scenarioURL, encoding: .utf8), file: catalog.displayPath(entry.scenarioURL), expectedID: entry.id)
    }
    let steps = scenarios.reduce(0) { $0 + $1.events.count }
    // Replays are checked once outside the timed loops, so the loops need no error handling.
    for scenario in scenarios { _ = try replayer.replay(scenario) }
    func replay(_ scenario: Scenario) -> String {
        guard let result = try? replayer.replay(scenario) else { fatalError("\(scenario.id) stopped replaying") }
        return TranscriptFormatter.text(result)
    }
    var rates: [Double] = []
    for _ in 0..<repetitions {
        let elapsed = seconds {
            for scenario in scenarios { blackHole(replay(scenario)) }
        }
        rates.append(Double(steps) / elapsed)
    }
    results.append(Result(name: "replay: fixture steps per second (\(scenarios.count) scenarios, \(steps) steps)", median: median(rates), unit: "/s", runs: rates))

    guard let hour = scenarios.first(where: { $0.id == "timer/hour-longest-countdown" }) else {
        fatalError("the hour scenario timer/hour-longest-countdown is missing from Fixtures/")
    }
    var times: [Double] = []
    for _ in 0..<repetitions {
        times.append(seconds { blackHole(replay(hour)) } * 1000)
    }
    let hourMedian = median(times)
    results.append(Result(name: "replay: one hour of countdown (36,569 ticks)", median: hourMedian, unit: "ms", target: "< 200 ms", ok: hourMedian < 200, runs: times))
    return results
}
if only.isEmpty || only.contains("replay") { do {
    results += try benchmarkReplay()
} catch {
    FileHandle.standardError.write(Data("benchmarks: replay: \(error)\n".utf8))
    exit(1)
} }

// MARK: Test scheduler

@MainActor func benchmarkScheduler() -> Result {
    let tasks = quick ? 100_000 : 1_000_000
    var perTask: [Double] = []
    var ran = 0
    for _ in 0..<repetitions {
        let scheduler = TestScheduler()
        var state: UInt64 = 0x1234_5678
        let counter = Counter()
        let elapsed = seconds {
            for _ in 0..<tasks {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                scheduler.schedule(after: .microseconds(Int64(state >> 40) % 10_000_000)) { counter.bump() }
            }
            scheduler.advance(by: .seconds(10))
        }
        ran = counter.value
        perTask.append(elapsed / Double(tasks) * 1e9)
    }
    precondition(ran == tasks, "the scheduler ran \(ran) of \(tasks) tasks")
    let taskMedian = median(perTask)
    return Result(name: "scheduler: schedule and run one timed task (\(tasks) tasks)", median: taskMedian, unit: "ns", target: "< 1000 ns",
                  ok: taskMedian < 1000, runs: perTask)
}
if only.isEmpty || only.contains("scheduler") { results.append(benchmarkScheduler()) }

final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func bump() { value += 1 }
}

// MARK: Mock server

@MainActor func benchmarkServer() throws -> [Result] {
    var results: [Result] = []
    let server = MockServer(configuration: .init(data: try MockData.locate()))
    try server.start()
    let connections = 64
    let perConnection = quick ? 50 : 300
    var rates: [Double] = []
    var p50s: [Double] = []
    var p99s: [Double] = []
    for _ in 0..<(quick ? 1 : 3) {
        let clients = ClientPool(try (0..<connections).map { _ in try LoopbackClient(port: server.port) })
        for client in clients.list { _ = try client.get("/v1/images/search?limit=1") }  // warm up each connection
        let latencies = LatencyLog(count: connections * perConnection)
        let failures = LatencyLog(count: 0)
        // One thread per connection, all released at once: concurrentPerform would run only as many
        // connections at a time as there are cores.
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<connections {
            finished.enter()
            let thread = Thread {
                start.wait()
                let client = clients.list[index]
                for request in 0..<perConnection {
                    let begin = DispatchTime.now().uptimeNanoseconds
                    let status = (try? client.get("/v1/images/search?limit=1").status) ?? 0
                    latencies.set(index * perConnection + request, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
                    if status != 200 { failures.fail() }
                }
                finished.leave()
            }
            thread.start()
        }
        let elapsed = seconds {
            for _ in 0..<connections { start.signal() }
            finished.wait()
        }
        precondition(failures.failures == 0, "\(failures.failures) requests failed")
        let sorted = latencies.values.sorted()
        rates.append(Double(connections * perConnection) / elapsed)
        p50s.append(sorted[sorted.count / 2])
        p99s.append(sorted[Int(Double(sorted.count) * 0.99)])
    }
    server.stop()
    results.append(Result(name: "mock server: Cat API requests per second (64 keep-alive connections)", median: median(rates), unit: "/s", runs: rates))
    results.append(Result(name: "mock server: p50 latency", median: median(p50s), unit: "ms", runs: p50s))
    results.append(Result(name: "mock server: p99 latency", median: median(p99s), unit: "ms", runs: p99s))
    return results
}
if only.isEmpty || only.contains("server") { do {
    results += try benchmarkServer()
} catch {
    FileHandle.standardError.write(Data("benchmarks: mock server: \(error)\n".utf8))
    exit(1)
} }

/// Each client is used by exactly one thread (its index in `concurrentPerform`).
final class ClientPool: @unchecked Sendable {
    let list: [LoopbackClient]
    init(_ list: [LoopbackClient]) { self.list = list }
}

final class LatencyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Double]
    private(set) var failures = 0
    init(count: Int) { storage = Array(repeating: 0, count: count) }
    func set(_ index: Int, _ value: Double) { lock.withLock { storage[index] = value } }
    func fail() { lock.withLock { failures += 1 } }
    var values: [Double] { lock.withLock { storage } }
}

// MARK: Image pipeline

/// A memory hit through the pipeline (its key function, lock, freshness check and completion)
/// next to a plain dictionary lookup of the same bytes by the same string keys.
@MainActor func benchmarkImageMemoryHit() throws -> [Result] {
    let hits = quick ? 100_000 : 1_000_000
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
    for _ in 0..<repetitions {
        var found = 0
        viaDictionary.append(seconds {
            for index in 0..<hits { found &+= dictionary[keys[index & 63]]?.count ?? 0 }
        } / Double(hits) * 1e9)
        blackHole(found)

        // The same lookup with the key made from the URL on each call, as the default key function does.
        var foundByURL = 0
        viaURLKeyedDictionary.append(seconds {
            for index in 0..<hits { foundByURL &+= dictionary[urls[index & 63].absoluteString]?.count ?? 0 }
        } / Double(hits) * 1e9)
        blackHole(foundByURL)

        let delivered = Counter()
        viaPipeline.append(seconds {
            for index in 0..<hits { pipeline.loadImage(urls[index & 63]) { _ in delivered.bump() } }
        } / Double(hits) * 1e9)
        precondition(delivered.value == hits, "\(hits - delivered.value) memory hits were not delivered inside loadImage")

        var cached = 0
        viaCachedImage.append(seconds {
            for index in 0..<hits { cached &+= pipeline.cachedImage(for: urls[index & 63])?.bytes.count ?? 0 }
        } / Double(hits) * 1e9)
        blackHole(cached)
    }
    let baseline = median(viaDictionary)
    return [
        Result(name: "images: memory hit through loadImage (delivered inside the call)", median: median(viaPipeline), unit: "ns",
               baselineName: "dictionary lookup", baseline: baseline, runs: viaPipeline,
               pairedRatio: median(zip(viaPipeline, viaDictionary).map { $0 / $1 })),
        Result(name: "images: memory hit through cachedImage(for:)", median: median(viaCachedImage), unit: "ns",
               baselineName: "dictionary lookup", baseline: baseline, runs: viaCachedImage,
               pairedRatio: median(zip(viaCachedImage, viaDictionary).map { $0 / $1 })),
        Result(name: "images: dictionary lookup keyed by url.absoluteString made on each call", median: median(viaURLKeyedDictionary),
               unit: "ns", baselineName: "dictionary lookup", baseline: baseline, runs: viaURLKeyedDictionary,
               pairedRatio: median(zip(viaURLKeyedDictionary, viaDictionary).map { $0 / $1 })),
    ]
}

/// 1,000 requesters for one URL at once, against the mock server over URLSession: the requests the
/// server saw (the target is one) and the wall time until all were delivered, next to one load alone.
@MainActor func benchmarkImageCoalescing() throws -> [Result] {
    let requesters = 1_000
    let server = MockServer(configuration: .init(data: try MockData.locate()))
    try server.start()
    defer { server.stop() }
    guard let id = server.configuration.data.cats.first?.id, let url = URL(string: "\(server.baseURL.absoluteString)/images/\(id).png?size=medium")
    else { fatalError("the mock server has no images") }
    let loader = URLSessionImageDataLoader(timeout: 60)
    // Fresh caches each time, so every run starts with a download.
    func freshPipeline() throws -> ImagePipeline { ImagePipeline(loader: loader, memoryCache: try ImageMemoryCache(), diskCache: nil) }
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
        guard delivered.wait(timeout: .now() + 120) == .success else { fatalError("the loads of \(url) did not finish in 120 s") }
        return failures.failures
    }
    _ = loadAll(try freshPipeline(), count: 1)  // opens the connection
    var walls: [Double] = []
    var singles: [Double] = []
    var requests: [Double] = []
    for _ in 0..<repetitions {
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
        Result(name: "images: 1,000 concurrent loads of one URL, requests made", median: made, unit: "requests", target: "1",
               ok: requests.allSatisfy { $0 == 1 }, runs: requests),
        Result(name: "images: 1,000 concurrent loads of one URL (100 KB, mock server), wall time", median: median(walls), unit: "ms",
               baselineName: "one load alone", baseline: median(singles), runs: walls,
               pairedRatio: median(zip(walls, singles).map { $0 / $1 })),
    ]
}
if only.isEmpty || only.contains("images") { do {
    results += try benchmarkImageMemoryHit()
    results += try benchmarkImageCoalescing()
} catch {
    FileHandle.standardError.write(Data("benchmarks: images: \(error)\n".utf8))
    exit(1)
} }

// MARK: Report

func format(_ value: Double, _ unit: String) -> String {
    if value.isNaN { return "n/a" }
    switch unit {
    case "/s": return String(format: "%.0f/s", value)
    case "allocs": return String(format: "%.2f", value)
    default: return String(format: value < 10 ? "%.2f %@" : "%.1f %@", value, unit)
    }
}

let machine = "\(ProcessInfo.processInfo.operatingSystemVersionString), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
    + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB"
var rows = [["benchmark", "median", "baseline (same run)", "ratio", "target", "ok"]]
for result in results {
    rows.append([
        result.name, format(result.median, result.unit),
        result.baseline.map { "\(result.baselineName ?? ""): \(format($0, result.unit))" } ?? "-",
        result.ratio.map { String(format: "%.2fx", $0) } ?? "-", result.target ?? "-", result.ok.map { $0 ? "yes" : "NO" } ?? "-",
    ])
}
let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
for row in rows {
    print(zip(row, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
}
print("machine: \(machine); \(repetitions) runs each\(quick ? " (quick)" : "")")

if let jsonPath {
    /// The JSON report: every figure and its runs; a figure that is absent or not finite is left out (null in `runs`).
    struct Report: Encodable {
        struct Row: Encodable {
            let name: String, median: Double?, unit: String, baselineName: String?, baseline: Double?, ratio: Double?
            let target: String?, ok: Bool?, runs: [Double?]
        }
        let machine: String
        let repetitions: Int
        let results: [Row]
    }
    func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }
    let report = Report(machine: machine, repetitions: repetitions, results: results.map { result in
        Report.Row(
            name: result.name, median: finite(result.median), unit: result.unit, baselineName: result.baselineName,
            baseline: finite(result.baseline), ratio: finite(result.ratio), target: result.target, ok: result.ok,
            runs: result.runs.map(finite))
    })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
        try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("benchmarks: cannot write \(jsonPath): \(error)\n".utf8))
        exit(1)
    }
}
