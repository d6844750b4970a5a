import CommandLineSupport
import FixtureFormat
import Foundation

/// `conformance schema`: each feature's JSON Schemas written from its codecs, for ports and
/// editors (docs/fixtures.md, "Schemas"). `fuzz` reads the same schemas in memory.
extension ConformanceCommand {
    static let schemaSubcommand = SubcommandSpec(
        "schema", arguments: "[<feature> ...]",
        abstract: "write each feature's JSON Schemas, <feature>.header.schema.json and <feature>.event.schema.json, from its codecs",
        options: [.value("out", "DIR", "the folder to write them to (default: the fixtures folder's schema/, found as for run)"), .value("fixtures", "DIR", "the fixtures folder")])

    /// Runs `schema`; nil for another subcommand.
    func runSchema(_ parsed: ParsedCommand, io: IO) throws(UsageError) -> Int32? {
        guard parsed.subcommand == "schema" else { return nil }
        let names = parsed.arguments.isEmpty ? features.names : parsed.arguments
        if let unknown = names.first(where: { features[$0] == nil }) {
            throw UsageError(command: name, subcommand: "schema", "unknown feature \(unknown); known: \(features.names.joined(separator: ", "))")
        }
        let folder: URL
        if let out = parsed.value("out") {
            guard !out.isEmpty else { throw UsageError(command: name, subcommand: "schema", "--out needs a folder") }
            folder = URL(fileURLWithPath: out)
        } else {
            do {
                folder = try FixtureCatalog.locate(explicit: parsed.value("fixtures"), environment: io.environment).root.appendingPathComponent("schema")
            } catch {
                io.err("\(name): \(error); or give the folder with --out\n")
                return ExitStatus.usage
            }
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for feature in names {
                guard let module = features[feature] else { continue }
                for kind in ScenarioFormat.LineKind.allCases {
                    let url = folder.appendingPathComponent(ScenarioFormat.schemaFileName(module, kind))
                    let document = ScenarioFormat.schemaDocument(module, for: kind, writtenBy: "`\(name) schema`")
                    try GoldenFile.writeAtomically(document.prettyText, to: url)
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
