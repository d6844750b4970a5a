import FixtureFormat
import MVICore

/// What the replay engine gives a feature: the virtual-time scheduler, the fake data source's
/// request log, and the log its reactions go to.
public struct FeatureEnvironment: Sendable {
    /// Every store of the feature runs on it (the engine's virtual-time scheduler).
    public let scheduler: any Scheduler
    /// Where the feature's replay data sources open requests that `respond` events answer.
    public let requests: RequestLog
    /// Where renders, labels and the feature's own reactions go.
    public let output: OutputLog
    /// In a live session (a recording), the real service the feature's data sources talk to
    /// instead of `requests`; nil in a replay.
    public let live: LiveServices?

    public init(scheduler: any Scheduler, requests: RequestLog, output: OutputLog, live: LiveServices? = nil) {
        self.scheduler = scheduler
        self.requests = requests
        self.output = output
        self.live = live
    }
}

/// An input the reader decoded with the feature's codecs: the engine hands it to the session.
public enum FeatureInput: Sendable {
    /// A view event for `screen` (nil in a feature with one screen).
    case view(screen: String?, event: any Sendable)
    /// One of the feature's own events (`back`, `deepLink`...), decoded by its codec.
    case custom(name: String, value: any Sendable)
}

/// One replay's live feature: the engine creates it, drives the lifecycle (after checking that
/// each call is allowed), sends decoded inputs, and asks for `restore`.
public protocol FeatureSession: AnyObject {
    /// Creates the component; its store starts.
    func create()
    /// Delivers a lifecycle call that the engine found allowed.
    func perform(_ event: LifecycleEvent)
    /// Delivers a decoded view event or custom event.
    func send(_ input: FeatureInput) throws(FieldError)
    /// Saves the state, destroys the component (it has no view) and creates a new one restored
    /// from the saved state. Returns the saved state's canonical value.
    func restore() throws(FieldError) -> CanonicalValue
    /// The scenario is over: stop whatever still runs (dispose the stores), so that async work
    /// still waiting for an answer is cancelled and can finish. Nothing it does is recorded.
    func end()
}

extension FeatureSession {
    public func end() {}
}

extension StoreComponent {
    /// Delivers a lifecycle call that the engine already found allowed; `view` is attached on `viewCreated`.
    public func perform(_ event: LifecycleEvent, view: any MviView<Model, Event>) {
        switch event {
        case .viewCreated: onViewCreated(view)
        case .start: onStart()
        case .stop: onStop()
        case .viewDestroyed: onViewDestroyed()
        case .destroy: onDestroy()
        }
    }
}

/// A view that writes every render to the replay's output, naming its screen if it has one.
public final class RecordingView<Model: CanonicalRenderable, Event>: BaseMviView<Model, Event> {
    private let output: OutputLog
    private let screen: String?
    /// For a `SendableCanonicalRenderable` model, a render's value made later, when it is kept.
    /// Found once for the type, since asking each model whether it conforms is a dynamic cast on
    /// every render.
    private let deferred: ((Model) -> @Sendable () -> CanonicalValue)?

    public init(output: OutputLog, screen: String? = nil) {
        self.output = output
        self.screen = screen
        deferred = (Model.self as? any SendableCanonicalRenderable.Type).map { Self.deferring($0) }
    }

    public override func render(_ model: Model) {
        if let deferred {
            output.appendRender(screen: screen, deferred(model))
        } else {
            output.append(.render(model.canonical, screen: screen))
        }
        output.models?(screen, model)
    }

    /// A model's value, made when called. `Same` is `Model` itself (`init` found it as `Model.self`),
    /// so the cast always succeeds, and costs little: it is between one type.
    private static func deferring<Same: SendableCanonicalRenderable>(
        _: Same.Type
    ) -> (Model) -> @Sendable () -> CanonicalValue {
        { model in
            let model = model as! Same
            return { model.canonical }
        }
    }
}
