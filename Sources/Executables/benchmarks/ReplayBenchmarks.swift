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
    for _ in 0..<run.repetitions {
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
    for _ in 0..<run.repetitions {
        times.append(seconds { blackHole(replay(hour)) } * 1000)
    }
    let hourMedian = median(times)
    results.append(Result(name: "replay: one hour of countdown (36,569 ticks)", median: hourMedian, unit: "ms", target: "< 200 ms", ok: hourMedian < 200, runs: times))
    if let port = try benchmarkPythonPort(run, catalog: catalog, entries: entries, scenarios: scenarios, replay: replay) {
        results.append(port)
    }
    return results
}

/// The whole corpus through the Python port (Ports/python, a child process speaking the adapter
/// protocol, as `conformance run --adapter` runs it, with the transcripts compared) against the
/// in-process reference replaying and formatting the same scenarios, side by side in each run.
/// Nil, with a note, when python3 is not on PATH.
@MainActor private func benchmarkPythonPort(
    _ run: BenchmarkRun, catalog: FixtureCatalog, entries: [FixtureCatalog.Entry], scenarios: [Scenario], replay: (Scenario) -> String
) throws -> Result? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard paths.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }) else {
        FileHandle.standardError.write(Data("benchmarks: replay: python3 is not on PATH; the Python port's row is left out\n".utf8))
        return nil
    }
    let root = FixtureCatalog.packageRoot
    let port = root.appendingPathComponent("Ports/python/port.py").path
    let command = "python3 -B '\(port.replacingOccurrences(of: "'", with: "'\\''"))'"
    let runner = ConformanceRunner(catalog: catalog, features: .reference, isCI: true, timeout: 120)
    var viaPort: [Double] = []
    var inProcess: [Double] = []
    for _ in 0..<run.repetitions {
        var report: RunReport?
        viaPort.append(seconds { report = runner.run(entries, on: AdapterImplementation(command: command, directory: root), command: command) } * 1000)
        if let failed = report?.results.first(where: { $0.outcome != .passed }) {
            throw BenchmarkFailure(message: "the Python port did not pass \(failed.id): \(failed.outcome.message)")
        }
        inProcess.append(seconds { for scenario in scenarios { blackHole(replay(scenario)) } } * 1000)
    }
    return Result(
        name: "replay: whole corpus through the Python port (\(entries.count) scenarios, protocol, one process)", median: median(viaPort), unit: "ms",
        baselineName: "in-process reference", baseline: median(inProcess), runs: viaPort,
        pairedRatio: median(zip(viaPort, inProcess).map { $0 / $1 }))
}

private struct BenchmarkFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
