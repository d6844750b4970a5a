import MVICore

/// A screen as the navigator sees it: built by a `ModuleRegistry` factory when its route is
/// first visible, then driven through the lifecycle.
///
/// The navigator calls `handle(_:)` in the order `LifecycleRegistry` allows: `viewCreated`
/// and `start` when the screen comes on top, `stop` when it is covered, `start` when it is
/// uncovered, and `stop` (if started), `viewDestroyed`, `destroy` when its route leaves. After
/// `destroy` the navigator holds no reference to it.
public protocol ScreenModule<Saved>: AnyObject {
    /// What the screen keeps across process death (see `SavedNavigation`).
    associatedtype Saved

    /// Moves the screen's component one step through its lifecycle.
    func handle(_ event: LifecycleEvent)

    /// What to save now; nil when the screen keeps nothing.
    func savedState() -> Saved?
}

/// A `ScreenModule` made of a feature's `StoreComponent` and the view it binds.
///
/// The view is made at `viewCreated` (by `makeView`) and dropped at `viewDestroyed`; the
/// component's store is disposed at `destroy`, which cancels its work in flight.
public final class ComponentModule<Intent, State, Label, Model, Event, Saved>: ScreenModule {
    /// The screen's component, built with the module.
    public let component: StoreComponent<Intent, State, Label, Model, Event>
    /// The view bound to the component, between `viewCreated` and `viewDestroyed`.
    public private(set) var view: BaseMviView<Model, Event>?
    private let makeView: (Model) -> BaseMviView<Model, Event>
    private let save: (State) -> Saved?

    /// - Parameters:
    ///   - component: the screen's component, made by the factory with the app's dependencies.
    ///   - makeView: makes the view at `viewCreated`, given the component's current model: a
    ///     `ViewProxy` showing that model for SwiftUI by default.
    ///   - save: what to save of the store's state; nothing by default.
    public init(
        component: StoreComponent<Intent, State, Label, Model, Event>,
        makeView: @escaping (Model) -> BaseMviView<Model, Event> = { ViewProxy<Model, Event>(model: $0) },
        save: @escaping (State) -> Saved? = { _ in nil }
    ) {
        self.component = component
        self.makeView = makeView
        self.save = save
    }

    public func handle(_ event: LifecycleEvent) {
        switch event {
        case .viewCreated:
            let view = makeView(component.model)
            self.view = view
            component.onViewCreated(view)
        case .start:
            component.onStart()
        case .stop:
            component.onStop()
        case .viewDestroyed:
            component.onViewDestroyed()
            view = nil
        case .destroy:
            component.onDestroy()
        }
    }

    public func savedState() -> Saved? { save(component.store.state) }
}
