import CommandLineSupport
import Foundation
import ReferenceFeatures
import Testing

@testable import ConformanceCLI
@testable import ConformanceKit

/// Each `conformance` subcommand reads its options once, into its own struct, from the parsed line.
@Suite struct SubcommandOptionsTests {
    static var command: ConformanceCommand { ConformanceCommand(features: .reference) }

    static func parsed(_ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let parsed) = try ConformanceCommand.spec.parse(arguments) else {
            throw UsageError(command: "test", "not a run")
        }
        return parsed
    }

    @Test func replayOptionsHoldTheTypedValues() throws {
        let options = try ReplayOptions(
            Self.parsed(["run", "kittens/*", "--shard", "2/4", "--timeout", "2.5", "--record", "failed"]),
            command: Self.command)
        #expect(options.subcommand == "run")
        #expect(options.patterns == ["kittens/*"])
        #expect(options.shard?.index == 2 && options.shard?.count == 4)
        #expect(options.timeout == 2.5)
        #expect(options.record == .failed)
        #expect(options.adapter == nil)
    }

    @Test func fuzzOptionsHoldTheTypedValues() throws {
        let options = try FuzzOptions(
            Self.parsed(["fuzz", "timer", "--seed", "7", "--runs", "3", "--keep-going"]), command: Self.command)
        #expect(options.features == ["timer"])
        #expect(options.seed == 7 && options.runs == 3 && options.maxSteps == 40 && !options.maxStepsGiven)
        #expect(options.keepGoing && !options.print)
        #expect(options.out.lastPathComponent == "fuzz-findings")
    }

    @Test func reportAndSchemaOptionsHoldTheirFiles() throws {
        let report = try ReportOptions(
            Self.parsed(["report", "a.json", "b.json", "--markdown", "t.md"]), command: Self.command)
        #expect(report.reports == ["a.json", "b.json"] && report.markdown == "t.md" && report.junit == nil)
        let schema = try SchemaOptions(Self.parsed(["schema", "news", "--out", "/tmp/s"]), command: Self.command)
        #expect(schema.features == ["news"] && schema.out?.path == "/tmp/s")
        #expect(throws: UsageError(command: "conformance", subcommand: "schema", "--out needs a folder")) {
            try SchemaOptions(Self.parsed(["schema", "--out", ""]), command: Self.command)
        }
    }
}
