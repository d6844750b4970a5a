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
/// the next page on `loadMore` while there is one and nothing is loading.
final class HeadlinesExecutor: Executor {
    typealias Context = ExecutorContext<HeadlinesAction, HeadlinesMessage, HeadlinesState, Never>
    private let loader: PageLoader

    /// - Parameter dataSource: where pages come from.
    init(dataSource: any NewsDataSource) {
        loader = PageLoader(dataSource: dataSource)
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

    func dispose() {
        loader.cancel()
    }

    private func load(page: Int, _ context: Context) {
        loader.cancel()
        context.dispatch(.loadStarted(page: page))
        // The completion holds the context, which does nothing once the store is disposed.
        loader.start(.topHeadlines(page: page, pageSize: HeadlinesState.pageSize), context: context) { result in
            switch result {
            case .success(let loaded): context.dispatch(.pageLoaded(page: page, loaded))
            case .failure(let error): context.dispatch(.loadFailed(page: page, error))
            }
        }
    }
}

/// One request at a time, latest wins: starting a request cancels the one in flight, and an
/// answer to a cancelled or replaced request is dropped. Confined to the store's scheduler.
///
/// The completion handed to the data source holds the loader weakly: a data source may keep it
/// (a fake records every call, a cache may outlive the screen), and the loader holds the data source.
final class PageLoader {
    private let dataSource: any NewsDataSource
    private var inFlight: (any Cancellable)?
    private var generation = 0

    init(dataSource: any NewsDataSource) { self.dataSource = dataSource }

    /// Cancels the request in flight, if any; its answer will be dropped.
    func cancel() {
        inFlight?.cancel()
        inFlight = nil
        generation += 1
    }

    /// Starts `request`; `onResult` runs on the store's scheduler unless the request is
    /// cancelled or replaced first, or the store is disposed.
    func start<State, Message, Action, Label>(
        _ request: NewsRequest, context: ExecutorContext<Action, Message, State, Label>,
        onResult: @escaping (Result<NewsPage, NewsError>) -> Void
    ) {
        cancel()
        let generation = self.generation
        let deliver = context.callback { [weak self] (result: Result<NewsPage, NewsError>) in
            guard let self, generation == self.generation else { return }
            inFlight = nil  // finished, not cancelled
            onResult(result)
        }
        inFlight = dataSource.load(request, completion: deliver)
    }
}
