import MVICore

/// What the headlines screen keeps across process death: the pages loaded, not the load in flight.
public struct HeadlinesSavedState: Equatable, Codable, Sendable {
    public var articles: [NewsArticle]
    public var loadedPage: Int
    public var totalResults: Int
    public var endReached: Bool

    public init(articles: [NewsArticle], loadedPage: Int, totalResults: Int, endReached: Bool) {
        self.articles = articles
        self.loadedPage = loadedPage
        self.totalResults = totalResults
        self.endReached = endReached
    }
}

extension HeadlinesState {
    /// What to save now.
    public var saved: HeadlinesSavedState {
        HeadlinesSavedState(articles: articles, loadedPage: loadedPage, totalResults: totalResults, endReached: endReached)
    }

    /// The state restored from `saved`: no load in flight, no overlay, no alert.
    public init(restoring saved: HeadlinesSavedState) {
        self.init(
            articles: [].appendingUnique(saved.articles), loadedPage: max(0, saved.loadedPage),
            totalResults: max(0, saved.totalResults), endReached: saved.endReached)
    }
}

/// The top headlines store.
public typealias HeadlinesStore = DefaultStore<HeadlinesIntent, HeadlinesAction, HeadlinesMessage, HeadlinesState, Never>

extension DefaultStore
where Intent == HeadlinesIntent, Action == HeadlinesAction, Message == HeadlinesMessage, State == HeadlinesState, Label == Never {
    /// Creates the headlines store. Fresh, or restored with no page loaded, it loads page 1 at
    /// once; restored with pages, it shows them and loads nothing until asked.
    public static func headlines(
        dataSource: any NewsDataSource, scheduler: any Scheduler, restoring saved: HeadlinesSavedState? = nil,
        eventObserver: ((Event) -> Void)? = nil
    ) -> HeadlinesStore {
        let initial = saved.map(HeadlinesState.init(restoring:)) ?? HeadlinesState()
        return HeadlinesStore(
            name: "HeadlinesStore",
            initialState: initial,
            bootstrapper: initial.loadedPage == 0 ? SimpleBootstrapper(HeadlinesAction.loadFirstPage) : nil,
            executor: HeadlinesExecutor(dataSource: dataSource),
            reducer: HeadlinesReducer(),
            scheduler: scheduler,
            eventObserver: eventObserver)
    }
}

/// The top headlines screen's component: owns the store, binds it to a view between start and stop.
public final class HeadlinesComponent: StoreComponent<HeadlinesStore, HeadlinesViewModel, HeadlinesViewEvent> {
    /// - Parameters:
    ///   - dataSource: `NewsHTTPDataSource` in an app.
    ///   - scheduler: the store's scheduler (`DispatchQueueScheduler.main()` in an app).
    ///   - restoring: state saved from an earlier component (`component.store.state.saved`).
    public init(
        dataSource: any NewsDataSource, scheduler: any Scheduler, restoring saved: HeadlinesSavedState? = nil,
        eventObserver: ((HeadlinesStore.Event) -> Void)? = nil
    ) {
        super.init(
            name: "HeadlinesComponent",
            store: .headlines(dataSource: dataSource, scheduler: scheduler, restoring: saved, eventObserver: eventObserver),
            stateToModel: HeadlinesMappers.model,
            eventToIntent: HeadlinesMappers.intent)
    }
}

/// Owns a `HeadlinesComponent` and destroys it when released (keep it in SwiftUI `@State`).
public typealias HeadlinesComponentHolder = ComponentHolder<HeadlinesComponent>
