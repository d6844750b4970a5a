import MVICore

/// What the user can ask of the search screen.
public enum SearchIntent: Equatable, Sendable {
    /// The text in the search field changed.
    case queryChanged(String)
    /// A history entry was tapped: it becomes the query and is searched at once.
    case historyEntrySelected(String)
    /// The error alert was dismissed.
    case errorShown
}

/// The search store's bootstrap actions.
enum SearchAction: Equatable, Sendable {
    /// Read the history from its store.
    case loadHistory
    /// Restore a query saved before process death (searched at once when long enough).
    case restoreQuery(String)
    /// The query rested for the debounce: search it (from the debounce's effect).
    case search(String)
}

/// The search store's internal messages.
enum SearchMessage: Equatable, Sendable {
    case historyLoaded([String])
    case queryChanged(String)
    case historyRecorded([String])
    case searchStarted(String)
    case searchFinished(query: String, NewsPage)
    case searchFailed(query: String, NewsError)
    case storageFailed(NewsStorageError)
    case errorShown
}

/// The search screen: the query, the history, the last results, and the container.
public struct SearchState: Equatable, Sendable {
    /// The text in the search field, as typed.
    public var query: String
    /// Executed queries, most recent first (see `SearchHistory`).
    public var history: [String]
    /// The results of `resultsQuery`.
    public var results: [NewsArticle]
    public var totalResults: Int
    /// The query `results` belong to; nil when there are none.
    public var resultsQuery: String?
    /// The query whose request is in flight.
    public var searchingQuery: String?
    /// Overlay (a search in flight) and alert.
    public var container: ContainerState

    /// Queries shorter than this (after trimming) search nothing and show matching history.
    public static let minimumQueryLength = 3
    /// How long the query must stay unchanged before it is searched.
    public static let debounce = Duration.milliseconds(300)

    public init(
        query: String = "", history: [String] = [], results: [NewsArticle] = [], totalResults: Int = 0,
        resultsQuery: String? = nil, searchingQuery: String? = nil, container: ContainerState = ContainerState()
    ) {
        self.query = query
        self.history = history
        self.results = results
        self.totalResults = totalResults
        self.resultsQuery = resultsQuery
        self.searchingQuery = searchingQuery
        self.container = container
    }

    /// The trimmed query, if it is long enough to be searched.
    public var searchableQuery: String? {
        let trimmed = query.trimmingWhitespace()
        return trimmed.count >= Self.minimumQueryLength ? trimmed : nil
    }
}

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
typealias SearchStore = DefaultStore<SearchIntent, SearchAction, SearchMessage, SearchState, Never>

extension DefaultStore
where Intent == SearchIntent, Action == SearchAction, Message == SearchMessage, State == SearchState, Label == Never {
    /// Creates the search store: it reads the history at once, and when restoring, sets the saved
    /// query and searches it at once (no debounce) if it is long enough.
    static func search(
        dataSource: any NewsDataSource, history: any SearchHistoryStore, scheduler: any Scheduler,
        restoring saved: SearchSavedState? = nil, factory: any StoreFactory = DefaultStoreFactory()
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
            factory: factory)
    }
}
