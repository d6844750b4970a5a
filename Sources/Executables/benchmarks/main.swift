import CommandLineSupport
import Foundation

// `swift run -c release benchmarks [--json FILE] [--quick] [--only LIST]`: medians over repeated
// runs, each next to its baseline measured in the same run. The figures and their targets:
// docs/performance.md. Each suite is a file of its own; this one lists them and reports.

if CommandLine.arguments.dropFirst().first == adapterChildArgument { serveReferenceAdapter() }

let suites = [
    Suite(name: "store", run: benchmarkStore),
    Suite(name: "effects", run: benchmarkEffects),
    Suite(name: "replay", run: benchmarkReplay),
    Suite(name: "pipeline", run: benchmarkPipeline),
    Suite(name: "fuzz", run: benchmarkFuzz),
    Suite(name: "scheduler") { [benchmarkScheduler($0)] },
    Suite(name: "server", run: benchmarkServer),
    Suite(name: "images") { try benchmarkImageMemoryHit($0) + benchmarkImageCoalescing($0) },
]
let names = suites.map(\.name)

let spec = CommandSpec(
    name: "benchmarks",
    abstract: "Medians over repeated runs, each next to its baseline measured in the same run (docs/performance.md).",
    options: [
        .value("json", "FILE", "also write the results as JSON"),
        .flag("quick", "fewer repetitions and smaller loads"),
        .value("only", "LIST", "only these groups, comma-separated: " + names.joined(separator: ", ")),
    ],
    discussion: "Build with -c release: swift run -c release benchmarks")

/// What the command line asks for, read once: the work below reads these fields, not option names.
struct BenchmarkOptions {
    /// `--quick`: fewer repetitions and smaller loads.
    var quick: Bool
    /// `--only`: the groups to run; empty runs them all.
    var only: Set<String>
    /// `--json FILE`: where to write the results as JSON too.
    var json: String?

    init(_ parsed: ParsedCommand, groups: [String]) throws(UsageError) {
        if let extra = (parsed.arguments + parsed.passthrough).first {
            throw UsageError(command: "benchmarks", "unexpected argument \(extra)")
        }
        quick = parsed.flag("quick")
        only = Set((parsed.value("only") ?? "").split(separator: ",").map(String.init))
        if let unknown = only.subtracting(groups).sorted().first {
            throw UsageError(
                command: "benchmarks",
                "--only: unknown group \(unknown); expected one of \(groups.joined(separator: ", "))")
        }
        json = parsed.value("json")
    }
}

let options: BenchmarkOptions
do throws(UsageError) {
    options = try BenchmarkOptions(spec.parseOrExit(), groups: names)
} catch {
    spec.exit(usage: error)
}
let run = BenchmarkRun(quick: options.quick)

#if DEBUG
    FileHandle.standardError.write(
        Data("benchmarks: this is a debug build; numbers mean little. Use `swift run -c release benchmarks`.\n".utf8))
#endif

var results: [Result] = []
for suite in suites where options.only.isEmpty || options.only.contains(suite.name) {
    do {
        results += try suite.run(run)
    } catch {
        FileHandle.standardError.write(Data("benchmarks: \(suite.name): \(error)\n".utf8))
        exit(1)
    }
}

Report.print(results, run)
if let jsonPath = options.json {
    do {
        try Report.write(results, run, to: jsonPath)
    } catch {
        FileHandle.standardError.write(Data("benchmarks: cannot write \(jsonPath): \(error)\n".utf8))
        exit(1)
    }
}
