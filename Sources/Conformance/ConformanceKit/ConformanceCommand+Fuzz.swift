import CommandLineSupport
import FixtureFormat
import Foundation

/// `conformance fuzz`: differential fuzzing with shrinking (docs/fuzzing.md).
extension ConformanceCommand {
    static let fuzzSubcommand = SubcommandSpec(
        "fuzz", arguments: "[<feature> ...]",
        abstract: "generate scenarios from each feature's description and check the reference alone, or a port against it step by step",
        options: [
            .value("adapter", "COMMAND", "check this port against the reference in lockstep (without it: the reference's invariants)"),
            .value("seed", "S", "the first scenario's seed (default: a random one, printed); scenario k uses S + k"),
            .value("runs", "N", "scenarios per feature (default 100)"),
            .value("max-steps", "K", "events a generated scenario holds at most before its final answers (default 40)"),
            .value("time-budget", "SECONDS", "stop starting scenarios after this long in all, shared by the features"),
            .value("out", "DIR", "where each shrunk failure is written as a fixture, <feature>/fuzz-<seed>.jsonl and its golden (default: fuzz-findings)"),
            .value("fixtures", "DIR", "the corpus whose configs and field values are hints (default: as for run)"),
            .flag("print", "print each generated scenario's lines as they are checked"),
            .value("known", "FILE", "a list of scenario files (.jsonl) a port knowingly fails: a failure that shrinks to one is stepped over, and the feature goes on"),
            .flag("keep-going", "after a failure, go on with the feature's next scenarios instead of stopping it; a failure shrunk to a scenario found before is named, not written again"),
        ])

    /// The command line that checks one failing seed again, under this command's name: the same
    /// seed makes the same scenario only with the same corpus (its configs and values are hints),
    /// step limit and port, so it names the fixtures folder unless it is the working folder's
    /// `./Fixtures`.
    public func again(_ feature: String, seed: UInt64, catalog: FixtureCatalog? = nil, maxSteps: Int? = nil, adapter: String?) -> String {
        Self.fuzzAgain(command: name, feature: feature, seed: seed, catalog: catalog, maxSteps: maxSteps, adapter: adapter)
    }

    static func fuzzAgain(command: String = "conformance", feature: String, seed: UInt64, catalog: FixtureCatalog?, maxSteps: Int?, adapter: String?) -> String {
        "\(command) fuzz \(feature) --seed \(seed) --runs 1" + (catalog?.fixturesOption ?? "") + (maxSteps.map { " --max-steps \($0)" } ?? "")
            + (adapter.map { " --adapter \(FixtureCatalog.shellQuoted($0))" } ?? "")
    }

    /// Runs `fuzz`; nil for another subcommand.
    func runFuzz(_ parsed: ParsedCommand, io: IO) throws(UsageError) -> Int32? {
        guard parsed.subcommand == "fuzz" else { return nil }
        func fail(_ message: String) -> UsageError { UsageError(command: "conformance", subcommand: "fuzz", message) }
        func number(_ name: String, _ range: ClosedRange<Int>, default value: Int) throws(UsageError) -> Int {
            guard let raw = parsed.value(name) else { return value }
            guard let number = Int(raw), range.contains(number) else {
                throw fail("--\(name) \(raw): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        let runs = try number("runs", 1...1_000_000, default: 100)
        let maxSteps = try number("max-steps", 1...10_000, default: 40)
        var budget: Double?
        if let raw = parsed.value("time-budget") {
            guard let seconds = Double(raw), seconds.isFinite, seconds > 0 else { throw fail("--time-budget \(raw): expected a number of seconds above 0") }
            budget = seconds
        }
        let seed: UInt64
        if let raw = parsed.value("seed") {
            guard let value = UInt64(raw) else { throw fail("--seed \(raw): expected a whole number from 0 to \(UInt64.max)") }
            seed = value
        } else {
            seed = UInt64.random(in: 0...UInt64(UInt32.max))
        }
        let names = parsed.arguments.isEmpty ? features.names : parsed.arguments
        if let unknown = names.first(where: { features[$0] == nil }) {
            throw fail("unknown feature \(unknown); known: \(features.names.joined(separator: ", "))")
        }
        if parsed.value("adapter")?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw fail("--adapter needs a command") }
        let out = URL(fileURLWithPath: parsed.value("out") ?? "fuzz-findings")

        // The corpus's configs and values are hints; without a corpus the schemas alone generate.
        var corpus: [Scenario] = []
        let catalog = try? FixtureCatalog.locate(explicit: parsed.value("fixtures"), environment: io.environment)
        if let catalog {
            for entry in (try? catalog.entries()) ?? [] {
                if let text = try? ScenarioText.read(entry.scenarioURL, path: entry.id),
                    let scenario = try? Scenario.parse(text, file: entry.id, features: features)
                {
                    corpus.append(scenario)
                }
            }
        }
        let command = parsed.value("adapter")
        let port = command.map { AdapterImplementation(command: $0) }
        defer { port?.stop() }
        let fuzzer = Fuzzer(features: features, corpus: corpus, port: port, maxSteps: maxSteps)
        io.out("fuzz: \(names.joined(separator: ", ")), \(runs) scenario\(runs == 1 ? "" : "s") each from seed \(seed), "
            + (command.map { "the port \($0) against the reference" } ?? "the reference's invariants") + "\n")

        var known = KnownDivergences()
        if let path = parsed.value("known") {
            do { known = try KnownDivergences(contentsOf: URL(fileURLWithPath: path)) } catch { throw fail("--known: \(error)") }
        }
        let keepGoing = parsed.flag("keep-going")
        // With --keep-going, the seed that first gave each shrunk scenario (its feature and events).
        var shrunkBefore: [String: UInt64] = [:]
        let started = Date()
        var findings = 0
        var stepped = 0
        var scenarios = 0
        var steps = 0
        var status = ExitStatus.success
        for (index, feature) in names.enumerated() {
            // The budget left is shared by the features still to run.
            let share = budget.map { ($0 - Date().timeIntervalSince(started)) / Double(names.count - index) }
            let featureStarted = Date()
            var ran = 0
            for run in 0..<runs {
                if let share, Date().timeIntervalSince(featureStarted) >= share { break }
                let runSeed = seed &+ UInt64(run)
                if io.isTerminal {
                    let rate = Double(steps) / max(Date().timeIntervalSince(started), 0.001)
                    io.out("\r\u{1B}[K\(feature): \(run + 1)/\(runs), \(Int(rate)) steps/s, \(findings) failing")
                }
                ran += 1
                if parsed.flag("print") {
                    let (header, events) = fuzzer.generate(feature: feature, seed: runSeed)
                    io.out(([header] + events).map { JSONValue.object($0).compactText + "\n" }.joined())
                }
                guard let finding = fuzzer.check(feature: feature, seed: runSeed, shrinkFor: min(60, budget ?? 60), steps: &steps) else { continue }
                if let file = known.file(feature: feature, config: finding.header["config"], events: finding.shrunk) {
                    if io.isTerminal { io.out("\r\u{1B}[K") }
                    io.out("known \(feature), seed \(runSeed): \(finding.failure.kind), shrunk to \(file); stepped over\n")
                    stepped += 1
                    continue
                }
                findings += 1
                status = ExitStatus.failure
                if io.isTerminal { io.out("\r\u{1B}[K") }
                io.out("FAIL  \(feature), seed \(runSeed): \(finding.failure)\n")
                io.out("    \(finding.original.count) steps, shrunk to \(finding.shrunk.count); again: "
                    + again(feature, seed: runSeed, catalog: catalog, maxSteps: parsed.value("max-steps").map { _ in maxSteps }, adapter: command)
                    + "\n")
                let shrunkKey = ([feature] + finding.shrunk.map { JSONValue.object($0).compactText }).joined(separator: "\n")
                if let first = shrunkBefore[shrunkKey] {
                    io.out("    the same shrunk scenario as seed \(first): not written again\n")
                    continue
                }
                shrunkBefore[shrunkKey] = runSeed
                if let fixture = fuzzer.fixture(finding) {
                    let folder = out.appendingPathComponent(feature)
                    do {
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                        try GoldenFile.writeAtomically(fixture.scenario, to: folder.appendingPathComponent("fuzz-\(runSeed).jsonl"))
                        if !fixture.golden.isEmpty {
                            try GoldenFile.writeAtomically(fixture.golden, to: folder.appendingPathComponent("fuzz-\(runSeed).golden.txt"))
                        }
                        io.out("    written: \(folder.path)/fuzz-\(runSeed).jsonl\n")
                    } catch {
                        io.err("conformance: could not write the fixture under \(folder.path): \(error)\n")
                    }
                }
                if !keepGoing { break }
            }
            scenarios += ran
            if io.isTerminal { io.out("\r\u{1B}[K") }
        }
        let seconds = Date().timeIntervalSince(started)
        io.out("fuzz: \(scenarios) scenario\(scenarios == 1 ? "" : "s") (\(steps) steps) in \(String(format: "%.1f", seconds)) s, \(findings) failing"
            + (stepped > 0 ? ", \(stepped) known stepped over" : "") + "; seed \(seed)\n")
        return status
    }
}
