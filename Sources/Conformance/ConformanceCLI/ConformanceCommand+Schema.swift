import CommandLineSupport
import ConformanceKit
import FixtureFormat
import Foundation

/// `conformance schema`: each feature's JSON Schemas written from its codecs, for ports and
/// editors (docs/fixtures.md, "Schemas"). `fuzz` reads the same schemas in memory.
extension ConformanceCommand {
    static let schemaSubcommand = SubcommandSpec(
        "schema", arguments: "[<feature> ...]",
        abstract:
            "write each feature's JSON Schemas, <feature>.header.schema.json and <feature>.event.schema.json, from its codecs",
        options: [
            .value(
                "out", "DIR", "the folder to write them to (default: the fixtures folder's schema/, found as for run)"),
            .value("fixtures", "DIR", "the fixtures folder"),
        ])

}

/// `schema`: which features' schemas, and the folder they are written to.
struct SchemaOptions: ConformanceSubcommand {
    let command: ConformanceCommand
    var features: [String]
    /// `--out`; nil: the fixtures folder's `schema/`.
    var out: URL?
    var fixtures: String?

    init(_ parsed: ParsedCommand, command: ConformanceCommand) throws(UsageError) {
        self.command = command
        let registry = command.features
        features = parsed.arguments.isEmpty ? registry.names : parsed.arguments
        if let unknown = features.first(where: { registry[$0] == nil }) {
            throw UsageError(
                command: command.name, subcommand: "schema",
                "unknown feature \(unknown); known: \(registry.names.joined(separator: ", "))"
                    + Suggestion.didYouMean(unknown, among: registry.names))
        }
        if let out = parsed.value("out") {
            guard !out.isEmpty else {
                throw UsageError(command: command.name, subcommand: "schema", "--out needs a folder")
            }
            self.out = URL(fileURLWithPath: out)
        }
        fixtures = parsed.value("fixtures")
    }

    func run(io: ConformanceCommand.IO) -> Int32 {
        let name = command.name
        let folder: URL
        if let out {
            folder = out
        } else {
            do {
                folder = try FixtureCatalog.locate(explicit: fixtures, environment: io.environment).root
                    .appendingPathComponent("schema")
            } catch {
                io.err("\(name): \(error); or give the folder with --out\n")
                return ExitStatus.usage
            }
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for feature in features {
                guard let module = command.features[feature] else { continue }
                for kind in ScenarioFormat.LineKind.allCases {
                    let url = folder.appendingPathComponent(ScenarioFormat.schemaFileName(module, kind))
                    try GoldenFile.writeAtomically(
                        ScenarioFormat.schemaFileText(module, for: kind, command: name), to: url)
                    io.out("written: \(url.path)\n")
                }
            }
        } catch {
            io.err("\(name): could not write the schemas under \(folder.path): \(error)\n")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
