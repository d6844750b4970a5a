import ConformanceKit
import FixtureFormat
import Foundation

/// What `conformance fuzz` knows of a shrunk finding and its fixture does not hold: the failure,
/// the command that generates it again and the one that replays the fixture. Written as
/// `<out>/<feature>/fuzz-<seed>.finding.json` beside the fixture, and read by
/// `conformance report --html --fuzz-findings` (docs/fuzzing.md, docs/reports.md).
public struct FindingRecord: Codable, Equatable, Sendable {
    /// The shape's version, 1.
    public var format: Int
    public var feature: String
    /// The seed, as text: a seed may pass the integers a JSON number keeps exactly.
    public var seed: String
    /// `diverged`, `errored`, `nondeterministic`, `pending` or `unbounded`.
    public var kind: String
    /// The step of the shrunk scenario the failure shows at (0: the header).
    public var step: Int
    /// What differed or went wrong, as the fuzzer printed it.
    public var message: String
    /// For a divergence: the step's output lines from the reference, and from the port.
    public var reference: [String]?
    public var port: [String]?
    /// The events of the scenario as generated, and as shrunk.
    public var originalSteps: Int
    public var shrunkSteps: Int
    /// The command that generates and checks the same scenario again.
    public var again: String
    /// The command that replays the shrunk fixture (against the port, when there was one).
    public var replay: String
    /// The port's command; absent for the reference's invariants.
    public var adapter: String?

    public init(
        format: Int, feature: String, seed: String, kind: String, step: Int, message: String, reference: [String]?,
        port: [String]?, originalSteps: Int, shrunkSteps: Int, again: String, replay: String, adapter: String?
    ) {
        self.format = format
        self.feature = feature
        self.seed = seed
        self.kind = kind
        self.step = step
        self.message = message
        self.reference = reference
        self.port = port
        self.originalSteps = originalSteps
        self.shrunkSteps = shrunkSteps
        self.again = again
        self.replay = replay
        self.adapter = adapter
    }

    /// The record's file name beside the fixture `fuzz-<seed>.jsonl`.
    public static func fileName(seed: String) -> String { "fuzz-\(seed).finding.json" }

    /// Reads a record; `file` names it in errors, with the line and member at fault.
    public static func read(_ data: Data, file: String) throws(CatalogError) -> FindingRecord {
        let text = String(decoding: data, as: UTF8.self)
        do {
            _ = try JSONReader.parse(text)
        } catch {
            throw .notAFinding(file: file, reason: Reports.place(ofColumn: error.column, in: text) + error.message)
        }
        do {
            let record = try JSONDecoder().decode(FindingRecord.self, from: data)
            guard record.format == 1 else {
                throw CatalogError.notAFinding(
                    file: file,
                    reason:
                        "\(Reports.line(ofMember: "format", in: text))\"format\" is \(record.format); this conformance reads format 1"
                )
            }
            return record
        } catch let error as CatalogError {
            throw error
        } catch {
            throw .notAFinding(file: file, reason: Reports.describe(error, in: text))
        }
    }
}
