import Foundation
import MVIEssentials

/// One figure of the report: a median over runs, next to its baseline measured in the same run.
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

/// How much to measure: `--quick` runs fewer repetitions of smaller loads.
struct BenchmarkRun {
    let quick: Bool
    var repetitions: Int { quick ? 3 : 7 }
}

/// A group of benchmarks that `--only` names.
struct Suite {
    let name: String
    let run: @MainActor (BenchmarkRun) throws -> [Result]
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Where measured results go so that the optimizer must compute them: each value is added into
/// state that outlives the benchmark, behind a lock and a call that is never inlined. (An empty
/// `withExtendedLifetime` keeps a value alive but does not use its contents, so the optimizer may
/// delete a loop whose only use is that.) Called after a timed loop, or once a scenario; never
/// once an intent.
private let sinkTotal = Locked(0)

@inline(never) func blackHole(_ value: Int) {
    sinkTotal.withLock { $0 &+= value }
}

@inline(never) func blackHole(_ value: String) {
    blackHole(value.utf8.count)
}

/// Hides a value from the optimizer, so a function value is really called through.
@inline(never) func opaque<T>(_ value: T) -> T { value }
