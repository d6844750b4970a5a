import FixtureFormat
import Foundation

/// Reading a JSON report back, with the file, line and member of what is wrong.
extension Reports {
    /// Reads a JSON report written by `json`, back into a run report; `file` names it in errors,
    /// with the line and the member at fault.
    public static func read(_ data: Data, file: String) throws(CatalogError) -> RunReport {
        let text = String(decoding: data, as: UTF8.self)
        do {
            guard case .object = try JSONReader.parse(text) else {
                throw CatalogError.notAReport(file: file, reason: "it is not a JSON object")
            }
        } catch let error as JSONReadError {
            throw .notAReport(file: file, reason: place(ofColumn: error.column, in: text) + error.message)
        } catch {
            throw .notAReport(file: file, reason: "it is not a JSON object")
        }
        // The version first: a report of another version is told so, not given a decoding error
        // about the members its version lacks.
        struct Versioned: Decodable { let version: Int? }
        guard let versioned = try? JSONDecoder().decode(Versioned.self, from: data) else {
            throw .notAReport(
                file: file, reason: "\(line(ofMember: "version", in: text))\"version\" is not a whole number")
        }
        guard let version = versioned.version else { throw .notAReport(file: file, reason: "it has no \"version\"") }
        guard version == jsonReportVersion else {
            throw .reportVersion(file: file, version: version, reads: jsonReportVersion)
        }
        let decoded: JSONReport
        do {
            decoded = try JSONDecoder().decode(JSONReport.self, from: data)
        } catch {
            throw .notAReport(file: file, reason: describe(error, in: text))
        }
        // An outcome this version does not know is refused, not counted as errored without a word.
        let lines = JSONPlaces.lines(in: text)
        for (index, scenario) in decoded.scenarios.enumerated() where Outcome.Kind(rawValue: scenario.outcome) == nil {
            let path = "scenarios[\(index)].outcome"
            let place = lines[path].map { "line \($0): " } ?? ""
            throw .notAReport(
                file: file,
                reason: "\(place)\(path): \"\(scenario.outcome)\" is not an outcome; expected one of \(Self.outcomes)")
        }
        let results = decoded.scenarios.map { scenario -> ScenarioResult in
            let outcome: Outcome =
                switch Outcome.Kind(rawValue: scenario.outcome) {
                case .passed: .passed
                case .failed: .failed(scenario.message)
                case .recorded: .recorded(scenario.message)
                case .skipped:
                    .skipped(scenario.message, declared: scenario.failsTheRun || scenario.expectedFailure != nil)
                case .errored, nil: .errored(scenario.message)
                }
            var result = ScenarioResult(id: scenario.id, feature: scenario.feature, outcome: outcome)
            result.steps = scenario.steps
            result.duration = scenario.durationSeconds
            result.firstDifference = scenario.firstDifference
            result.expectedFailure = scenario.expectedFailure
            result.file = scenario.file
            return result
        }
        return RunReport(
            implementation: decoded.implementation, command: decoded.command, shard: decoded.shard, results: results,
            source: file)
    }

    /// Reads the JSON report at `path`; a file that cannot be read is an error with its reason.
    public static func read(path: String) throws(CatalogError) -> RunReport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .unreadable(path: path, reason: "there is no such file")
        }
        if isFolder.boolValue { throw .unreadable(path: path, reason: "it is a folder, not a JSON report") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason =
                FileManager.default.isReadableFile(atPath: path) ? error.localizedDescription : "permission denied"
            throw .unreadable(path: path, reason: reason)
        }
        return try read(data, file: path)
    }

    /// A decoding error as a person reads it: the line, the member and what was wrong, not Swift's dump.
    public static func describe(_ error: any Error, in text: String) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty
                ? "the top level"
                : String(
                    path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop(while: {
                        $0 == "."
                    }))
        }
        let lines = JSONPlaces.lines(in: text)
        // The line of the member at fault, or of the nearest member around it that is there.
        func line(_ path: [any CodingKey]) -> String {
            var path = path
            while true {
                if let line = lines[path.isEmpty ? "" : place(path)] { return "line \(line): " }
                if path.isEmpty { return "" }
                path.removeLast()
            }
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "\(line(context.codingPath))\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context)?, .valueNotFound(let type, let context)?:
            let expected =
                context.codingPath.last?.stringValue == "outcome"
                ? "expected a string, one of \(outcomes)" : "expected \(Self.typeName(type))"
            return "\(line(context.codingPath))\(place(context.codingPath)): \(expected)"
        case .dataCorrupted(let context)?:
            return "\(line(context.codingPath))\(place(context.codingPath)): \(context.debugDescription)"
        default: return error.localizedDescription
        }
    }

    /// The outcomes a report holds, for a message about one that is not among them.
    static let outcomes = Outcome.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// A Swift type a report's member decodes to, as the JSON it is read from: "a string".
    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is UInt64.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "a value of another kind (see docs/reports.md)"
        }
    }

    /// `line L, column C: ` for a byte offset (1-based, as `JSONReadError` counts) in `text`.
    public static func place(ofColumn offset: Int, in text: String) -> String {
        let before = text.utf8.prefix(max(0, offset - 1))
        let line = before.filter { $0 == 0x0A }.count + 1
        let column =
            before.count
            - (before.lastIndex(of: 0x0A).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return "line \(line), column \(column): "
    }

    /// `line L: ` for the first member named `name` in `text`, or nothing when there is none.
    public static func line(ofMember name: String, in text: String) -> String {
        JSONPlaces.lines(in: text)[name].map { "line \($0): " } ?? ""
    }
}
