import MVICore

/// Searches after the query has rested for `SearchState.debounce` on the store's scheduler;
/// a newer query cancels the pending search and the request in flight (latest wins). Every
/// executed query is recorded in the history and persisted.
public final class SearchExecutor: BaseExecutor<SearchIntent, SearchAction, SearchState, SearchMessage, Never> {
    private let loader: PageLoader
    private let historyStore: any SearchHistoryStore
    /// The pending debounced search.
    private var pending: (any Cancellable)?
    /// Set after the history store failed once: the history is then kept for this session only,
    /// and the failure is not shown again on every search.
    private var historyStoreFailed = false

    /// - Parameters:
    ///   - dataSource: where results come from.
    ///   - historyStore: where executed queries are kept.
    public init(dataSource: any NewsDataSource, historyStore: any SearchHistoryStore) {
        loader = PageLoader(dataSource: dataSource)
        self.historyStore = historyStore
    }

    public override func executeIntent(_ intent: SearchIntent) {
        switch intent {
        case .queryChanged(let query):
            guard query != state.query else { return }
            changeQuery(query)
            guard let searchable = state.searchableQuery else { return }
            // Scheduled directly rather than with `context.after`, whose work stays in the store's
            // work bag after it ran: one entry per keystroke for the life of the screen.
            let fire = context.callback { [weak self] (_: Void) in self?.search(searchable) }
            pending = context.scheduler.schedule(after: SearchState.debounce) { fire(()) }
        case .historyEntrySelected(let entry):
            changeQuery(entry)
            if let searchable = state.searchableQuery { search(searchable) }
        case .errorShown:
            dispatch(.errorShown)
        }
    }

    public override func executeAction(_ action: SearchAction) {
        switch action {
        case .loadHistory:
            do {
                dispatch(.historyLoaded(try historyStore.entries()))
            } catch {
                historyStoreFailed = true
                dispatch(.storageFailed(error))
            }
        case .restoreQuery(let query):
            changeQuery(query)
            if let searchable = state.searchableQuery { search(searchable) }
        }
    }

    public override func dispose() {
        cancelWork()
        super.dispose()
    }

    private func cancelWork() {
        pending?.cancel()
        pending = nil
        loader.cancel()
    }

    private func changeQuery(_ query: String) {
        cancelWork()
        dispatch(.queryChanged(query))
    }

    private func search(_ query: String) {
        pending = nil
        record(query)
        dispatch(.searchStarted(query))
        let request = NewsRequest.everything(query: query, page: 1, pageSize: NewsRequest.defaultPageSize)
        // Weak, as in `HeadlinesExecutor`: the data source may keep the completion.
        loader.start(request, context: context) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page): dispatch(.searchFinished(query: query, page))
            case .failure(let error): dispatch(.searchFailed(query: query, error))
            }
        }
    }

    private func record(_ query: String) {
        let entries = SearchHistory.recording(query, in: state.history)
        guard entries != state.history else { return }
        dispatch(.historyRecorded(entries))
        guard !historyStoreFailed else { return }
        do {
            try historyStore.save(entries)
        } catch {
            historyStoreFailed = true
            dispatch(.storageFailed(error))
        }
    }
}
