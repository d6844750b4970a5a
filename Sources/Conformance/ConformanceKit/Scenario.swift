import FixtureFormat
import ReplaySeam
import Foundation
import MVICore

/// One recorded event sequence: a header and its events, read and checked with the feature's
/// codecs before anything runs. Spec: docs/fixtures.md.
public struct Scenario: Sendable {
    /// The fixture format version this reader understands.
    public static let formatVersion = 1

    /// `<feature>/<name>`, stable across versions: ports refer to scenarios by it.
    public let id: String
    public let feature: String
    public let description: String
    public let tags: [String]
    /// Feature settings (for example a random seed), as written.
    public let config: JSONObject
    public let events: [ScenarioEvent]
    /// Where the scenario was read from, for messages.
    public let file: String
    /// The feature with this scenario's config read, ready to start.
    let configured: ConfiguredFeature

    /// The part of the id after the feature: the file's name without `.jsonl`.
    public var name: String { String(id.dropFirst(feature.count + 1)) }
}

/// One line of a scenario after the header.
public struct ScenarioEvent: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Create the feature's component (its store starts).
        case create
        /// A lifecycle call on the component.
        case lifecycle(LifecycleEvent)
        /// Save the state, destroy the component and create a new one from the saved state.
        case restore
        /// A view emits an event, with an optional payload; `screen` names the view in a feature with several.
        case view(screen: String?, name: String, payload: JSONValue?)
        /// Virtual time moves forward; `quiet` keeps only the last render of the step in the transcript.
        case advance(milliseconds: Int, quiet: Bool)
        /// The fake data source answers request number `request`; the other fields are the feature's.
        case respond(request: Int, fields: JSONObject)
        /// One of the feature's own events, with its fields (other than `event`).
        case custom(name: String, fields: JSONObject)
    }

    /// 1 for the first event after the header.
    public let step: Int
    /// The line in the file (the header is line 1).
    public let line: Int
    public let kind: Kind
    /// For view and custom events: the input the feature's codec decoded, and its echo.
    public let input: DecodedInput?
}

/// A view or custom event decoded by the feature's codec, with the transcript's echo of it.
public struct DecodedInput: Sendable {
    public let input: FeatureInput
    /// The echo after the step number (`view timeSet(minutes: 1, seconds: 30)`).
    public let echo: String
}

/// A scenario that cannot be replayed: says where (file, line, field) and what was expected.
public struct ScenarioError: Error, Equatable, CustomStringConvertible, Sendable {
    public let file: String
    public let line: Int?
    public let field: String?
    public let message: String

    public init(file: String, line: Int?, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    init(file: String, line: Int?, _ error: FieldError) {
        self.init(file: file, line: line, field: error.field, message: error.message)
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let field { text += "field \"\(field)\": " }
        return text + message
    }
}

extension Scenario {
    /// Reads a scenario from JSON Lines text, decoding every line with the feature's codecs:
    /// a scenario that reads without error can only fail at replay on a rule that needs the run
    /// (an unknown request number, `create` not first).
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the path to name in errors.
    ///   - expectedID: when given (from the file's place, `<feature>/<name>`), the header's id must equal it.
    ///   - features: the features the header may name.
    public static func parse(_ text: String, file: String, expectedID: String? = nil, features: FeatureRegistry) throws(ScenarioError) -> Scenario {
        // "\r\n" is a single Character in Swift, so both line ends are split on explicitly.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty else {
            throw ScenarioError(file: file, line: nil, message: "the file is empty; expected a header line")
        }

        func object(_ index: Int) throws(ScenarioError) -> JSONObject {
            var line = lines[index]
            if line.hasSuffix("\r") { line.removeLast() }
            guard line.utf8.count <= HarnessLimits.maximumLineBytes else {
                throw ScenarioError(
                    file: file, line: index + 1,
                    message: "the line holds \(line.utf8.count) bytes, over the limit of \(HarnessLimits.maximumLineBytes) (see docs/fixtures.md, \"Limits\")")
            }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                throw ScenarioError(file: file, line: index + 1, message: "empty line; every line must hold one JSON object")
            }
            let value: JSONValue
            do {
                value = try JSONValue.parse(line)
            } catch {
                throw ScenarioError(file: file, line: index + 1, message: error.description)
            }
            guard case .object(let fields) = value else {
                throw ScenarioError(file: file, line: index + 1, message: "expected a JSON object, found \(value.typeName)")
            }
            return fields
        }

        let header: ScenarioFormat.Header
        let module: FeatureModule
        let headerObject = try object(0)
        do throws(FieldError) {
            (header, module) = try ScenarioFormat.readHeader(headerObject, features: features)
        } catch {
            throw ScenarioError(file: file, line: 1, error)
        }
        if let expectedID, header.id != expectedID {
            throw ScenarioError(
                file: file, line: 1, field: "id",
                message: "the file's place makes its id \(CanonicalRender.quote(expectedID)), but the header says \(CanonicalRender.quote(header.id))")
        }

        guard lines.count > 1 else {
            throw ScenarioError(file: file, line: 1, message: "the scenario has a header and no events; expected create on line 2")
        }
        let forms = ScenarioFormat.forms(module)
        var events: [ScenarioEvent] = []
        events.reserveCapacity(lines.count - 1)
        var virtualTime = 0
        for index in 1..<lines.count {
            let fields = try object(index)
            do throws(FieldError) {
                let (kind, input) = try ScenarioFormat.readEvent(fields, module: module, forms: forms)
                if case .advance(let milliseconds, _) = kind {
                    // Each ms is at most the limit (the codec's range), so the sum of two cannot overflow.
                    virtualTime += milliseconds
                    guard virtualTime <= HarnessLimits.maximumVirtualMilliseconds else {
                        throw FieldError(
                            field: "ms",
                            "the advances so far reach \(virtualTime)ms of virtual time, over the limit of "
                                + "\(HarnessLimits.maximumVirtualMilliseconds)ms (10^12) for a whole scenario")
                    }
                }
                events.append(ScenarioEvent(step: index, line: index + 1, kind: kind, input: input))
            } catch {
                throw ScenarioError(file: file, line: index + 1, error)
            }
        }
        return Scenario(
            id: header.id, feature: module.name, description: header.description, tags: header.tags, config: header.config,
            events: events, file: file, configured: header.configured)
    }
}
