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

@MainActor func benchmarkReplay(_ run: BenchmarkRun) throws -> [Result] {
    var results: [Result] = []
    let catalog = try FixtureCatalog.locate()
    let entries = try catalog.entries()
    let replayer = Replayer(features: .reference)
    let scenarios = try entries.map { entry in
        try replayer.read(
            String(contentsOf: entry.scenarioURL, encoding: .utf8), file: catalog.displayPath(entry.scenarioURL),
            expectedID: entry.id)
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
    results.append(
        Result(
            name: "replay: fixture steps per second (\(scenarios.count) scenarios, \(steps) steps)",
            median: median(rates), unit: "/s", runs: rates))

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
