import MVICore

/// Where news comes from: NewsAPI over HTTP in an app (`NewsHTTPDataSource`), fakes in tests and replays.
public protocol NewsDataSource: Sendable {
    /// Starts `request` and returns a handle that cancels it.
    ///
    /// `completion` is called at most once, on any thread, with the page or the error. After
    /// `cancel()` it should not be called; the stores drop a late answer anyway.
    func load(_ request: NewsRequest, completion: @escaping @Sendable (Result<NewsPage, NewsError>) -> Void)
        -> any Cancellable
}

extension NewsDataSource {
    /// `load(_:completion:)` awaited, for an effect: cancelling the effect's task cancels the
    /// request, and an answer after that is dropped.
    func page(_ request: NewsRequest) async throws -> Result<NewsPage, NewsError> {
        try await awaitCallback { completion in load(request, completion: completion) }
    }
}
