import ConformanceCLI
import ConformanceFuzzing
import ConformanceKit
import FixtureFormat
import Foundation
import ReplaySeam
import Testing

/// An app's own command built from `ConformanceCommand` speaks of the app: its name, its
/// features, its example ids and its issues page (or none), never of this package's reference
/// features, `'kittens/*'` or `docs/porting.md`. This package's `conformance` keeps its words.
@Suite struct AppCommandWordsTests {
    private func run(_ command: ConformanceCommand, _ arguments: [String], fixtures: TemporaryFixtures? = nil) -> (
        status: Int32, out: String, err: String
    ) {
        var out = ""
        var err = ""
        var environment: [String: String] = [:]
        if let fixtures { environment["CONFORMANCE_FIXTURES"] = fixtures.root.path }
        let io = ConformanceCommand.IO(
            out: { out += $0 }, err: { err += $0 }, isTerminal: false, environment: environment)
        let status = command.run(arguments, io: io)
        return (status, out, err)
    }

    @Test func anAppsHelpNamesItsFeaturesAndItsOwnExamples() throws {
        let kittens = try #require(TestFeatures.registry["kittens"])
        let todos = ConformanceCommand(name: "todo-conformance", features: FeatureRegistry([kittens]))
        let help = run(todos, ["--help"]).out
        #expect(help.hasPrefix("USAGE: todo-conformance"))
        #expect(help.contains("against the kittens feature and compares"), "\(help)")
        #expect(help.contains("A glob matches ids with * and ?, e.g. 'kittens/*'."), "\(help)")
        #expect(!help.contains("reference features"), "\(help)")
        #expect(!help.contains("*refresh*"), "\(help)")

        let worded = ConformanceCommand(
            name: "todo-conformance", features: TestFeatures.registry, subject: "the Todos feature",
            exampleIDs: ["todos/*", "todos/create-*"])
        let wordedHelp = run(worded, ["--help"]).out
        #expect(wordedHelp.contains("against the Todos feature and compares"), "\(wordedHelp)")
        #expect(wordedHelp.contains("e.g. 'todos/*' or 'todos/create-*'."), "\(wordedHelp)")
    }

    @Test func severalFeaturesAreListedByName() {
        let command = ConformanceCommand(name: "app-conformance", features: TestFeatures.registry)
        #expect(command.subject == "the features " + TestFeatures.registry.names.joined(separator: ", "))
        #expect(command.exampleIDs == [TestFeatures.registry.names[0] + "/*"])
    }

    @Test func thePackagesOwnCommandKeepsItsWords() {
        let help = run(ConformanceCommand.reference(features: TestFeatures.registry), ["--help"]).out
        #expect(help.hasPrefix("USAGE: conformance"))
        #expect(help.contains("against the reference features and compares"), "\(help)")
        #expect(help.contains("e.g. 'kittens/*' or '*refresh*'."), "\(help)")
    }

    @Test func anAppsReportNamesNoIssuesPageUnlessItGivesOne() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let none = run(
            ConformanceCommand(name: "todo-conformance", features: TestFeatures.registry), ["run"], fixtures: fixtures)
        #expect(none.status == 0, "\(none.out)\(none.err)")
        #expect(!none.out.contains("issues:"), "\(none.out)")
        #expect(!none.out.contains("porting.md"), "\(none.out)")

        let own = run(
            ConformanceCommand(
                name: "todo-conformance", features: TestFeatures.registry, issues: "https://todo.example/issues"),
            ["run"], fixtures: fixtures)
        #expect(own.out.contains("swift · issues: https://todo.example/issues\n"), "\(own.out)")

        let package = run(ConformanceCommand.reference(features: TestFeatures.registry), ["run"], fixtures: fixtures)
        #expect(package.out.contains("swift · issues: docs/porting.md#issues\n"), "\(package.out)")
    }

    @Test func anAppsUsageErrorsNameIt() {
        let result = run(
            ConformanceCommand(name: "todo-conformance", features: TestFeatures.registry), ["fuzz", "--runs", "0"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("todo-conformance: --runs 0: "), "\(result.err)")
        #expect(result.err.contains("Run 'todo-conformance fuzz --help' for usage."), "\(result.err)")
    }

    @Test func anArtifactThatCannotBeWrittenIsNamedByTheAppsCommand() throws {
        let wrong = TemporaryFixtures.expected.replacingOccurrences(of: "isLoading: true", with: "isLoading: false")
        let result = run(
            ConformanceCommand(name: "todo-conformance", features: TestFeatures.registry),
            ["run", "--record", "never", "--artifacts", "/dev/null/artifacts"],
            fixtures: try TemporaryFixtures(golden: wrong))
        #expect(result.status == 1)
        #expect(
            result.err.hasPrefix("todo-conformance: could not write the artifact /dev/null/artifacts/"), "\(result.err)"
        )
    }

    @Test func aFuzzScenarioIsDescribedByTheCommandThatMadeIt() {
        var fuzzer = Fuzzer(features: TestFeatures.registry, corpus: [], port: nil, maxSteps: 5)
        #expect(
            fuzzer.generate(feature: "timer", seed: 3).header["description"]
                == "generated by conformance fuzz from seed 3")
        fuzzer.commandName = "todo-conformance"
        #expect(
            fuzzer.generate(feature: "timer", seed: 3).header["description"]
                == "generated by todo-conformance fuzz from seed 3")
    }

    /// Without `--adapter` nothing is compared with a port: the run says it checks invariants only.
    @Test func fuzzWithoutAnAdapterSaysItChecksInvariantsOnly() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let result = run(
            ConformanceCommand(features: TestFeatures.registry), ["fuzz", "timer", "--runs", "1", "--seed", "1"],
            fixtures: fixtures)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(
            result.out.contains(
                "the reference's invariants only (no error, the same outputs twice, no request left pending, a bounded transcript); with --adapter COMMAND, a port against the reference step by step"
            ), "\(result.out)")
    }
}
