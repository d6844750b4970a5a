import CommandLineSupport
import ConformanceFuzzing
import ConformanceKit
import FixtureFormat
import Foundation
import ReplaySeam

/// `conformance fuzz`: differential fuzzing with shrinking (docs/fuzzing.md).
extension ConformanceCommand {
    static let fuzzSubcommand = SubcommandSpec(
        "fuzz", arguments: "[<feature> ...]",
        abstract:
            "generate scenarios from each feature's description and check the reference alone, or a port against it at every step",
        options: [
            .value(
                "adapter", "COMMAND",
                "check this port against the reference, each scenario sent whole (without it: the reference's invariants)"
            ),
            .value("seed", "S", "the first scenario's seed (default: a random one, printed); scenario k uses S + k"),
            .value("runs", "N", "scenarios per feature (default 100)"),
            .value("max-steps", "K", "events a generated scenario holds at most before its final answers (default 40)"),
            .value("time-budget", "SECONDS", "stop starting scenarios after this long in all, shared by the features"),
            .value(
                "out", "DIR",
                "where each shrunk failure is written as a fixture, <feature>/fuzz-<seed>.jsonl and its golden (default: fuzz-findings)"
            ),
            .value("fixtures", "DIR", "the corpus whose configs and field values are hints (default: as for run)"),
            .flag("print", "print each generated scenario's lines as they are checked"),
            .value(
                "known", "FILE",
                "a list of scenario files (.jsonl) a port knowingly fails: a failure that shrinks to one is stepped over, and the feature goes on"
            ),
            .flag(
                "check",
                "judge the scenario files given (written findings, <out>/<feature>/fuzz-<seed>.jsonl) again, as fuzz judged them, instead of generating"
            ),
            .flag(
                "keep-going",
                "after a failure, go on with the feature's next scenarios instead of stopping it; a failure shrunk to a scenario found before is named, not written again"
            ),
            .value(
                "jobs", "N",
                "check N of a feature's scenarios at once, the output the same (default: one per core; 1 with --adapter)"
            ),
        ])

    /// The command line that checks one failing seed again, under this command's name: the same
    /// seed makes the same scenario only with the same corpus (its configs and values are hints),
    /// step limit and port, so it names the fixtures folder unless it is the working folder's
    /// `./Fixtures`.
    public func again(
        _ feature: String, seed: UInt64, catalog: FixtureCatalog? = nil, maxSteps: Int? = nil, adapter: String?
    ) -> String {
        "\(name) fuzz \(feature) --seed \(seed) --runs 1" + (catalog?.fixturesOption ?? "")
            + (maxSteps.map { " --max-steps \($0)" } ?? "")
            + (adapter.map { " --adapter \(FixtureCatalog.shellQuoted($0))" } ?? "")
    }

}

/// `fuzz`'s options, read and checked from the command line in one place.
struct FuzzOptions: ConformanceSubcommand {
    let command: ConformanceCommand
    /// The features to fuzz, in order (default: all).
    var features: [String]
    var runs: Int
    var maxSteps: Int
    /// Whether `--max-steps` was given, so that the again line repeats it.
    var maxStepsGiven: Bool
    /// `--time-budget`, in seconds.
    var budget: Double?
    var seed: UInt64
    /// `--adapter`: the port's command; nil: the reference's invariants.
    var adapter: String?
    var out: URL
    /// `--out` as it was given, for the commands a finding's record names.
    var outShown: String
    /// `--fixtures`: the corpus whose configs and values are hints.
    var fixtures: String?
    var print: Bool
    var known: KnownDivergences
    var keepGoing: Bool
    /// `--jobs`: scenarios checked at once, each lane with a fuzzer (and a port) of its own.
    var jobs: Int
    /// `--check`: the arguments are scenario files to judge again.
    var check: Bool
    var files: [String]

    init(_ parsed: ParsedCommand, command: ConformanceCommand) throws(UsageError) {
        self.command = command
        let registry = command.features
        func fail(_ message: String) -> UsageError { UsageError(command: command.name, subcommand: "fuzz", message) }
        func number(_ name: String, _ range: ClosedRange<Int>, default value: Int) throws(UsageError) -> Int {
            guard let raw = parsed.value(name) else { return value }
            guard let number = Int(raw), range.contains(number) else {
                throw fail("--\(name) \(raw): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        runs = try number("runs", 1...1_000_000, default: 100)
        maxSteps = try number("max-steps", 1...10_000, default: 40)
        maxStepsGiven = parsed.value("max-steps") != nil
        if let raw = parsed.value("time-budget") {
            guard let seconds = Double(raw), seconds.isFinite, seconds > 0 else {
                throw fail("--time-budget \(raw): expected a number of seconds above 0")
            }
            budget = seconds
        }
        if let raw = parsed.value("seed") {
            guard let value = UInt64(raw) else {
                throw fail("--seed \(raw): expected a whole number from 0 to \(UInt64.max)")
            }
            seed = value
        } else {
            seed = UInt64.random(in: 0...UInt64(UInt32.max))
        }
        check = parsed.flag("check")
        files = check ? parsed.arguments : []
        if check, files.isEmpty { throw fail("--check needs the scenario files to judge") }
        features = parsed.arguments.isEmpty || check ? registry.names : parsed.arguments
        if let unknown = features.first(where: { registry[$0] == nil }) {
            throw fail(
                "unknown feature \(unknown); known: \(registry.names.joined(separator: ", "))"
                    + Suggestion.didYouMean(unknown, among: registry.names))
        }
        adapter = parsed.value("adapter")
        if adapter?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw fail("--adapter needs a command") }
        outShown = parsed.value("out") ?? "fuzz-findings"
        out = URL(fileURLWithPath: outShown)
        fixtures = parsed.value("fixtures")
        print = parsed.flag("print")
        known = KnownDivergences()
        if let path = parsed.value("known") {
            do { known = try KnownDivergences(contentsOf: URL(fileURLWithPath: path)) } catch {
                throw fail("--known: \(error)")
            }
        }
        keepGoing = parsed.flag("keep-going")
        jobs = ProcessInfo.processInfo.activeProcessorCount
        if adapter != nil { jobs = 1 }
        if let raw = parsed.value("jobs") {
            guard let count = Int(raw), (1...256).contains(count) else {
                throw fail("--jobs \(raw): expected a whole number of scenarios at once, from 1 to 256")
            }
            jobs = count
        }
    }

    func run(io: ConformanceCommand.IO) -> Int32 {
        check
            ? FuzzRun(command: command, options: self, io: io).checkFiles()
            : FuzzRun(command: command, options: self, io: io).run()
    }
}

/// One `fuzz` run: the corpus read, the loop over features and seeds, each finding written.
struct FuzzRun {
    let command: ConformanceCommand
    let options: FuzzOptions
    let io: ConformanceCommand.IO

    func run() -> Int32 {
        let catalog: FixtureCatalog?
        let corpus: [Scenario]
        do {
            (catalog, corpus) = try readCorpus()
        } catch {
            io.err("\(command.name): \(error)\n")
            return ExitStatus.usage
        }
        // This fuzzer generates what --print shows and writes the findings; the lanes check.
        var fuzzer = Fuzzer(features: command.features, corpus: corpus, port: nil, maxSteps: options.maxSteps)
        fuzzer.commandName = command.name
        let names = options.features
        io.out(
            "fuzz: \(names.joined(separator: ", ")), \(options.runs) scenario\(options.runs == 1 ? "" : "s") each from seed \(options.seed), "
                + (options.adapter.map { "the port \($0) against the reference" }
                    ?? "the reference's invariants only (no error, the same outputs twice, no request left pending, "
                    + "a bounded transcript); with --adapter COMMAND, a port against the reference step by step")
                + "\n")
        var tally = Tally(started: Date())
        for (index, feature) in names.enumerated() {
            // The budget left is shared by the features still to run.
            let share = options.budget.map {
                ($0 - Date().timeIntervalSince(tally.started)) / Double(names.count - index)
            }
            fuzz(feature, with: fuzzer, corpus: corpus, catalog: catalog, share: share, tally: &tally)
            if io.isTerminal { io.out("\r\u{1B}[K") }
        }
        let seconds = Date().timeIntervalSince(tally.started)
        io.out(
            "fuzz: \(tally.scenarios) scenario\(tally.scenarios == 1 ? "" : "s") (\(tally.steps) steps) in \(String(format: "%.1f", seconds)) s, "
                + "\(tally.findings) failing" + (tally.stepped > 0 ? ", \(tally.stepped) known stepped over" : "")
                + "; seed \(options.seed)\n")
        return tally.findings > 0 ? ExitStatus.failure : ExitStatus.success
    }

    /// `--check`: each written finding judged again, as `fuzz` judged it when it wrote it: `FAIL`
    /// with its failure while the bug is there (status 1), `holds` once it is fixed.
    func checkFiles() -> Int32 {
        let port = options.adapter.map { AdapterImplementation(command: $0) }
        defer { port?.stop() }
        // Judging needs no hints: the corpus is not read.
        let fuzzer = Fuzzer(features: command.features, corpus: [], port: port, maxSteps: options.maxSteps)
        var failing = 0
        for path in options.files {
            do {
                let text = try ScenarioText.read(URL(fileURLWithPath: path), path: path)
                var lines: [JSONObject] = []
                for line in text.split(separator: "\n") {
                    guard case .object(let object) = try JSONValue.parse(String(line)) else {
                        throw CatalogError.other("\(path): a line that is not a JSON object")
                    }
                    lines.append(object)
                }
                guard let header = lines.first else { throw CatalogError.other("\(path): empty") }
                switch fuzzer.judge(header: header, events: Array(lines.dropFirst())) {
                case .holds: io.out("holds  \(path)\n")
                case .failed(let failure):
                    failing += 1
                    io.out("FAIL  \(path): \(failure)\n")
                case .invalid:
                    // What the reader or the reference refuses: the run's own message names it.
                    _ = try Scenario.parse(text, file: path, features: command.features)
                    throw CatalogError.other("\(path): not a scenario the reference can replay against a port")
                }
            } catch {
                io.err("\(command.name): \(error)\n")
                return ExitStatus.usage
            }
        }
        return failing > 0 ? ExitStatus.failure : ExitStatus.success
    }

    /// What a run has done so far.
    struct Tally {
        let started: Date
        var findings = 0
        var stepped = 0
        var scenarios = 0
        var steps = 0
        /// With --keep-going, the seed that first gave each shrunk scenario (its feature and events).
        var shrunkBefore: [String: UInt64] = [:]
    }

    /// The corpus whose configs and values are hints, and its catalog. Without a fixtures folder
    /// (none named, none found) the schemas alone generate; a folder or file named or found that
    /// cannot be read is an error that names it. Scenarios of features this command does not
    /// replay are left out.
    func readCorpus() throws -> (FixtureCatalog?, [Scenario]) {
        let catalog: FixtureCatalog
        do {
            catalog = try FixtureCatalog.locate(explicit: options.fixtures, environment: io.environment)
        } catch {
            if options.fixtures == nil && io.environment["CONFORMANCE_FIXTURES"].map(\.isEmpty) != false {
                return (nil, [])
            }
            throw error
        }
        var corpus: [Scenario] = []
        for entry in try catalog.entries() where command.features[entry.feature] != nil {
            let path = catalog.displayPath(entry.scenarioURL)
            let text = try ScenarioText.read(entry.scenarioURL, path: path)
            corpus.append(try Scenario.parse(text, file: entry.id, features: command.features))
        }
        return (catalog, corpus)
    }

    /// What a lane made of one seed: its finding, if it failed, and its number of events; or nothing,
    /// when the feature's share of the budget was spent before it began.
    struct Checked: Sendable {
        var finding: Fuzzer.Finding?
        var steps = 0
        var started = true
    }

    /// Fuzzes one feature until its runs are done, its share of the budget is spent, or (without
    /// --keep-going) its first failure. Its seeds are checked on `--jobs` lanes, each with a fuzzer
    /// and a port of its own, and told here in their order, so the output is the same with any
    /// number of lanes (the times aside).
    func fuzz(
        _ feature: String, with fuzzer: Fuzzer, corpus: [Scenario], catalog: FixtureCatalog?, share: Double?,
        tally: inout Tally
    ) {
        let deadline = share.map { Date().addingTimeInterval($0) }
        let shrinkFor = min(60, options.budget ?? 60)
        let (features, maxSteps, adapter, name, seed) =
            (command.features, options.maxSteps, options.adapter, command.name, options.seed)
        var stop = false
        Lanes.run(
            count: options.runs, lanes: options.jobs,
            make: {
                var fuzzer = Fuzzer(
                    features: features, corpus: corpus, port: adapter.map { AdapterImplementation(command: $0) },
                    maxSteps: maxSteps)
                fuzzer.commandName = name
                return fuzzer
            },
            work: { fuzzer, run in
                if let deadline, Date() >= deadline { return Checked(started: false) }
                var checked = Checked()
                checked.finding = fuzzer.check(
                    feature: feature, seed: seed &+ UInt64(run), shrinkFor: shrinkFor, steps: &checked.steps)
                return checked
            },
            finish: { $0.port?.stop() },
            consume: { run, checked in
                guard checked.started else { return false }
                tell(feature, run: run, checked, with: fuzzer, catalog: catalog, tally: &tally, stop: &stop)
                return !stop
            })
    }

    /// One seed's result, in the seeds' order: its progress, its scenario with --print, and its
    /// finding, written unless it is known or found before; `stop` is set after a finding that ends
    /// the feature (without --keep-going).
    private func tell(
        _ feature: String, run: Int, _ checked: Checked, with fuzzer: Fuzzer, catalog: FixtureCatalog?,
        tally: inout Tally, stop: inout Bool
    ) {
        let runSeed = options.seed &+ UInt64(run)
        if io.isTerminal {
            let rate = Double(tally.steps) / max(Date().timeIntervalSince(tally.started), 0.001)
            io.out("\r\u{1B}[K\(feature): \(run + 1)/\(options.runs), \(Int(rate)) steps/s, \(tally.findings) failing")
        }
        tally.scenarios += 1
        tally.steps += checked.steps
        if options.print {
            let (header, events) = fuzzer.generate(feature: feature, seed: runSeed)
            io.out(([header] + events).map { JSONValue.object($0).compactText + "\n" }.joined())
        }
        guard let finding = checked.finding else { return }
        if let file = options.known.file(feature: feature, config: finding.header["config"], events: finding.shrunk) {
            if io.isTerminal { io.out("\r\u{1B}[K") }
            io.out(
                "known \(feature), seed \(runSeed): \(finding.failure.kind.rawValue), shrunk to \(file); stepped over\n"
            )
            tally.stepped += 1
            return
        }
        tally.findings += 1
        if io.isTerminal { io.out("\r\u{1B}[K") }
        io.out("FAIL  \(feature), seed \(runSeed): \(finding.found)\n")
        let again = command.again(
            feature, seed: runSeed, catalog: catalog, maxSteps: options.maxStepsGiven ? options.maxSteps : nil,
            adapter: options.adapter)
        io.out("    \(finding.original.count) steps, shrunk to \(finding.shrunk.count); again: \(again)\n")
        if finding.failure != finding.found {
            // The written scenario's own failure: its step and request numbers are the fixture's.
            io.out("    as written: \(finding.failure)\n")
        }
        let shrunkKey = ([feature] + finding.shrunk.map { JSONValue.object($0).compactText }).joined(separator: "\n")
        if let first = tally.shrunkBefore[shrunkKey] {
            io.out("    the same shrunk scenario as seed \(first): not written again\n")
            return
        }
        tally.shrunkBefore[shrunkKey] = runSeed
        if let fixture = fuzzer.fixture(finding) {
            write(fixture, record: record(finding, again: again), feature: feature, seed: runSeed)
        }
        if !options.keepGoing { stop = true }
    }

    /// What the report shows of a finding: its failure and the commands that check it again.
    func record(_ finding: Fuzzer.Finding, again: String) -> FindingRecord {
        let id = "\(finding.feature)/fuzz-\(finding.seed)"
        let folder = FixtureCatalog.shellQuoted(options.outShown)
        let replay =
            options.adapter.map {
                "\(command.name) run --fixtures \(folder) \(id) --adapter \(FixtureCatalog.shellQuoted($0))"
            } ?? "\(command.name) show --fixtures \(folder) \(id)"
        return FindingRecord(
            format: 1, feature: finding.feature, seed: String(finding.seed), kind: finding.failure.kind.rawValue,
            step: finding.failure.step, message: finding.failure.message, reference: finding.failure.reference,
            port: finding.failure.port, originalSteps: finding.original.count,
            shrunkSteps: finding.shrunk.count, again: again, replay: replay, adapter: options.adapter)
    }

    /// Writes a shrunk finding as a fixture, its golden and its record under `--out`; a folder or
    /// file that cannot be written is named on standard error (the run fails already, by its finding).
    func write(_ fixture: (scenario: String, golden: String), record: FindingRecord, feature: String, seed: UInt64) {
        let folder = options.out.appendingPathComponent(feature)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try GoldenFile.writeAtomically(fixture.scenario, to: folder.appendingPathComponent("fuzz-\(seed).jsonl"))
            if !fixture.golden.isEmpty {
                try GoldenFile.writeAtomically(
                    fixture.golden, to: folder.appendingPathComponent("fuzz-\(seed).golden.txt"))
            }
            try GoldenFile.writeAtomically(
                Reports.encode(record), to: folder.appendingPathComponent(FindingRecord.fileName(seed: record.seed)))
            io.out("    written: \(folder.path)/fuzz-\(seed).jsonl\n")
        } catch {
            io.err("\(command.name): could not write the fixture under \(folder.path): \(error)\n")
        }
    }
}
