import MVICore

/// What the search screen keeps across process death: the query (results are searched again).
public struct SearchSavedState: Equatable, Codable, Sendable {
    public var query: String

    public init(query: String) { self.query = query }
}

extension SearchState {
    /// What to save now.
    public var saved: SearchSavedState { SearchSavedState(query: query) }
}

/// The search store.
public typealias SearchStore = DefaultStore<SearchIntent, SearchAction, SearchMessage, SearchState, Never>

extension DefaultStore
where Intent == SearchIntent, Action == SearchAction, Message == SearchMessage, State == SearchState, Label == Never {
    /// Creates the search store: it reads the history at once, and when restoring, sets the saved
    /// query and searches it at once (no debounce) if it is long enough.
    public static func search(
        dataSource: any NewsDataSource, history: any SearchHistoryStore, scheduler: any Scheduler,
        restoring saved: SearchSavedState? = nil, eventObserver: ((Event) -> Void)? = nil
    ) -> SearchStore {
        var actions = [SearchAction.loadHistory]
        if let saved, !saved.query.isEmpty { actions.append(.restoreQuery(saved.query)) }
        return SearchStore(
            name: "SearchStore",
            initialState: SearchState(),
            bootstrapper: SimpleBootstrapper(actions: actions),
            executor: SearchExecutor(dataSource: dataSource, historyStore: history),
            reducer: SearchReducer(),
            scheduler: scheduler,
            eventObserver: eventObserver)
    }
}

/// The search screen's component.
public final class SearchComponent: StoreComponent<SearchStore, SearchViewModel, SearchViewEvent> {
    /// - Parameters:
    ///   - dataSource: `NewsHTTPDataSource` in an app.
    ///   - history: `JSONFileSearchHistoryStore` in an app.
    ///   - scheduler: the store's scheduler; the debounce runs on it.
    ///   - restoring: state saved from an earlier component (`component.store.state.saved`).
    public init(
        dataSource: any NewsDataSource, history: any SearchHistoryStore, scheduler: any Scheduler,
        restoring saved: SearchSavedState? = nil, eventObserver: ((SearchStore.Event) -> Void)? = nil
    ) {
        super.init(
            name: "SearchComponent",
            store: .search(
                dataSource: dataSource, history: history, scheduler: scheduler, restoring: saved,
                eventObserver: eventObserver),
            stateToModel: SearchMappers.model,
            eventToIntent: SearchMappers.intent)
    }
}

/// Owns a `SearchComponent` and destroys it when released.
public typealias SearchComponentHolder = ComponentHolder<SearchComponent>
