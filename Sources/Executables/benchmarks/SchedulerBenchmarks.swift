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

@MainActor func benchmarkScheduler(_ run: BenchmarkRun) -> Result {
    let tasks = run.quick ? 100_000 : 1_000_000
    var perTask: [Double] = []
    var ran = 0
    for _ in 0..<run.repetitions {
        let scheduler = TestScheduler()
        let random = SplitMix64(seed: 0x1234_5678)
        let counter = Counter()
        let elapsed = seconds {
            for _ in 0..<tasks {
                scheduler.schedule(after: .microseconds(Int64(random.next() >> 40) % 10_000_000)) { counter.bump() }
            }
            scheduler.advance(by: .seconds(10))
        }
        ran = counter.value
        perTask.append(elapsed / Double(tasks) * 1e9)
    }
    precondition(ran == tasks, "the scheduler ran \(ran) of \(tasks) tasks")
    let taskMedian = median(perTask)
    return Result(
        name: "scheduler: schedule and run one timed task (\(tasks) tasks)", median: taskMedian, unit: "ns",
        target: "< 1000 ns",
        ok: taskMedian < 1000, runs: perTask)
}

/// Counts work that runs inline on the benchmark's own thread: a TestScheduler runs its work inside
/// `advance(by:)`, and an image memory hit is delivered inside `loadImage`'s own call. Scheduled
/// closures must be `Sendable`, but no second thread ever touches the count, so it needs no lock
/// (a lock would add its own cost to the figures it counts for).
final class Counter: @unchecked Sendable {  // touched only by the thread that runs the benchmark
    private(set) var value = 0
    func bump() { value += 1 }
}
