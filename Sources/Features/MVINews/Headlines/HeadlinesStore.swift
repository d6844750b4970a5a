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
public enum HeadlinesAction: Equatable, Sendable {
    case loadFirstPage
}

/// The headlines store's internal messages.
public enum HeadlinesMessage: Equatable, Sendable {
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

/// The headlines reducer.
public struct HeadlinesReducer: Reducer {
    public init() {}

    public func reduce(_ state: HeadlinesState, _ message: HeadlinesMessage) -> HeadlinesState {
        var next = state
        switch message {
        case .loadStarted(let page):
            next.loadingPage = page
            next.container.isLoading = page == 1
        case .pageLoaded(let page, let result):
            next.articles = page == 1 ? [].appendingUnique(result.articles) : state.articles.appendingUnique(result.articles)
            next.loadedPage = page
            next.totalResults = result.totalResults
            next.endReached = result.articles.isEmpty
            next.loadingPage = nil
            next.container.hideLoading()
        case .loadFailed(_, let error):
            // What was loaded stays; the error is shown.
            next.loadingPage = nil
            next.container.hideLoading()
            next.container.setupError(error.userMessage)
        case .errorShown:
            next.container.errorShown()
        }
        return next
    }
}
