import FixtureFormat
import Foundation
import MVICore
import ReplaySeam

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
    /// The header line as written, for an implementation that reads it itself (a port).
    public let header: JSONObject
    public let events: [ScenarioEvent]
    /// Where the scenario was read from, for messages.
    public let file: String
    /// The feature with this scenario's config read, ready to start.
    let configured: ConfiguredFeature
    /// Its lines' bytes as read (the header first), when it was read from text: what the adapter
    /// protocol's `run` message carries, as written.
    var lines: [ArraySlice<UInt8>]? = nil

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
    /// For a `respond` event: the answer the feature's response codec decoded, with its echo.
    public let answer: (any ReplayAnswer)?
    /// The line as written, for an implementation that reads it itself (a port).
    public let object: JSONObject

    /// Whether this is an advance that keeps only the last render of its step.
    public var isQuiet: Bool { if case .advance(_, true) = kind { true } else { false } }
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
    public static func parse(_ text: String, file: String, expectedID: String? = nil, features: FeatureRegistry)
        throws(ScenarioError) -> Scenario
    {
        // A line ends at "\n" or "\r\n". A "\n" is always a Character of its own or the end of "\r\n",
        // so splitting the bytes at "\n" and dropping the "\r" before it cuts where a split of the
        // Characters would, without walking grapheme clusters; each line is then read as JSON from
        // its bytes, with no String of it made first (docs/performance.md, "The corpus against a bare read of it").
        let bytes = Array(text.utf8)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else {
            throw ScenarioError(file: file, line: nil, message: "the file is empty; expected a header line")
        }

        func object(_ index: Int) throws(ScenarioError) -> JSONObject {
            var line = lines[index]
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard line.count <= HarnessLimits.maximumLineBytes else {
                throw ScenarioError(
                    file: file, line: index + 1,
                    message:
                        "the line holds \(line.count) bytes, over the limit of \(HarnessLimits.maximumLineBytes) (see docs/fixtures.md, \"Limits\")"
                )
            }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                throw ScenarioError(
                    file: file, line: index + 1, message: "empty line; every line must hold one JSON object")
            }
            let value: JSONValue
            do {
                // The text is UTF-8 already (a String), so its bytes read as the String would.
                value = try JSONReader.parse(utf8: line)
            } catch {
                throw ScenarioError(file: file, line: index + 1, message: error.description)
            }
            guard case .object(let fields) = value else {
                throw ScenarioError(
                    file: file, line: index + 1, message: "expected a JSON object, found \(value.typeName)")
            }
            return fields
        }

        var reader = try ScenarioReader(header: try object(0), file: file, expectedID: expectedID, features: features)
        guard lines.count > 1 else {
            throw ScenarioError(
                file: file, line: 1, message: "the scenario has a header and no events; expected create on line 2")
        }
        var events: [ScenarioEvent] = []
        events.reserveCapacity(lines.count - 1)
        for index in 1..<lines.count {
            events.append(try reader.event(try object(index)))
        }
        var scenario = reader.scenario(events: events)
        scenario.lines = lines
        return scenario
    }
}

/// Reads a scenario a line at a time, with the same checks as `Scenario.parse`: the header first,
/// then each event as it comes (the fuzzer's generator, and `conformance adapter`, which names the
/// step of the line it refuses).
public struct ScenarioReader {
    private let header: ScenarioFormat.Header
    private let headerObject: JSONObject
    /// The feature the header names.
    public let module: FeatureModule
    private let forms: [ScenarioFormat.EventForm]
    private let file: String
    private var virtualTime = 0
    private var step = 0

    /// Reads the header line.
    public init(header object: JSONObject, file: String, expectedID: String? = nil, features: FeatureRegistry)
        throws(ScenarioError)
    {
        // The folder gives the feature: a header that names another is blamed on "feature", not
        // on the id that the other feature's prefix then refuses.
        if let expectedID, let folder = expectedID.split(separator: "/").first.map(String.init),
            case .string(let feature)? = object["feature"], feature != folder
        {
            throw ScenarioError(
                file: file, line: 1, field: "feature",
                message:
                    "the file is in the folder \(folder)/, which makes its feature \(CanonicalRender.quote(folder)), "
                    + "but the header says \(CanonicalRender.quote(feature))")
        }
        do throws(FieldError) {
            (header, module) = try ScenarioFormat.readHeader(object, features: features)
        } catch {
            throw ScenarioError(file: file, line: 1, error)
        }
        if let expectedID, header.id != expectedID {
            throw ScenarioError(
                file: file, line: 1, field: "id",
                message:
                    "the file's place makes its id \(CanonicalRender.quote(expectedID)), but the header says \(CanonicalRender.quote(header.id))"
            )
        }
        headerObject = object
        forms = ScenarioFormat.readers(module, in: features).forms
        self.file = file
    }

    /// Reads the next event line (the first is line 2).
    public mutating func event(_ fields: JSONObject) throws(ScenarioError) -> ScenarioEvent {
        step += 1
        let line = step + 1
        do throws(FieldError) {
            let decoded = try ScenarioFormat.readEvent(fields, module: module, forms: forms)
            if case .advance(let milliseconds, _) = decoded.kind {
                // Each ms is at most the limit (the codec's range), so the sum of two cannot overflow.
                virtualTime += milliseconds
                guard virtualTime <= HarnessLimits.maximumVirtualMilliseconds else {
                    throw FieldError(
                        field: "ms",
                        "the advances so far reach \(virtualTime)ms of virtual time, over the limit of "
                            + "\(HarnessLimits.maximumVirtualMilliseconds)ms (10^12) for a whole scenario")
                }
            }
            return ScenarioEvent(
                step: step, line: line, kind: decoded.kind, input: decoded.input, answer: decoded.answer, object: fields
            )
        } catch {
            throw ScenarioError(file: file, line: line, error)
        }
    }

    /// The scenario, with `events`.
    public func scenario(events: [ScenarioEvent]) -> Scenario {
        Scenario(
            id: header.id, feature: module.name, description: header.description, tags: header.tags,
            config: header.config,
            header: headerObject, events: events, file: file, configured: header.configured)
    }
}
