import ConformanceKit
import FixtureFormat
import Foundation

/// A mutation testing report in Stryker's schema (schema version 1 or 2, CI/stryker/README.md), as
/// `conformance report --html DIR --mutation FILE` reads it: what CI/mutation.py writes as
/// `mutation-report.json`, and what Stryker, Stryker.NET, Infection or PIT write for a port.
extension HTMLReport {
    public struct Mutation: Sendable {
        /// A mutant's result, as the schema names it.
        public enum Status: String, Decodable, Sendable, CaseIterable {
            case killed = "Killed"
            case timeout = "Timeout"
            case survived = "Survived"
            case noCoverage = "NoCoverage"
            case ignored = "Ignored"
            case compileError = "CompileError"
            case runtimeError = "RuntimeError"
            case pending = "Pending"

            /// The word the page shows beside the status's colour; `listed` for the project's list.
            public var label: String {
                switch self {
                case .killed: "killed"
                case .timeout: "timeout"
                case .survived: "survived"
                case .noCoverage: "no coverage"
                case .ignored: "listed"
                case .compileError: "no build"
                case .runtimeError: "runtime error"
                case .pending: "pending"
                }
            }
        }

        public struct Position: Decodable, Sendable, Equatable {
            public var line: Int
            public var column: Int
        }

        public struct Location: Decodable, Sendable, Equatable {
            public var start: Position
            public var end: Position
        }

        public struct Mutant: Decodable, Sendable {
            public var id: String
            public var mutatorName: String
            public var replacement: String?
            public var description: String?
            public var location: Location
            public var status: Status
            public var statusReason: String?
            public var killedBy: [String]?
        }

        public struct File: Decodable, Sendable {
            public var language: String
            public var source: String
            public var mutants: [Mutant]
        }

        public struct Thresholds: Decodable, Sendable, Equatable {
            public var high: Int
            public var low: Int
        }

        /// The mutated files by path, in path order.
        public var files: [(path: String, file: File)]
        public var thresholds: Thresholds
        /// The file it was read from, as given.
        public var source: String

        /// The layer a file belongs to: the folder under `Sources/<group>/` (`MVICore`,
        /// `MVIKittens`), or the file's folder elsewhere.
        public static func layer(of path: String) -> String {
            let parts = path.split(separator: "/").map(String.init)
            if parts.count >= 4, parts[0] == "Sources" { return parts[2] }
            return parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
        }

        /// Reads the report at `path`; a file that cannot be read, or is not such a report, is an
        /// error naming the file, the line and the member.
        public static func read(path: String) throws(CatalogError) -> Mutation {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
                throw .unreadable(
                    path: path,
                    reason: isFolder.boolValue ? "it is a folder, not a mutation report" : "there is no such file")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadable(path: path, reason: "permission denied")
            }
            return try read(data, file: path)
        }

        /// Reads a report's bytes; `file` names it in errors.
        public static func read(_ data: Data, file: String) throws(CatalogError) -> Mutation {
            struct Top: Decodable {
                let schemaVersion: String
                let thresholds: Thresholds
                let files: [String: File]
            }
            let text = String(decoding: data, as: UTF8.self)
            do {
                guard case .object = try JSONReader.parse(text) else {
                    throw CatalogError.notAMutationReport(file: file, reason: "it is not a JSON object")
                }
            } catch let error as JSONReadError {
                throw .notAMutationReport(
                    file: file, reason: Reports.place(ofColumn: error.column, in: text) + error.message)
            } catch {
                throw .notAMutationReport(file: file, reason: "it is not a JSON object")
            }
            let top: Top
            do { top = try JSONDecoder().decode(Top.self, from: data) } catch {
                throw .notAMutationReport(file: file, reason: Reports.describe(error, in: text))
            }
            let major = top.schemaVersion.split(separator: ".").first.map(String.init)
            guard major == "1" || major == "2" else {
                throw .notAMutationReport(
                    file: file,
                    reason:
                        "\(Reports.line(ofMember: "schemaVersion", in: text))schemaVersion \"\(top.schemaVersion)\": "
                        + "this reads Stryker's mutation testing report schema, versions 1 and 2")
            }
            for (path, entry) in top.files {
                let lines = entry.source.split(separator: "\n", omittingEmptySubsequences: false).count
                for (index, mutant) in entry.mutants.enumerated() {
                    let start = mutant.location.start
                    let end = mutant.location.end
                    guard (1...lines).contains(start.line), (1...lines).contains(end.line), start.column >= 1,
                        end.column >= 1, (start.line, start.column) <= (end.line, end.column)
                    else {
                        throw .notAMutationReport(
                            file: file,
                            reason:
                                "files[\"\(path)\"].mutants[\(index)].location: lines \(start.line) to \(end.line) "
                                + "(columns \(start.column) to \(end.column)) are not a span of the file's \(lines) lines"
                        )
                    }
                }
            }
            return Mutation(
                files: top.files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, thresholds: top.thresholds,
                source: file)
        }
    }
}

extension HTMLReport.Mutation {
    /// The counts of one file, one layer or all: each status, and the score.
    public struct Counts: Sendable, Equatable {
        public var byStatus: [Status: Int] = [:]

        public subscript(status: Status) -> Int { byStatus[status, default: 0] }

        /// Detected (killed or timed out) of those a test could tell apart: the mutants that built,
        /// ran and are not listed. Nil when there are none.
        public var score: Double? {
            let detected = self[.killed] + self[.timeout]
            let valid = detected + self[.survived] + self[.noCoverage]
            return valid == 0 ? nil : (Double(detected) * 1000 / Double(valid)).rounded() / 10
        }

        mutating func add(_ mutants: [Mutant]) {
            for mutant in mutants { byStatus[mutant.status, default: 0] += 1 }
        }
    }

    /// Each file's counts, in path order.
    public var fileCounts: [(path: String, counts: Counts)] {
        files.map { entry in
            var counts = Counts()
            counts.add(entry.file.mutants)
            return (entry.path, counts)
        }
    }

    /// Each layer's counts, in name order.
    public var layerCounts: [(layer: String, counts: Counts)] {
        var layers: [String: Counts] = [:]
        for entry in files { layers[Self.layer(of: entry.path), default: Counts()].add(entry.file.mutants) }
        return layers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The counts of every mutant.
    public var total: Counts {
        var counts = Counts()
        for entry in files { counts.add(entry.file.mutants) }
        return counts
    }
}
