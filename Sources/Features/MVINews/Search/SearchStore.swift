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
public enum SearchAction: Equatable, Sendable {
    /// Read the history from its store.
    case loadHistory
    /// Restore a query saved before process death (searched at once when long enough).
    case restoreQuery(String)
}

/// The search store's internal messages.
public enum SearchMessage: Equatable, Sendable {
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

/// The search reducer.
public struct SearchReducer: Reducer {
    public init() {}

    public func reduce(_ state: SearchState, _ message: SearchMessage) -> SearchState {
        var next = state
        switch message {
        case .historyLoaded(let entries), .historyRecorded(let entries):
            next.history = entries
        case .queryChanged(let query):
            // The executor cancels the search in flight whenever the query changes.
            next.query = query
            next.searchingQuery = nil
            next.container.hideLoading()
            if next.searchableQuery == nil {
                next.results = []
                next.totalResults = 0
                next.resultsQuery = nil
            }
        case .searchStarted(let query):
            next.searchingQuery = query
            next.container.showLoading()
        case .searchFinished(let query, let page):
            next.results = [].appendingUnique(page.articles)
            next.totalResults = page.totalResults
            next.resultsQuery = query
            next.searchingQuery = nil
            next.container.hideLoading()
        case .searchFailed(_, let error):
            next.searchingQuery = nil
            next.container.hideLoading()
            next.container.setupError(error.userMessage)
        case .storageFailed(let error):
            next.container.setupError(error.userMessage)
        case .errorShown:
            next.container.errorShown()
        }
        return next
    }
}
