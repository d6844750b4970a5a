import MVICore

/// The headlines reducer.
struct HeadlinesReducer: Reducer {
    func reduce(_ state: HeadlinesState, _ message: HeadlinesMessage) -> HeadlinesState {
        var next = state
        switch message {
        case .loadStarted(let page):
            next.loadingPage = page
            next.container.isLoading = page == 1
        case .pageLoaded(let page, let result):
            next.articles =
                page == 1 ? [].appendingUnique(result.articles) : state.articles.appendingUnique(result.articles)
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

/// Loads pages of top headlines: page 1 at start and on refresh (cancelling any load in flight),
/// the next page on `loadMore` while there is one and nothing is loading. One load at a time, latest
/// wins: it is the effect `load`, and an answer to a cancelled load is dropped.
final class HeadlinesExecutor: Executor {
    typealias Context = ExecutorContext<HeadlinesAction, HeadlinesMessage, HeadlinesState, Never>
    /// The key of the load in flight.
    private static let load = "load"
    private let dataSource: any NewsDataSource

    /// - Parameter dataSource: where pages come from.
    init(dataSource: any NewsDataSource) {
        self.dataSource = dataSource
    }

    func executeIntent(_ intent: HeadlinesIntent, _ context: Context) {
        switch intent {
        case .refresh: load(page: 1, context)
        case .loadMore:
            // A load more while any load is in flight is ignored, as is one past the end or the cap.
            guard context.state.loadingPage == nil, context.state.hasMorePages else { return }
            load(page: context.state.loadedPage + 1, context)
        case .errorShown: context.dispatch(.errorShown)
        }
    }

    func executeAction(_ action: HeadlinesAction, _ context: Context) {
        switch action {
        case .loadFirstPage: load(page: 1, context)
        }
    }

    private func load(page: Int, _ context: Context) {
        // The load in flight is cancelled before the loading state renders, as the transcripts show.
        context.cancel(key: Self.load)
        context.dispatch(.loadStarted(page: page))
        let request = NewsRequest.topHeadlines(page: page, pageSize: HeadlinesState.pageSize)
        let dataSource = self.dataSource
        context.run(key: Self.load) { send in
            switch try await dataSource.page(request) {
            case .success(let loaded): send(.pageLoaded(page: page, loaded))
            case .failure(let error): send(.loadFailed(page: page, error))
            }
        }
    }
}
