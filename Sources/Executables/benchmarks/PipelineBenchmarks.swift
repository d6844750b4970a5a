import ConformanceFuzzing
import ConformanceKit
import Foundation
import ReferenceFeatures
import ReplaySeam

/// The argument that makes this executable the reference adapter (`conformance adapter`'s code),
/// so that the pipeline suite can start it as a child process without another product built.
let adapterChildArgument = "--serve-reference-adapter"

/// Serves the adapter protocol on standard input and output, as `conformance adapter` does.
func serveReferenceAdapter() -> Never {
    ReferenceAdapter(features: .reference).serve(
        readLine: { Swift.readLine(strippingNewline: true) },
        write: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) })
    exit(0)
}

/// The whole corpus through the one runner, as `conformance run` judges it: the reference in
/// process, the reference behind the adapter protocol in a child process, and the Python port
/// when python3 is on PATH. Each is timed in the same run, so the ratios are fair.
@MainActor func benchmarkPipeline(_ run: BenchmarkRun) throws -> [Result] {
    let catalog = try FixtureCatalog.locate()
    let entries = try catalog.entries()
    let runner = ConformanceRunner(catalog: catalog, features: .reference, recordMode: .never, isCI: true, timeout: 60)
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    let adapter = "'\(me.replacingOccurrences(of: "'", with: "'\\''"))' \(adapterChildArgument)"
    let python = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    let port = catalog.root.deletingLastPathComponent().appendingPathComponent("Ports/python/port.py").path

    /// Seconds for the whole corpus on `implementation`; stops the program if anything but a pass
    /// or a skip comes back, since a timing of failures means nothing.
    func corpus(_ implementation: some Implementation, _ name: String) -> Double {
        var report: RunReport?
        let elapsed = seconds { report = runner.run(entries, on: implementation) }
        if let bad = report?.results.first(where: { !$0.outcome.isPass && $0.outcome.label != "skipped" }) {
            fatalError("\(name): \(bad.id) \(bad.outcome.label): \(bad.outcome.message)")
        }
        return elapsed * 1000
    }
    var inProcess: [Double] = []
    var throughAdapter: [Double] = []
    var throughPython: [Double] = []
    for _ in 0..<run.repetitions {
        inProcess.append(corpus(ReferenceImplementation(features: .reference), "in process"))
        throughAdapter.append(corpus(AdapterImplementation(command: adapter), "adapter"))
        if python != nil {
            throughPython.append(corpus(AdapterImplementation(command: "python3 -B '\(port)'"), "python port"))
        }
    }
    let adapterRatio = median(zip(throughAdapter, inProcess).map { $0 / $1 })
    var results = [
        Result(
            name: "pipeline: whole corpus, reference in process (\(entries.count) scenarios)",
            median: median(inProcess), unit: "ms", runs: inProcess),
        Result(
            name: "pipeline: whole corpus, reference through the adapter protocol (one child process)",
            median: median(throughAdapter), unit: "ms",
            baselineName: "reference in process", baseline: median(inProcess), target: "<= 2x baseline",
            ok: adapterRatio <= 2,
            runs: throughAdapter, pairedRatio: adapterRatio),
    ]
    if python != nil {
        results.append(
            Result(
                name: "pipeline: whole corpus, the Python port through the adapter protocol",
                median: median(throughPython),
                unit: "ms", baselineName: "reference in process", baseline: median(inProcess), runs: throughPython,
                pairedRatio: median(zip(throughPython, inProcess).map { $0 / $1 })))
    }
    return results
}

/// `conformance fuzz` on the reference alone: scenarios generated and checked per second, per
/// feature (generation, the invariants' two replays, no shrinking).
@MainActor func benchmarkFuzz(_ run: BenchmarkRun) throws -> [Result] {
    let catalog = try FixtureCatalog.locate()
    let corpus = try catalog.entries().map { entry in
        try Scenario.parse(ScenarioText.read(entry.scenarioURL, path: entry.id), file: entry.id, features: .reference)
    }
    let fuzzer = Fuzzer(features: .reference, corpus: corpus, port: nil, maxSteps: 40)
    let count = run.quick ? 20 : 100
    return FeatureRegistry.reference.names.map { feature in
        var rates: [Double] = []
        for repetition in 0..<run.repetitions {
            let base = UInt64(repetition * count)
            let elapsed = seconds {
                for seed in base..<(base + UInt64(count)) {
                    if let finding = fuzzer.check(feature: feature, seed: seed) {
                        fatalError("\(feature) seed \(seed): \(finding.failure)")
                    }
                }
            }
            rates.append(Double(count) / elapsed)
        }
        return Result(
            name: "fuzz: \(feature), generated scenarios checked per second (reference alone)", median: median(rates),
            unit: "/s", runs: rates)
    }
}
