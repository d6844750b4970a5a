import MVICore

/// What the user can ask of the top headlines list.
public enum HeadlinesIntent: Equatable, Sendable {
    /// Start again at page 1; a load in flight is cancelled.
    case refresh
    /// The list reached its end: load the next page, if there is one and no load is in flight.
    case loadMore
    /// The error alert was dismissed.
    case errorShown
}

/// The bootstrap action: load page 1 (a store restored with pages does not).
enum HeadlinesAction: Equatable, Sendable {
    case loadFirstPage
}

/// The headlines store's internal messages.
enum HeadlinesMessage: Equatable, Sendable {
    case loadStarted(page: Int)
    case pageLoaded(page: Int, NewsPage)
    case loadFailed(page: Int, NewsError)
    case errorShown
}

/// The top headlines list: what is loaded, what is loading, and the container's overlay and alert.
public struct HeadlinesState: Equatable, Sendable {
    /// Loaded articles, in order, without duplicate urls.
    public var articles: [NewsArticle]
    /// The last page loaded (pages count from 1); 0 before the first.
    public var loadedPage: Int
    /// `totalResults` of the last page loaded.
    public var totalResults: Int
    /// The last page came back empty: there is nothing more, whatever `totalResults` says.
    public var endReached: Bool
    /// The page being loaded, if any.
    public var loadingPage: Int?
    /// Overlay (page 1 loading) and alert.
    public var container: ContainerState

    /// The page size asked for.
    public static let pageSize = NewsRequest.defaultPageSize

    public init(
        articles: [NewsArticle] = [], loadedPage: Int = 0, totalResults: Int = 0, endReached: Bool = false,
        loadingPage: Int? = nil, container: ContainerState = ContainerState()
    ) {
        self.articles = articles
        self.loadedPage = loadedPage
        self.totalResults = totalResults
        self.endReached = endReached
        self.loadingPage = loadingPage
        self.container = container
    }

    /// Whether a next page exists: the pages asked so far cover fewer results than
    /// `totalResults` and than NewsAPI's 100-result cap, and the last page was not empty.
    ///
    /// Counted in results asked for (`loadedPage * pageSize`), not in articles kept: a duplicate
    /// dropped must not make the list ask past the end.
    public var hasMorePages: Bool {
        loadedPage > 0 && !endReached
            && loadedPage * Self.pageSize < min(totalResults, NewsRequest.resultCap)
    }
}

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
        HeadlinesSavedState(
            articles: articles, loadedPage: loadedPage, totalResults: totalResults, endReached: endReached)
    }

    /// The state restored from `saved`: no load in flight, no overlay, no alert.
    public init(restoring saved: HeadlinesSavedState) {
        self.init(
            articles: [].appendingUnique(saved.articles), loadedPage: max(0, saved.loadedPage),
            totalResults: max(0, saved.totalResults), endReached: saved.endReached)
    }
}

/// The top headlines store.
typealias HeadlinesStore = DefaultStore<
    HeadlinesIntent, HeadlinesAction, HeadlinesMessage, HeadlinesState, Never
>

extension DefaultStore
where
    Intent == HeadlinesIntent, Action == HeadlinesAction, Message == HeadlinesMessage, State == HeadlinesState,
    Label == Never
{
    /// Creates the headlines store. Fresh, or restored with no page loaded, it loads page 1 at
    /// once; restored with pages, it shows them and loads nothing until asked.
    static func headlines(
        dataSource: any NewsDataSource, scheduler: any Scheduler, restoring saved: HeadlinesSavedState? = nil,
        factory: any StoreFactory = DefaultStoreFactory()
    ) -> HeadlinesStore {
        let initial = saved.map(HeadlinesState.init(restoring:)) ?? HeadlinesState()
        return HeadlinesStore(
            name: "HeadlinesStore",
            initialState: initial,
            bootstrapper: initial.loadedPage == 0 ? SimpleBootstrapper(HeadlinesAction.loadFirstPage) : nil,
            executor: HeadlinesExecutor(dataSource: dataSource),
            reducer: HeadlinesReducer(),
            scheduler: scheduler,
            factory: factory)
    }
}
