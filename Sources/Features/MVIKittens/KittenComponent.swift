import MVICore

/// The Kittens feature for a host screen: owns the store, binds it to a view between start and stop.
///
/// The store is created with the component and starts loading at once. The lifecycle is
/// `StoreComponent`'s: `onViewCreated(view)`, `onStart()`, `onStop()`, `onViewDestroyed()`, `onDestroy()`.
public final class KittenComponent: StoreComponent<
    KittenIntent, KittenState, Never, KittenViewModel, KittenViewEvent
>
{
    /// - Parameters:
    ///   - dataSource: where images come from (`KittenHTTPDataSource` in an app).
    ///   - scheduler: the store's scheduler (`DispatchQueueScheduler.main()` in an app).
    ///   - factory: makes the store; a `LoggingStoreFactory` logs its events.
    public init(
        dataSource: any KittenDataSource,
        scheduler: any Scheduler,
        factory: any StoreFactory = DefaultStoreFactory()
    ) {
        super.init(
            name: "KittenComponent",
            store: KittenStore.kittens(
                dataSource: dataSource, scheduler: scheduler, factory: factory
            ),
            stateToModel: KittenMappers.model,
            eventToIntent: KittenMappers.intent)
    }
}

/// Owns a `KittenComponent` and destroys it when released (keep it in SwiftUI `@State`).
public typealias KittenComponentHolder = ComponentHolder<KittenComponent>
