import MVICore

/// The search screen's component.
public final class SearchComponent: StoreComponent<
    SearchIntent, SearchState, Never, SearchViewModel, SearchViewEvent
>
{
    /// - Parameters:
    ///   - dataSource: `NewsHTTPDataSource` in an app.
    ///   - history: `JSONFileSearchHistoryStore` in an app.
    ///   - scheduler: the store's scheduler; the debounce runs on it.
    ///   - restoring: state saved from an earlier component (`component.store.state.saved`).
    public init(
        dataSource: any NewsDataSource, history: any SearchHistoryStore, scheduler: any Scheduler,
        restoring saved: SearchSavedState? = nil, factory: any StoreFactory = DefaultStoreFactory()
    ) {
        super.init(
            name: "SearchComponent",
            store: SearchStore.search(
                dataSource: dataSource, history: history, scheduler: scheduler, restoring: saved, factory: factory),
            stateToModel: SearchMappers.model,
            eventToIntent: SearchMappers.intent)
    }
}

/// Owns a `SearchComponent` and destroys it when released.
public typealias SearchComponentHolder = ComponentHolder<SearchComponent>
