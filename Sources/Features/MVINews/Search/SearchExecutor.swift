import MVICore

/// The search reducer.
struct SearchReducer: Reducer {
    func reduce(_ state: SearchState, _ message: SearchMessage) -> SearchState {
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

/// Searches after the query has rested for `SearchState.debounce` on the store's scheduler;
/// a newer query cancels the pending search and the request in flight (latest wins). Every
/// executed query is recorded in the history and persisted.
final class SearchExecutor: Executor {
    typealias Context = ExecutorContext<SearchAction, SearchMessage, SearchState, Never>
    /// The key of the debounce's effect: a newer query replaces it.
    private static let debounce = "debounce"
    /// The key of the search in flight.
    private static let load = "load"
    private let dataSource: any NewsDataSource
    private let historyStore: any SearchHistoryStore
    /// Set after the history store failed once: the history is then kept for this session only,
    /// and the failure is not shown again on every search.
    private var historyStoreFailed = false

    /// - Parameters:
    ///   - dataSource: where results come from.
    ///   - historyStore: where executed queries are kept.
    init(dataSource: any NewsDataSource, historyStore: any SearchHistoryStore) {
        self.dataSource = dataSource
        self.historyStore = historyStore
    }

    func executeIntent(_ intent: SearchIntent, _ context: Context) {
        switch intent {
        case .queryChanged(let query):
            guard query != context.state.query else { return }
            changeQuery(query, context)
            // The render of the new query may have released this screen (a navigation it caused).
            guard !context.isDisposed, let searchable = context.state.searchableQuery else { return }
            let clock = context.clock
            context.run(key: Self.debounce) { send in
                try await clock.sleep(for: SearchState.debounce)
                send.forward(.search(searchable))
            }
        case .historyEntrySelected(let entry):
            changeQuery(entry, context)
            // A disposed store starts nothing: no history write, no request that nothing would cancel.
            if !context.isDisposed, let searchable = context.state.searchableQuery { search(searchable, context) }
        case .errorShown:
            context.dispatch(.errorShown)
        }
    }

    func executeAction(_ action: SearchAction, _ context: Context) {
        switch action {
        case .loadHistory:
            do {
                context.dispatch(.historyLoaded(try historyStore.entries()))
            } catch {
                historyStoreFailed = true
                context.dispatch(.storageFailed(error))
            }
        case .restoreQuery(let query):
            changeQuery(query, context)
            if let searchable = context.state.searchableQuery { search(searchable, context) }
        case .search(let query): search(query, context)
        }
    }

    private func cancelWork(_ context: Context) {
        context.cancel(key: Self.debounce)
        context.cancel(key: Self.load)
    }

    private func changeQuery(_ query: String, _ context: Context) {
        cancelWork(context)
        context.dispatch(.queryChanged(query))
    }

    /// Each dispatch renders, and a render may release this screen (a navigation it caused): a
    /// disposed store starts nothing more, neither the history write nor the request.
    private func search(_ query: String, _ context: Context) {
        record(query, context)
        guard !context.isDisposed else { return }
        context.dispatch(.searchStarted(query))
        guard !context.isDisposed else { return }
        let request = NewsRequest.everything(query: query, page: 1, pageSize: NewsRequest.defaultPageSize)
        let dataSource = self.dataSource
        context.run(key: Self.load) { send in
            switch try await dataSource.page(request) {
            case .success(let page): send(.searchFinished(query: query, page))
            case .failure(let error): send(.searchFailed(query: query, error))
            }
        }
    }

    private func record(_ query: String, _ context: Context) {
        let entries = SearchHistory.recording(query, in: context.state.history)
        guard entries != context.state.history else { return }
        context.dispatch(.historyRecorded(entries))
        guard !historyStoreFailed, !context.isDisposed else { return }
        do {
            try historyStore.save(entries)
        } catch {
            historyStoreFailed = true
            context.dispatch(.storageFailed(error))
        }
    }
}
