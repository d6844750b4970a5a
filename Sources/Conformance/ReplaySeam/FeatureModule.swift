import FixtureFormat
import MVICore

/// Everything the replay engine knows of one feature: its name, the codecs of its config, view
/// events, own events and data source answers (from which its JSON Schemas are written), and how
/// to start it. Each feature target exports one (`KittensFeature.module`); a registry lists them.
public struct FeatureModule: Sendable {
    /// The feature's name in scenario headers and fixture paths: lowercase letters, digits, dashes.
    public let name: String
    /// The component's name in lifecycle messages (`KittenComponent`).
    public let componentName: String
    /// The header's `config` object.
    public let config: ObjectCodec<any Sendable>
    /// The screens and their view events; one unnamed screen for a simple feature.
    public let screens: [ScreenDescription]
    /// The feature's own events beyond the lifecycle set.
    public let customEvents: [CustomEventCodec]
    /// Every answer a `respond` event may give the feature's data sources; nil when it makes no
    /// requests. A scenario's answers are decoded with it once, when the scenario is read.
    public let responses: ObjectCodec<any ReplayAnswer>?
    /// Which answers each kind of request takes, for a data source with several calls
    /// (`RequestKind`); empty: every request takes any answer of `responses`.
    public let requests: [RequestKind]
    /// Whether the feature saves state, so that `restore` events are allowed.
    public let hasSavedState: Bool
    /// The request headers that the wire level's transcript (`<name>.wire.txt`) shows, in this
    /// order, as the feature page names them (`Accept`, `x-api-key`); see `wire(headers:)`.
    public private(set) var wireHeaders: [String] = []
    /// Why a scenario with this config cannot run at the wire level on this machine, if it
    /// cannot (a condition the wire level cannot make here); see `wire(headers:refusing:)`.
    public private(set) var wireRefusal: (@Sendable (JSONObject) -> String?)?
    private let configure: @Sendable (JSONObject) throws -> @Sendable (FeatureEnvironment) -> any FeatureSession

    /// - Parameters:
    ///   - requests: which answers each kind of request takes, when the data sources have several
    ///     calls whose answers differ (each kind's forms are some of `responses`' forms).
    ///   - makeSession: starts one replay's session with the decoded config.
    public init<Config: Sendable>(
        name: String, componentName: String, config: ObjectCodec<Config>, screens: [ScreenDescription],
        customEvents: [CustomEventCodec] = [], responses: ObjectCodec<any ReplayAnswer>? = nil,
        requests: [RequestKind] = [], hasSavedState: Bool,
        makeSession: @escaping @Sendable (FeatureEnvironment, Config) -> any FeatureSession
    ) {
        self.name = name
        self.componentName = componentName
        self.config = config.erased
        self.screens = screens
        self.customEvents = customEvents
        self.responses = responses
        self.requests = requests
        self.hasSavedState = hasSavedState
        self.configure = { object in
            let decoded = try config.decode(object)
            return { environment in makeSession(environment, decoded) }
        }
    }

    /// This module, whose wire transcripts show `headers` of each request (docs/wire.md), and
    /// which refuses at the wire level a scenario whose header's config `refusing` gives a reason for.
    public func wire(headers: [String], refusing: (@Sendable (JSONObject) -> String?)? = nil) -> FeatureModule {
        var module = self
        module.wireHeaders = headers
        module.wireRefusal = refusing
        return module
    }

    /// Whether view events name their screen (`"screen": ...`): true when the feature has named screens.
    public var hasNamedScreens: Bool { screens.contains { $0.name != nil } }

    /// Reads the header's `config`; the result starts sessions with it.
    public func configured(_ config: JSONObject) throws(FieldError) -> ConfiguredFeature {
        let start = try FieldError.catching { try configure(config) }
        return ConfiguredFeature(start: start)
    }
}

/// A feature with its config read: ready to start a session for each replay.
public struct ConfiguredFeature: Sendable {
    let start: @Sendable (FeatureEnvironment) -> any FeatureSession

    /// A new session in `environment`; nothing runs until `create()`.
    public func makeSession(_ environment: FeatureEnvironment) -> any FeatureSession { start(environment) }
}

/// The features a command or test replays, by name. The harness names none itself: the
/// `conformance` executable and the test target compose their registry (see `ReferenceFeatures`).
public struct FeatureRegistry: Sendable {
    /// The features, in the order given.
    public let modules: [FeatureModule]
    /// What the harness derives from the modules once (ConformanceKit's readers of their lines).
    package let derived = DerivedValues()

    /// A registry of `modules`; a later module with the same name as an earlier one is ignored.
    public init(_ modules: [FeatureModule]) {
        var seen = Set<String>()
        self.modules = modules.filter { seen.insert($0.name).inserted }
    }

    /// The feature named `name`.
    public subscript(name: String) -> FeatureModule? { modules.first { $0.name == name } }

    /// The features' names, sorted.
    public var names: [String] { modules.map(\.name).sorted() }

    /// This registry with `more` added.
    public func adding(_ more: FeatureModule...) -> FeatureRegistry { FeatureRegistry(modules + more) }
}
