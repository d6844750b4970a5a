import ConformanceKit
import FixtureFormat
import MVICore
import ReplaySeam

/// What the fuzzer knows of one feature: the forms of its event lines, read from the JSON Schema
/// its codecs write (`ScenarioFormat.eventSchema`), and the configs and field values of the
/// corpus's scenarios as hints. Nothing here names a feature.
struct FeatureDescription {
    let module: FeatureModule
    /// The lifecycle events its scenarios may hold (`viewCreated`, `start`...).
    let lifecycle: [LifecycleEvent]
    let hasRestore: Bool
    /// The schemas of its view event lines, its own event lines and its `respond` lines.
    let views: [JSONValue]
    let customs: [JSONValue]
    let responds: [JSONValue]
    /// For a feature whose requests differ in the answers they take (`FeatureModule.requests`):
    /// the `respond` line schemas of each kind of request, by its name.
    let respondsByKind: [String: [JSONValue]]
    /// The headers' configs seen in the corpus (at least one, `{}`).
    let configs: [JSONObject]
    /// Values the corpus gave each field name, each at most `maximumHintBytes` as compact JSON.
    let hints: [String: [JSONValue]]

    /// The longest corpus value taken as a hint, as compact JSON: 64 KiB. A scenario that pins a
    /// size limit carries a value of a megabyte (`kittens/a-body-over-one-mebibyte-is-read`), and
    /// a generated scenario that rendered it a few times would pass the transcript's bound
    /// (`Fuzzer.maximumTranscriptBytes`) on the reference itself.
    static let maximumHintBytes = 64 << 10

    init(_ module: FeatureModule, corpus: [Scenario]) {
        self.module = module
        var views: [JSONValue] = []
        var customs: [JSONValue] = []
        var responds: [JSONValue] = []
        var names = Set<String>()
        if case .array(let alternatives)? = Self.object(ScenarioFormat.eventSchema(module))["oneOf"] {
            for alternative in alternatives {
                guard case .object(let properties)? = Self.object(alternative)["properties"],
                    case .string(let event)? = Self.object(properties["event"] ?? .null)["const"]
                else { continue }
                names.insert(event)
                switch event {
                case "view": views.append(alternative)
                case "respond": responds.append(alternative)
                case _ where ScenarioFormat.builtInEvents.contains(event): break
                default: customs.append(alternative)
                }
            }
        }
        lifecycle = LifecycleEvent.allCases.filter { names.contains($0.rawValue) }
        hasRestore = names.contains("restore")
        self.views = views
        self.customs = customs
        self.responds = responds
        var byKind: [String: [JSONValue]] = [:]
        for kind in module.requests {
            byKind[kind.name] = kind.answers.shapes.map {
                $0.schema(
                    envelope: [("event", ["const": "respond"]), ("request", ["type": "integer", "minimum": 1])],
                    envelopeRequired: ["event", "request"])
            }
        }
        respondsByKind = byKind
        let mine = corpus.filter { $0.feature == module.name }
        var configs: [JSONObject] = []
        for scenario in mine where !configs.contains(scenario.config) { configs.append(scenario.config) }
        self.configs = configs.isEmpty ? [JSONObject()] : configs
        var hints: [String: [JSONValue]] = [:]
        func collect(_ object: JSONObject) {
            for member in object where !["event", "request", "screen", "name"].contains(member.key) {
                if member.value.compactText.utf8.count <= Self.maximumHintBytes,
                    !(hints[member.key]?.contains(member.value) ?? false)
                {
                    hints[member.key, default: []].append(member.value)
                }
                if case .object(let inner) = member.value { collect(inner) }
                if case .array(let items) = member.value {
                    for case .object(let inner) in items { collect(inner) }
                }
            }
        }
        for scenario in mine { for event in scenario.events { collect(event.object) } }
        self.hints = hints
    }

    private static func object(_ value: JSONValue) -> JSONObject {
        if case .object(let object) = value { object } else { JSONObject() }
    }
}
