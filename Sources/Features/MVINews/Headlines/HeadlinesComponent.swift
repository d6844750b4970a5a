import MVICore

/// The top headlines screen's component: owns the store, binds it to a view between start and stop.
public final class HeadlinesComponent: StoreComponent<
    HeadlinesIntent, HeadlinesState, Never, HeadlinesViewModel, HeadlinesViewEvent
>
{
    /// - Parameters:
    ///   - dataSource: `NewsHTTPDataSource` in an app.
    ///   - scheduler: the store's scheduler (`DispatchQueueScheduler.main()` in an app).
    ///   - restoring: state saved from an earlier component (`component.store.state.saved`).
    public init(
        dataSource: any NewsDataSource, scheduler: any Scheduler, restoring saved: HeadlinesSavedState? = nil,
        factory: any StoreFactory = DefaultStoreFactory()
    ) {
        super.init(
            name: "HeadlinesComponent",
            store: HeadlinesStore.headlines(
                dataSource: dataSource, scheduler: scheduler, restoring: saved, factory: factory),
            stateToModel: HeadlinesMappers.model,
            eventToIntent: HeadlinesMappers.intent)
    }
}

/// Owns a `HeadlinesComponent` and destroys it when released (keep it in SwiftUI `@State`).
public typealias HeadlinesComponentHolder = ComponentHolder<HeadlinesComponent>
