import FixtureFormat
import MVICore

extension FeatureModule {
    /// A feature with one screen whose component is a `StoreComponent`: the usual shape.
    ///
    /// - Parameters:
    ///   - viewEvents: the view events as scenarios name them.
    ///   - responses: every answer the feature's replay data source takes (`ObjectCodec.erased`).
    ///   - requests: which of them each kind of request takes, for a data source with several calls.
    ///   - renderLabel: the canonical render of the store's labels; nil records none.
    ///   - renderSaved: the canonical render of the saved state; nil means the feature has no
    ///     saved state and `restore` is refused.
    ///   - make: builds the component with the replay's scheduler and data sources, fresh or
    ///     restored from a saved state.
    ///
    /// The session sees the feature through its public face only: the component's store as
    /// `any Store<Intent, State, Label>`, its view models and its view events; never its messages.
    public static func component<
        Intent, State, Label, Model: CanonicalRenderable & Sendable, Event: Sendable, Config: Sendable,
        Component: StoreComponent<Intent, State, Label, Model, Event>
    >(
        name: String, componentName: String, config: ObjectCodec<Config>, viewEvents: [ViewEventCodec<Event>],
        responses: ObjectCodec<any ReplayAnswer>? = nil, requests: [RequestKind] = [],
        renderLabel: (@Sendable (Label) -> CanonicalValue)? = nil,
        renderSaved: (@Sendable (State) -> CanonicalValue)? = nil,
        make: @escaping @Sendable (FeatureEnvironment, Config, _ restoring: State?) -> Component
    ) -> FeatureModule {
        FeatureModule(
            name: name, componentName: componentName, config: config, screens: [ScreenDescription(events: viewEvents)],
            responses: responses, requests: requests, hasSavedState: renderSaved != nil
        ) { environment, config in
            ComponentSession<Intent, State, Label, Model, Event>(
                feature: name, environment: environment, renderLabel: renderLabel, renderSaved: renderSaved,
                make: { saved in make(environment, config, saved) })
        }
    }
}

extension FeatureModule {
    /// The session of one `StoreComponent` whose renders and labels name `screen`: for a feature
    /// with several screens whose session opens one of them (News), or an app that composes them.
    /// Restore saves the store's state and builds a new component from it with `make`.
    public static func componentSession<Intent, State, Label, Model: CanonicalRenderable, Event: Sendable>(
        feature: String, screen: String?, environment: FeatureEnvironment,
        renderLabel: (@Sendable (Label) -> CanonicalValue)? = nil,
        renderSaved: (@Sendable (State) -> CanonicalValue)?,
        make: @escaping (_ restoring: State?) -> StoreComponent<Intent, State, Label, Model, Event>
    ) -> any FeatureSession {
        ComponentSession<Intent, State, Label, Model, Event>(
            feature: feature, screen: screen, environment: environment, renderLabel: renderLabel,
            renderSaved: renderSaved, make: make)
    }
}

/// Drives one `StoreComponent` for a replay: a recording view, labels, save and restore.
final class ComponentSession<Intent, State, Label, Model: CanonicalRenderable, Event: Sendable>: FeatureSession {
    private let feature: String
    private let screen: String?
    private let output: OutputLog
    private let view: RecordingView<Model, Event>
    private let renderLabel: (@Sendable (Label) -> CanonicalValue)?
    private let renderSaved: (@Sendable (State) -> CanonicalValue)?
    private let make: (State?) -> StoreComponent<Intent, State, Label, Model, Event>
    private var component: StoreComponent<Intent, State, Label, Model, Event>?
    private var labels: (any Cancellable)?

    init(
        feature: String, screen: String? = nil, environment: FeatureEnvironment,
        renderLabel: (@Sendable (Label) -> CanonicalValue)?,
        renderSaved: (@Sendable (State) -> CanonicalValue)?,
        make: @escaping (State?) -> StoreComponent<Intent, State, Label, Model, Event>
    ) {
        self.feature = feature
        self.screen = screen
        self.output = environment.output
        self.view = RecordingView(output: environment.output, screen: screen)
        self.renderLabel = renderLabel
        self.renderSaved = renderSaved
        self.make = make
    }

    func create() { build(restoring: nil) }

    private func build(restoring saved: State?) {
        let component = make(saved)
        if let renderLabel {
            let (output, screen) = (output, screen)
            labels = component.store.subscribe(labels: { label in
                output.append(.label(renderLabel(label), screen: screen))
                output.labels?(screen, label)
            })
        }
        self.component = component
    }

    func perform(_ event: LifecycleEvent) {
        component?.perform(event, view: view)
    }

    func send(_ input: FeatureInput) throws(FieldError) {
        guard case .view(_, let event) = input, let event = event as? Event else {
            throw FieldError(field: "event", "\(feature) has no such event")
        }
        view.dispatch(event)
    }

    func end() {
        labels?.cancel()
        component?.store.dispose()
    }

    func restore() throws(FieldError) -> CanonicalValue {
        guard let renderSaved else { throw FieldError(field: "event", "\(feature) has no saved state to restore") }
        guard let component else { throw FieldError(field: "event", "restore before create") }
        let saved = component.store.state
        if component.lifecycleState != .destroyed { component.onDestroy() }
        labels?.cancel()
        build(restoring: saved)
        return renderSaved(saved)
    }
}
