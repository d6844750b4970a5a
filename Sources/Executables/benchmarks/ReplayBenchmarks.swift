import AllocationCounter
import ConformanceKit
import Foundation
import MVICore
import MVIEssentials
import MVIImagePipeline
import MVIJSON
import MVITestSupport
import MockHTTPServer
import ReferenceFeatures
import ReplaySeam
import SeededRandom

@MainActor func benchmarkReplay(_ run: BenchmarkRun) throws -> [Result] {
    var results: [Result] = []
    let catalog = try FixtureCatalog.locate()
    let entries = try catalog.entries()
    let replayer = ReferenceImplementation(features: .reference)
    let scenarios = try entries.map { entry in
        try Scenario.parse(
            ScenarioText.read(entry.scenarioURL, path: catalog.displayPath(entry.scenarioURL)),
            file: catalog.displayPath(entry.scenarioURL),
            expectedID: entry.id, features: .reference)
    }
    let steps = scenarios.reduce(0) { $0 + $1.events.count }
    // Replays are checked once outside the timed loops, so the loops need no error handling.
    for scenario in scenarios { _ = try replayer.replay(scenario) }
    func replay(_ scenario: Scenario) -> String {
        guard let result = try? replayer.replay(scenario) else { fatalError("\(scenario.id) stopped replaying") }
        return TranscriptFormatter.text(result)
    }
    var rates: [Double] = []
    for _ in 0..<run.repetitions {
        let elapsed = seconds {
            for scenario in scenarios { blackHole(replay(scenario)) }
        }
        rates.append(Double(steps) / elapsed)
    }
    let stepsMedian = median(rates)
    results.append(
        Result(
            name: "replay: fixture steps per second on one core (\(scenarios.count) scenarios, \(steps) steps)",
            median: stepsMedian, unit: "/s", target: ">= 100,000/s", ok: stepsMedian >= 100_000, runs: rates))
    results += try benchmarkJSONReader(run, entries)

    guard let hour = scenarios.first(where: { $0.id == "timer/hour-longest-countdown" }) else {
        fatalError("the hour scenario timer/hour-longest-countdown is missing from Fixtures/")
    }
    var times: [Double] = []
    for _ in 0..<run.repetitions {
        times.append(seconds { blackHole(replay(hour)) } * 1000)
    }
    let hourMedian = median(times)
    results.append(
        Result(
            name: "replay: one hour of countdown (36,569 ticks)", median: hourMedian, unit: "ms", target: "< 200 ms",
            ok: hourMedian < 200, runs: times))
    return results
}

/// The JSON reader (MVIJSON's `JSONValue.parse`, which reads every scenario line) against
/// Foundation's `JSONSerialization` on the same bytes, the corpus's scenario lines, in the same run:
/// megabytes of JSON read per second.
func benchmarkJSONReader(_ run: BenchmarkRun, _ entries: [FixtureCatalog.Entry]) throws -> [Result] {
    let lines = try entries.flatMap { entry in
        try ScenarioText.read(entry.scenarioURL, path: entry.id).split(separator: "\n").map(String.init)
    }
    let data = lines.map { Data($0.utf8) }
    let megabytes = Double(data.reduce(0) { $0 + $1.count }) / 1_000_000
    var ours: [Double] = []
    var foundation: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<run.repetitions {
        let mine = seconds {
            for line in lines { blackHole((try? JSONValue.parse(line)) == nil ? 0 : 1) }
        }
        let theirs = seconds {
            for bytes in data { blackHole((try? JSONSerialization.jsonObject(with: bytes)) == nil ? 0 : 1) }
        }
        ours.append(megabytes / mine)
        foundation.append(megabytes / theirs)
        ratios.append(theirs / mine)
    }
    var result = Result(
        name: String(format: "json: the reader, MB/s over the scenario lines (%.1f MB)", megabytes),
        median: median(ours), unit: "MB/s", baselineName: "JSONSerialization", baseline: median(foundation), runs: ours)
    result.pairedRatio = median(ratios)
    return [result]
}
