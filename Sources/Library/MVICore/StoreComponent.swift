/// A feature's component: owns a store and binds it to a view between start and stop.
///
/// Lifecycle: `onViewCreated(view)` -> `onStart()` (the view renders the store's latest state at
/// once, its events become intents) -> `onStop()` (nothing flows) -> `onViewDestroyed()` ->
/// `onDestroy()` (the store is disposed). Calls out of this order stop the program with a message
/// that names the component, the call and the state (see `LifecycleRegistry`).
/// Call every method on the store's scheduler (the main queue in an app). A component is not
/// `Sendable`: it belongs to the thread that made it, like its view.
///
/// The generic parameters are a feature's public face: its store's `Intent`, `State` and
/// `Label`, its view model and its view events. The store is held as `any Store<Intent, State, Label>`,
/// so a feature's actions and messages (the types its `DefaultStore` is specialized with) stay
/// internal to its module.
open class StoreComponent<Intent, State, Label, Model, Event>: LifecycleComponent {
    /// The store, created with the component.
    public let store: any Store<Intent, State, Label>
    private let stateToModel: (State) -> Model
    private let eventToIntent: (Event) -> Intent
    private var lifecycle: LifecycleRegistry
    private var binder: Binder?

    /// - Parameters:
    ///   - name: the component's name in lifecycle messages.
    ///   - store: the store; it is disposed by `onDestroy()`.
    ///   - stateToModel: maps store states to view models.
    ///   - eventToIntent: maps view events to intents.
    public init(
        name: String, store: some Store<Intent, State, Label>, stateToModel: @escaping (State) -> Model,
        eventToIntent: @escaping (Event) -> Intent
    ) {
        self.store = store
        self.stateToModel = stateToModel
        self.eventToIntent = eventToIntent
        self.lifecycle = LifecycleRegistry(component: name)
    }

    /// The model of the store's current state: a view's initial model, before its first render.
    public var model: Model { stateToModel(store.state) }

    /// Where the component is in its lifecycle.
    public var lifecycleState: LifecycleState { lifecycle.state }

    /// Attaches `view`; it is bound at `onStart()`.
    public func onViewCreated(_ view: any MviView<Model, Event>) {
        lifecycle.require(.viewCreated)
        let binder = Binder()
        binder.bind(store.states.map(stateToModel), to: view.render)
        // The store holds the view (its state subscriber renders it) while the view holds its
        // event subscribers: the way back to the store is weak, so a component released while
        // started frees its store and view instead of keeping them in a cycle.
        binder.bind(view.events.map(eventToIntent)) { [weak store] intent in store?.accept(intent) }
        self.binder = binder
    }

    /// Binds the view: it renders the latest state at once, and its events reach the store.
    public func onStart() {
        lifecycle.require(.start)
        binder?.start()
    }

    /// Unbinds the view: renders and events stop until the next `onStart()`.
    public func onStop() {
        lifecycle.require(.stop)
        binder?.stop()
    }

    /// Detaches the view.
    public func onViewDestroyed() {
        lifecycle.require(.viewDestroyed)
        binder = nil
    }

    /// Disposes the store: its work in flight is cancelled and nothing happens any more.
    public func onDestroy() {
        lifecycle.require(.destroy)
        store.dispose()
    }
}

/// A component with the five lifecycle calls.
public protocol LifecycleComponent: AnyObject {
    var lifecycleState: LifecycleState { get }
    func onStop()
    func onViewDestroyed()
    func onDestroy()
}

/// Owns a component and destroys it when released, as the SwiftUI samples' holders do.
///
/// Keep it in SwiftUI `@State`. On release it performs the lifecycle steps still due, in order
/// (stop, view destroyed, destroy), so a screen that goes away while started leaks nothing.
public final class ComponentHolder<Component: LifecycleComponent> {
    public let component: Component

    public init(_ component: Component) { self.component = component }

    deinit {
        if component.lifecycleState == .started { component.onStop() }
        if component.lifecycleState == .viewCreated { component.onViewDestroyed() }
        if component.lifecycleState == .created { component.onDestroy() }
    }
}
