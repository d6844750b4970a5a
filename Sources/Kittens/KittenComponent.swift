import MVICore

/// The Kittens feature for a host screen: owns the store, binds it to a view between start and stop.
///
/// The store is created with the component and starts loading at once. Lifecycle:
/// `onViewCreated(view)` -> `onStart()` (the view renders the latest state, its events reach
/// the store) -> `onStop()` (nothing flows) -> `onViewDestroyed()` -> `onDestroy()` (the store
/// is disposed, its load cancelled). Calls out of this order stop the program with a message
/// (see `LifecycleRegistry`). Call every method on the store's scheduler (the main queue in an app).
public final class KittenComponent {
    /// The store; exposed for observation and tests.
    public let store: KittenStore
    private var lifecycle = LifecycleRegistry(component: "KittenComponent")
    private var binder: Binder?

    /// - Parameters:
    ///   - dataSource: where images come from (`KittenHTTPDataSource` in an app).
    ///   - scheduler: the store's scheduler (`DispatchQueueScheduler.main()` in an app).
    ///   - backgroundScheduler: where bodies are parsed.
    ///   - eventObserver: sees every store event, for logging or recording.
    public init(
        dataSource: any KittenDataSource,
        scheduler: any Scheduler,
        backgroundScheduler: any Scheduler,
        eventObserver: ((KittenStore.Event) -> Void)? = nil
    ) {
        store = .kittens(
            dataSource: dataSource, scheduler: scheduler, backgroundScheduler: backgroundScheduler,
            eventObserver: eventObserver)
    }

    /// Where the component is in its lifecycle.
    public var lifecycleState: LifecycleState { lifecycle.state }

    /// Attaches `view`; it is bound at `onStart()`.
    public func onViewCreated(_ view: any MviView<KittenViewModel, KittenViewEvent>) {
        lifecycle.require(.viewCreated)
        let binder = Binder()
        binder.bind(store.states.map(KittenMappers.model), to: view.render)
        binder.bind(view.events.map(KittenMappers.intent), to: store.accept)
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

    /// Disposes the store: the load in flight is cancelled and nothing happens any more.
    public func onDestroy() {
        lifecycle.require(.destroy)
        store.dispose()
    }
}

/// Owns a `KittenComponent` and destroys it when released, as the SwiftUI sample's holder does.
///
/// Keep it in SwiftUI `@State`. On release it performs the lifecycle steps still due, in order
/// (stop, view destroyed, destroy), so a screen that goes away while started leaks nothing.
public final class KittenComponentHolder {
    public let component: KittenComponent

    public init(_ component: KittenComponent) { self.component = component }

    deinit {
        if component.lifecycleState == .started { component.onStop() }
        if component.lifecycleState == .viewCreated { component.onViewDestroyed() }
        if component.lifecycleState == .created { component.onDestroy() }
    }
}
