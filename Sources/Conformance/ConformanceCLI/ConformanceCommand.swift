import CommandLineSupport
import ConformanceKit
import FixtureFormat
import Foundation
import ReplaySeam

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `conformance` command: arguments in, text and an exit status out.
public struct ConformanceCommand {
    /// The command line's grammar; `conformance --help` prints it.
    public static let spec: CommandSpec = {
        let fixtures = OptionSpec.value(
            "fixtures", "DIR", "the fixtures folder (default: $CONFORMANCE_FIXTURES, ./Fixtures, or the checkout's)")
        let shard = OptionSpec.value("shard", "I/N", "only shard I of N (1 <= I <= N), for CI matrices")
        let junit = OptionSpec.value("junit", "FILE", "also write a JUnit XML report")
        let json = OptionSpec.value("json", "FILE", "also write a JSON report (shape: docs/reports.md)")
        let timeout = OptionSpec.value(
            "timeout", "SECONDS",
            "wall-clock limit per scenario, then it errors and the run goes on (default 30; 5 with --adapter)")
        let jobs = OptionSpec.value(
            "jobs", "N",
            "replay N scenarios at once, the output the same (default: one per core; 1 with --adapter)")
        let artifacts = OptionSpec.value(
            "artifacts", "DIR", "write each failing scenario's transcript under DIR (default: $CONFORMANCE_ARTIFACTS)")
        let wire = OptionSpec.flag(
            "wire",
            "replay at the wire level: the real data sources against a mock server, also comparing <name>.wire.txt")
        return CommandSpec(
            name: "conformance",
            abstract: abstract(subject: "the reference features"),
            subcommands: [
                SubcommandSpec(
                    "run", arguments: "[<id-or-glob> ...]",
                    abstract: "replay scenarios (all, or those matching) and compare with their goldens",
                    options: [
                        fixtures,
                        .value(
                            "record", "MODE",
                            "never | missing | failed | all (default: $CONFORMANCE_RECORD, else missing)"), junit, json,
                        shard, timeout, jobs, artifacts, wire,
                    ] + portRunOptions),
                SubcommandSpec(
                    "list", arguments: "[<id-or-glob> ...]",
                    abstract: "print the ids of the scenarios with their descriptions",
                    options: [
                        fixtures, .value("json", "FILE", "also write the list as JSON"), shard,
                        .value("jobs", "N", "read N scenarios at once, the listing the same (default: one per core)"),
                    ]),
                SubcommandSpec(
                    "record", arguments: "<id-or-glob> ...",
                    abstract:
                        "replay and rewrite the goldens (fails the run, so a re-record is never taken for a pass; refused when CI=true)",
                    options: [fixtures, junit, json, shard, timeout, jobs, wire]),
                SubcommandSpec(
                    "show", arguments: "<id>",
                    abstract: "print one scenario's transcript step by step, with fixture line numbers",
                    options: [fixtures]),
            ] + portSubcommands + [fuzzSubcommand, schemaSubcommand],
            defaultSubcommand: "run",
            discussion: discussion(examples: ["kittens/*", "*refresh*"]))
    }()

    /// The help's first paragraph, for a command that replays `subject`.
    static func abstract(subject: String) -> String {
        """
        Replays the recorded scenarios under Fixtures/ against \(subject) and compares each
        transcript with its golden file.
        """
    }

    /// The help's last paragraph, with `examples` as the globs it shows.
    static func discussion(examples: [String]) -> String {
        let shown = examples.map { "'\($0)'" }
        let list = shown.count <= 1 ? shown.joined() : shown.dropLast().joined(separator: ", ") + " or " + shown.last!
        return """
            A glob matches ids with * and ?\(list.isEmpty ? "" : ", e.g. \(list)"). A scenario may also be named
            by the path of its file (Fixtures/<feature>/<name>.jsonl), and a feature's name selects all its scenarios.
            Options may come before the subcommand, as in --fixtures DIR run.
            Colour is used only on a terminal and never when NO_COLOR is set.
            """
    }

    /// What the command writes to.
    public struct IO {
        public var out: (String) -> Void
        public var err: (String) -> Void
        /// Whether standard output is a terminal (progress line, colour).
        public var isTerminal: Bool
        public var environment: [String: String]
        /// Kept up to date by `run` and `record`, for the executable to tell what ran when it is
        /// interrupted; nil: not kept.
        public var tally: RunTally?

        public init(
            out: @escaping (String) -> Void, err: @escaping (String) -> Void, isTerminal: Bool,
            environment: [String: String], tally: RunTally? = nil
        ) {
            self.out = out
            self.err = err
            self.isTerminal = isTerminal
            self.environment = environment
            self.tally = tally
        }

        /// Standard output and error of this process.
        public static func standard() -> IO {
            IO(
                out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                err: { FileHandle.standardError.write(Data($0.utf8)) },
                isTerminal: isatty(STDOUT_FILENO) == 1,
                environment: ProcessInfo.processInfo.environment)
        }
    }

    let features: FeatureRegistry
    /// The command's name, in its help and in the hints it prints (`swift run <name> record <id>`,
    /// `again: <name> fuzz ...`, a fuzz finding's description): `conformance`, or an app's own executable's.
    public let name: String
    /// What the help says the scenarios are replayed against: `the reference features`, or by
    /// default the features of the registry (`the login feature`, `the features login, todos`).
    public let subject: String
    /// The globs the help shows as examples: by default the first feature's (`'login/*'`).
    public let exampleIDs: [String]
    /// Where the reference's issues are reported, as its reports and handshake say
    /// (`docs/porting.md#issues` for this package's own); nil: no such line.
    public let issues: String?

    /// A command that replays `features`: an app passes its own registry and the name of its own
    /// executable, and may give the words its help and reports use instead of those made from the
    /// registry. This package's `conformance` is `ConformanceCommand.reference(features: .reference)`.
    public init(
        name: String = "conformance", features: FeatureRegistry, subject: String? = nil, exampleIDs: [String]? = nil,
        issues: String? = nil
    ) {
        self.name = name
        self.features = features
        self.subject =
            subject
            ?? (features.names.count == 1
                ? "the \(features.names[0]) feature" : "the features \(features.names.joined(separator: ", "))")
        self.exampleIDs = exampleIDs ?? features.names.prefix(1).map { "\($0)/*" }
        self.issues = issues
    }

    /// This package's own `conformance`: the reference features, its example globs, and its issues page.
    public static func reference(features: FeatureRegistry) -> ConformanceCommand {
        ConformanceCommand(
            features: features, subject: "the reference features", exampleIDs: ["kittens/*", "*refresh*"],
            issues: ReferenceImplementation.issues)
    }

    /// The grammar under this command's name and words: what `--help` prints.
    public var spec: CommandSpec {
        Self.spec.named(
            name, abstract: Self.abstract(subject: subject), discussion: Self.discussion(examples: exampleIDs))
    }

    /// Runs the command and returns its exit status (see `ExitStatus`).
    public func run(_ arguments: [String], io: IO) -> Int32 {
        spec.run(arguments, out: io.out, err: io.err) { parsed throws(UsageError) in
            let subcommand: any ConformanceSubcommand.Type =
                switch parsed.subcommand {
                case "adapter": AdapterOptions.self
                case "report": ReportOptions.self
                case "fuzz": FuzzOptions.self
                case "schema": SchemaOptions.self
                default: ReplayOptions.self
                }
            return try subcommand.init(parsed, command: self).run(io: io)
        }
    }

    /// `run`, `record`, `list` and `show`: the scenarios selected, then replayed, listed or shown.
    func execute(_ options: ReplayOptions, io: IO) -> Int32 {
        // Every file the command will write is checked before the first scenario runs, so that a
        // mistyped folder does not cost a whole run.
        for (option, path) in [("junit", options.junit), ("json", options.json), ("markdown", options.markdown)] {
            guard let path, let problem = Self.outputProblem(path) else { continue }
            io.err("\(name): --\(option) \(path): \(problem); nothing was run\n")
            return ExitStatus.usage
        }
        do {
            let catalog = try FixtureCatalog.locate(explicit: options.fixtures, environment: io.environment)
            var entries = try catalog.entries()
            var options = options
            if !options.patterns.isEmpty {
                options.patterns = try options.patterns.map { pattern throws(CatalogError) in
                    try Self.resolve(pattern, in: catalog, entries: entries)
                }
                let unmatched = options.patterns.filter { pattern in
                    !entries.contains { IDPattern.matches(pattern, $0.id) }
                }
                if !unmatched.isEmpty {
                    // `conformance help` reads as a request for usage, not for a scenario named help.
                    let usage = unmatched.contains("help") ? "; for usage run '\(name) --help'" : ""
                    let ids = entries.map(\.id)
                    let meant = unmatched.compactMap { Suggestion.closest(to: $0, among: ids) }
                    let suggestion =
                        meant.isEmpty ? "" : " (did you mean \(meant.map { "'\($0)'" }.joined(separator: ", "))?)"
                    io.err(
                        "\(name): no scenario in \(catalog.root.path) matches \(unmatched.map { "'\($0)'" }.joined(separator: ", "))\(suggestion); "
                            + "see '\(name) list\(catalog.fixturesOption)'\(usage)\n")
                    return ExitStatus.usage
                }
                entries = entries.filter { entry in options.patterns.contains { IDPattern.matches($0, entry.id) } }
            }
            if let shard = options.shard {
                entries = entries.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            }
            if entries.isEmpty, options.subcommand == "run" || options.subcommand == "record" {
                io.err("\(name): \(Self.nothingSelected(options, catalog: catalog))\n")
                return ExitStatus.failure
            }
            switch options.subcommand {
            case "list":
                return list(
                    entries, catalog: catalog, lanes: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                    json: options.json, io: io)
            case "show":
                return show(entries, catalog: catalog, io: io)
            default:
                return try runScenarios(entries, catalog: catalog, options: options, io: io)
            }
        } catch {
            io.err("\(name): \(error)\n")
            return ExitStatus.usage
        }
    }

    /// A scenario named as a person types it, as an id or glob: a path to its file
    /// (`Fixtures/kittens/x.jsonl`, what the demo prints; its golden too) is its id, and a
    /// feature's name is all of its scenarios (`kittens` is `kittens/*`). Anything else is kept
    /// as it is. A path to a scenario file outside the fixtures folder in use is an error that
    /// says which folder that is.
    static func resolve(_ pattern: String, in catalog: FixtureCatalog, entries: [FixtureCatalog.Entry])
        throws(CatalogError) -> String
    {
        if !pattern.contains("/"), !pattern.contains(where: { "*?".contains($0) }),
            entries.contains(where: { $0.feature == pattern })
        {
            return pattern + "/*"
        }
        guard let suffix = [".jsonl", ".golden.txt"].first(where: { pattern.hasSuffix($0) }) else { return pattern }
        let parts = pattern.dropLast(suffix.count).split(separator: "/")
        guard parts.count >= 2 else { return pattern }
        let id = parts.suffix(2).joined(separator: "/")
        let given = URL(fileURLWithPath: pattern).standardizedFileURL.resolvingSymlinksInPath()
        let ours = catalog.root.appendingPathComponent(id + suffix).standardizedFileURL.resolvingSymlinksInPath()
        if FileManager.default.fileExists(atPath: given.path), given.path != ours.path {
            throw CatalogError.other(
                "\(pattern) is not a scenario of the fixtures folder in use, \(catalog.root.path); "
                    + "name its folder with --fixtures, or the scenario by its id")
        }
        return id
    }

    // MARK: - Subcommands

    /// Every scenario is read whole, as `run` reads it (one that does not read is listed as
    /// unreadable), on `lanes` threads at once; the listing is in the entries' order whatever
    /// their number.
    private func list(
        _ entries: [FixtureCatalog.Entry], catalog: FixtureCatalog, lanes: Int, json: String?, io: IO
    ) -> Int32 {
        let (features, paths) = (features, entries.map { catalog.displayPath($0.scenarioURL) })
        var listed: [Reports.ListedScenario] = []
        // The whole listing is written at once: one write, not one a scenario.
        var output = ""
        Lanes.run(
            count: entries.count, lanes: lanes, make: {},
            work: { _, index in
                let text = (try? ScenarioText.read(entries[index].scenarioURL, path: paths[index])) ?? ""
                return try? Scenario.parse(text, file: paths[index], features: features).description
            },
            consume: { index, description in
                let entry = entries[index]
                listed.append(Reports.ListedScenario(id: entry.id, feature: entry.feature, description: description))
                output += "\(entry.id)  \(description ?? "(unreadable: see conformance run)")\n"
                return true
            })
        // An empty list says where it looked, as a run of nothing does.
        let searched = entries.isEmpty ? " (searched \(catalog.root.path) for <feature>/<name>.jsonl)" : ""
        output += "\(entries.count) scenario\(entries.count == 1 ? "" : "s")\(searched)\n"
        io.out(output)
        if let json, !writeReport(Reports.encode(Reports.ScenarioList(scenarios: listed)), to: json, io: io) {
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    private func show(_ entries: [FixtureCatalog.Entry], catalog: FixtureCatalog, io: IO) -> Int32 {
        guard entries.count == 1, let entry = entries.first else {
            io.err("\(name): show needs a pattern that matches exactly one scenario, it matched \(entries.count)\n")
            return ExitStatus.usage
        }
        let path = catalog.displayPath(entry.scenarioURL)
        do {
            let text = try ScenarioText.read(entry.scenarioURL, path: path)
            let scenario = try Scenario.parse(text, file: path, expectedID: entry.id, features: features)
            let result = try ReferenceImplementation(features: features)
                .replay(scenario, timeLimit: .seconds(HarnessLimits.defaultScenarioSeconds))
            io.out("\(scenario.id): \(scenario.description)\n")
            if !scenario.tags.isEmpty { io.out("tags: \(scenario.tags.joined(separator: ", "))\n") }
            for step in result.steps {
                io.out("\n> \(step.step) \(step.input)    [\(path):\(step.line)]\n")
                let lines = TranscriptFormatter.outputLines(step)
                io.out(lines.isEmpty ? "  (no reaction)\n" : lines.map { $0 + "\n" }.joined())
            }
            return ExitStatus.success
        } catch {
            io.err("\(name): \(error)\n")
            return ExitStatus.failure
        }
    }

    /// `run` and `record`: every entry through one implementation (the reference in process, or
    /// the port `--adapter` names), by the one runner, into the one report.
    private func runScenarios(
        _ entries: [FixtureCatalog.Entry], catalog: FixtureCatalog, options: ReplayOptions, io: IO
    ) throws -> Int32 {
        var expected = ExpectedFailures()
        if let path = options.expectedFailures {
            expected = try ExpectedFailures.load(path)
            for id in expected.unknown(among: entries.map(\.id)) {
                io.err("\(name): warning: \(path) lists \(id), which is not among the scenarios run\n")
            }
        }
        let mode: RecordMode =
            options.subcommand == "record" ? .all : try (options.record ?? RecordMode.fromEnvironment(io.environment))
        let runner = ConformanceRunner(
            catalog: catalog, features: features, commandName: name, recordMode: mode,
            isCI: ConformanceRunner.isCI(io.environment),
            timeout: options.timeout
                ?? (options.adapter == nil ? HarnessLimits.defaultScenarioSeconds : Self.defaultPortTimeout),
            expectedFailures: expected)
        let colour = io.isTerminal && (io.environment["NO_COLOR"] ?? "").isEmpty
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        var index = 0
        io.tally?.begin(total: entries.count)
        func progress(_ result: ScenarioResult) {
            index += 1
            io.tally?.record(result.outcome.kind)
            if io.isTerminal { io.out("\r\u{1B}[K") }
            io.out(Self.line(result, paint: paint, isTerminal: io.isTerminal))
            if io.isTerminal, index < entries.count { io.out("[\(index + 1)/\(entries.count)] \(entries[index].id)") }
        }
        if io.isTerminal, let first = entries.first { io.out("[1/\(entries.count)] \(first.id)") }
        var report: RunReport
        if let command = options.adapter {
            let (features, level) = (features, options.level)
            report = runner.run(
                entries, lanes: options.jobs ?? 1,
                make: { AdapterImplementation(command: command, level: level, features: features) }, command: command,
                progress: progress)
        } else {
            let (features, issues, level) = (features, issues, options.level)
            report = runner.run(
                entries, lanes: options.jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                make: { ReferenceImplementation(features: features, issues: issues, level: level) },
                progress: progress)
        }
        report.shard = options.shard.map { Reports.Shard(index: $0.index, count: $0.count) }

        io.out("\n" + Reports.markdown([report]))
        let recorded = report.counts.recorded
        if recorded > 0 {
            // A recording counts as a failure (it proves nothing yet): say how many there were, and
            // why the summary and the compliance count them as failed.
            io.out(
                "\(recorded) recorded, counted as failed (in the compliance too) until a run verifies it: "
                    + "read the golden, commit it, and run again\n")
        }
        io.out(paint(report.summary, report.passes ? "32" : "31") + "\n")

        var status = report.passes ? ExitStatus.success : ExitStatus.failure
        for (path, text) in [
            (options.junit, { Reports.junit([report]) }), (options.json, { Reports.json(report) }),
            (options.markdown, { Reports.markdown([report]) }),
        ] {
            guard let path else { continue }
            if !writeReport(text(), to: path, io: io) { status = ExitStatus.failure }
        }
        if let folder = options.artifacts ?? io.environment[Artifacts.environmentVariable], !folder.isEmpty {
            if !Artifacts.write(report.results, to: URL(fileURLWithPath: folder), command: name, err: io.err) {
                status = ExitStatus.failure
            }
        }
        return status
    }

    /// A result's lines on the console: `pass  <id>` (off a terminal), else its verdict and message.
    static func line(_ result: ScenarioResult, paint: (String, String) -> String, isTerminal: Bool) -> String {
        let head: String
        var body = result.outcome.message
        switch (result.outcome, result.expectedFailure) {
        case (.passed, nil): return isTerminal ? "" : "pass  \(result.id)\n"
        case (.passed, .some):
            head = paint("UNEXPECTED PASS", "31")
            body = "listed as an expected failure, but it passes now: remove it from the expected failures file"
        case (.skipped(_, false), _): head = "skip"
        case (_, .some(let reason)):
            head = "expected \(result.outcome.label) (\(reason))"
            body = ""
        default: head = paint(result.outcome.label.uppercased(), "31")
        }
        return "\(head)  \(result.id)\n"
            + (body.isEmpty
                ? "" : body.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined())
    }

    /// What a run that selects no scenario searched, for its error.
    static func nothingSelected(_ options: ReplayOptions, catalog: FixtureCatalog) -> String {
        var message = "no scenario selected: searched \(catalog.root.path) for <feature>/<name>.jsonl"
        if !options.patterns.isEmpty {
            message += " matching \(options.patterns.map { "'\($0)'" }.joined(separator: ", "))"
        }
        if let shard = options.shard { message += " in shard \(shard.index)/\(shard.count)" }
        return message + "; a run of nothing is not a pass (check --fixtures, $CONFORMANCE_FIXTURES and --shard)"
    }

    private func writeReport(_ text: String, to path: String, io: IO) -> Bool {
        do {
            try GoldenFile.writeAtomically(text, to: URL(fileURLWithPath: path))
            return true
        } catch {
            io.err("\(name): could not write \(path): \(error)\n")
            return false
        }
    }
}
