import CommandLineSupport
import FixtureFormat
import MVICore
import ReplaySeam

/// The scenario line format of one feature: how its header and event lines are read, and their
/// JSON Schemas, written from the same field descriptions so that the two always agree.
public enum ScenarioFormat {
    /// A header as read.
    struct Header: Sendable {
        let id: String
        let description: String
        let tags: [String]
        let config: JSONObject
        let configured: ConfiguredFeature
    }

    /// The format's own event names; a feature's own events may not use them.
    public static let builtInEvents = [
        "create", "viewCreated", "start", "stop", "viewDestroyed", "destroy", "restore", "view", "advance", "respond",
    ]

    // MARK: Header

    private static let format = JSONCodec<Int>(schema: ["const": .integer(Scenario.formatVersion)]) { value in
        guard value == .integer(Scenario.formatVersion) else {
            let found = value.typeName == "number" ? value.compactText : value.typeName
            throw FieldError("this reader understands format \(Scenario.formatVersion), found \(found)")
        }
        return Scenario.formatVersion
    }

    private static let identifierPattern = "[a-z0-9]+(-[a-z0-9]+)*"

    private static func identifier(prefix: String) -> JSONCodec<String> {
        JSONCodec(schema: ["type": "string", "pattern": .string("^\(prefix)\(identifierPattern)$")]) { value in
            guard case .string(let text) = value else { throw FieldError("expected a string, found \(value.typeName)") }
            guard text.hasPrefix(prefix), isIdentifier(String(text.dropFirst(prefix.count))) else {
                throw FieldError(
                    prefix.isEmpty
                        ? "expected lowercase letters, digits and single dashes inside, found \(CanonicalRender.quote(text))"
                        : "expected \"\(prefix)<name>\" with lowercase letters, digits and dashes, found \(CanonicalRender.quote(text))"
                )
            }
            return text
        }
    }

    /// Lowercase ASCII letters, digits and single dashes inside.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            first != "-", last != "-", !text.contains("--")
        else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func header(for module: FeatureModule) -> ObjectCodec<Header> {
        let formatField = Field.required("format", format)
        let id = Field.required("id", identifier(prefix: module.name + "/"))
        let feature = Field.constant("feature", module.name)
        let description = Field.required("description", JSONCodec.line)
        let tags = Field.optional("tags", JSONCodec.array(of: JSONCodec.string))
        let configCodec = module.config.value
        let config = Field.optional(
            "config",
            JSONCodec(schema: configCodec.schema) { value in
                guard case .object(let object) = value else {
                    throw FieldError("expected an object, found \(value.typeName)")
                }
                return (object, try module.configured(object))
            })
        return .object(formatField, id, feature, description, tags, config) { fields in
            _ = try fields.read(formatField)
            let (object, configured) = try fields.read(config) ?? ([:], try module.configured([:]))
            return Header(
                id: try fields.read(id), description: try fields.read(description), tags: try fields.read(tags) ?? [],
                config: object, configured: configured)
        }
    }

    static func readHeader(_ object: JSONObject, features: FeatureRegistry) throws(FieldError) -> (
        Header, FeatureModule
    ) {
        if object["format"] != nil { _ = try Field.required("format", format).value(in: object) }
        guard let value = object["feature"] else { throw FieldError(field: "feature", "missing; expected a string") }
        guard case .string(let name) = value else {
            throw FieldError(field: "feature", "expected a string, found \(value.typeName)")
        }
        guard let module = features[name] else {
            throw FieldError(
                field: "feature",
                "unknown feature \(CanonicalRender.quote(name)); known: \(features.names.joined(separator: ", "))"
                    + Suggestion.didYouMean(name, among: features.names))
        }
        return (try readers(module, in: features).header.decode(object), module)
    }

    /// A feature's header codec and event forms, built once for each registry and feature.
    struct Readers: Sendable {
        let header: ObjectCodec<Header>
        let forms: [EventForm]
    }

    /// The readers of `module`'s lines, kept with `features` (they capture the module, and the
    /// module does not hold them: no cycle).
    static func readers(_ module: FeatureModule, in features: FeatureRegistry) -> Readers {
        features.derived.value(for: module.name) { Readers(header: header(for: module), forms: forms(module)) }
    }

    // MARK: Events

    /// One kind of event line: its name, its accepted field forms (besides `event`), its reader.
    struct EventForm: Sendable {
        let name: String
        let shapes: [ObjectShape]
        let read: @Sendable (JSONObject) throws(FieldError) -> DecodedEvent
    }

    /// An event line as its form read it.
    struct DecodedEvent {
        var kind: ScenarioEvent.Kind
        var input: DecodedInput? = nil
        var answer: (any ReplayAnswer)? = nil
    }

    private static let milliseconds = Field.required(
        "ms", JSONCodec.integer(0...HarnessLimits.maximumVirtualMilliseconds))
    private static let quiet = Field.optional("quiet", JSONCodec.bool)
    private static let request = Field.required("request", JSONCodec.integer(1...largestExactInteger))

    private static func plain(_ name: String, _ kind: ScenarioEvent.Kind) -> EventForm {
        let codec = ObjectCodec<ScenarioEvent.Kind>.empty(kind)
        return EventForm(name: name, shapes: codec.shapes) { object throws(FieldError) in
            DecodedEvent(kind: try codec.decode(object, ignoring: ["event"]))
        }
    }

    /// Every event line the feature's scenarios may hold, in the order the docs list them.
    static func forms(_ module: FeatureModule) -> [EventForm] {
        var forms = [plain("create", .create)]
        forms += LifecycleEvent.allCases.map { plain($0.rawValue, .lifecycle($0)) }
        if module.hasSavedState { forms.append(plain("restore", .restore)) }
        forms.append(viewForm(module))
        let advance = ObjectCodec<ScenarioEvent.Kind>.object(milliseconds, quiet) { fields in
            .advance(milliseconds: try fields.read(milliseconds), quiet: try fields.read(quiet) ?? false)
        }
        forms.append(
            EventForm(name: "advance", shapes: advance.shapes) { object throws(FieldError) in
                DecodedEvent(kind: try advance.decode(object, ignoring: ["event"]))
            })
        if let responses = module.responses {
            let shapes = responses.shapes.map {
                ObjectShape(
                    properties: [("request", request.schema)] + $0.properties, required: ["request"] + $0.required)
            }
            forms.append(
                EventForm(name: "respond", shapes: shapes) { object throws(FieldError) in
                    let number = try request.value(in: object)
                    let answer = try responses.decode(object, ignoring: ["event", "request"])
                    var fields = object
                    fields["event"] = nil
                    fields["request"] = nil
                    return DecodedEvent(kind: .respond(request: number, fields: fields), answer: answer)
                })
        }
        for custom in module.customEvents {
            forms.append(
                EventForm(name: custom.name, shapes: custom.shapes) { object throws(FieldError) in
                    let (value, echo) = try custom.decode(object)
                    var fields = object
                    fields["event"] = nil
                    return DecodedEvent(
                        kind: .custom(name: custom.name, fields: fields),
                        input: DecodedInput(input: .custom(name: custom.name, value: value), echo: echo))
                })
        }
        return forms
    }

    private static func viewForm(_ module: FeatureModule) -> EventForm {
        let named = module.hasNamedScreens
        var shapes: [ObjectShape] = []
        for screen in module.screens {
            for event in screen.events {
                var properties: [(name: String, schema: JSONValue)] = []
                if let name = screen.name { properties.append(("screen", ["const": .string(name)])) }
                properties.append(("name", ["const": .string(event.name)]))
                if let payload = event.payloadSchema { properties.append(("payload", payload)) }
                shapes.append(ObjectShape(properties: properties, required: properties.map(\.name)))
            }
        }
        let allowed = ["event"] + (named ? ["screen"] : []) + ["name", "payload"]
        return EventForm(name: "view", shapes: shapes) { object throws(FieldError) in
            if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
                throw FieldError(field: unknown, "unknown field; expected only \(allowed.joined(separator: ", "))")
            }
            var screen = module.screens.first
            var screenName: String?
            if named {
                let names = module.screens.compactMap(\.name)
                let name = try Field.required("screen", JSONCodec.string).value(in: object)
                screen = module.screens.first { $0.name == name }
                guard screen != nil else {
                    throw FieldError(
                        field: "screen",
                        "unknown \(module.name) screen \(CanonicalRender.quote(name)); expected one of \(names.joined(separator: ", "))"
                            + Suggestion.didYouMean(name, among: names))
                }
                screenName = name
            }
            let name = try Field.required("name", JSONCodec.string).value(in: object)
            let events = screen?.events ?? []
            guard let codec = events.first(where: { $0.name == name }) else {
                let place = screenName.map { "\(module.name) \($0) view event" } ?? "\(module.name) view event"
                let names = events.map(\.name)
                throw FieldError(
                    field: "name",
                    "unknown \(place) \(CanonicalRender.quote(name)); expected \(names.count == 1 ? "" : "one of ")\(names.joined(separator: ", "))"
                        + Suggestion.didYouMean(name, among: names))
            }
            let payload = object["payload"]
            let (event, echo) = try codec.decode(payload: payload)
            return DecodedEvent(
                kind: .view(screen: screenName, name: name, payload: payload),
                input: DecodedInput(
                    input: .view(screen: screenName, event: event),
                    echo: "view " + (screenName.map { "\($0): " } ?? "") + echo))
        }
    }

    static func readEvent(_ object: JSONObject, module: FeatureModule, forms: [EventForm]) throws(FieldError)
        -> DecodedEvent
    {
        let name = try Field.required("event", JSONCodec.string).value(in: object)
        guard let form = forms.first(where: { $0.name == name }) else {
            var message =
                "unknown event \(CanonicalRender.quote(name)); expected one of \(forms.map(\.name).joined(separator: ", "))"
                + Suggestion.didYouMean(name, among: forms.map(\.name))
            if builtInEvents.contains(name) {
                message =
                    "\(module.name) takes no \(name) event; expected one of \(forms.map(\.name).joined(separator: ", "))"
            }
            throw FieldError(field: "event", message)
        }
        return try form.read(object)
    }

    // MARK: Schemas

    /// The JSON Schema of the feature's header line (line 1).
    public static func headerSchema(_ module: FeatureModule) -> JSONValue {
        header(for: module).shapes[0].schema()
    }

    /// The JSON Schema of the feature's event lines (line 2 on): one form per event and variant.
    public static func eventSchema(_ module: FeatureModule) -> JSONValue {
        var alternatives: [JSONValue] = []
        for form in forms(module) {
            for shape in form.shapes {
                alternatives.append(
                    shape.schema(envelope: [("event", ["const": .string(form.name)])], envelopeRequired: ["event"]))
            }
        }
        return ["oneOf": .array(alternatives)]
    }

    /// Which lines a schema file is for.
    public enum LineKind: String, Sendable, CaseIterable {
        /// Line 1.
        case header
        /// Every line after the first.
        case event
    }

    /// The feature's schema file for one kind of line: `Fixtures/schema/<feature>.<kind>.schema.json`.
    /// - Parameter command: the command whose `schema` subcommand writes the file, named in its
    ///   description (`conformance` for this package's features; an app's own command for its own).
    public static func schemaDocument(_ module: FeatureModule, for kind: LineKind, command: String = "conformance")
        -> JSONValue
    {
        var document: JSONObject = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": .string("https://mvi-conformance.invalid/Fixtures/schema/\(schemaFileName(module, kind))"),
            "title": .string(
                kind == .header
                    ? "Line 1 of a \(module.name) scenario" : "A line after the first of a \(module.name) scenario"),
            "description": .string(
                "Written from the feature's codecs by `\(command) schema`; do not edit. See docs/fixtures.md, \"Schemas\"."
            ),
        ]
        guard case .object(let schema) = kind == .header ? headerSchema(module) : eventSchema(module) else {
            return .object(document)
        }
        for member in schema { document[member.key] = member.value }
        return .object(document)
    }

    /// The one writer of schema files: the bytes of `<feature>.<kind>.schema.json`, as
    /// `<command> schema` writes them and as the tests compare the committed files with.
    public static func schemaFileText(_ module: FeatureModule, for kind: LineKind, command: String = "conformance")
        -> String
    {
        schemaDocument(module, for: kind, command: command).prettyText
    }

    /// `<feature>.<kind>.schema.json`.
    public static func schemaFileName(_ module: FeatureModule, _ kind: LineKind) -> String {
        "\(module.name).\(kind.rawValue).schema.json"
    }
}
