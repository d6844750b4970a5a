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

@MainActor func benchmarkServer(_ run: BenchmarkRun) throws -> [Result] {
    var results: [Result] = []
    let server = MockServer(configuration: .init(data: try MockData.locate()))
    try server.start()
    let connections = 64
    let perConnection = run.quick ? 50 : 300
    var rates: [Double] = []
    var p50s: [Double] = []
    var p99s: [Double] = []
    for _ in 0..<(run.quick ? 1 : 3) {
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
                    latencies.set(
                        index * perConnection + request, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
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
    results.append(
        Result(
            name: "mock server: Cat API requests per second (64 keep-alive connections)", median: median(rates),
            unit: "/s", runs: rates))
    results.append(Result(name: "mock server: p50 latency", median: median(p50s), unit: "ms", runs: p50s))
    results.append(Result(name: "mock server: p99 latency", median: median(p99s), unit: "ms", runs: p99s))
    return results
}

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
