import Foundation
import MVICore
import MVINavigation
import MVINews
import MVINewsApp
import MVITestSupport

/// NewsAPI as the test answers it: every request is kept with its completion and its cancel.
final class ScriptedNewsSource: NewsDataSource, @unchecked Sendable {  // `pending` is guarded by `lock`
    private let lock = NSLock()
    private var pending:
        [(request: NewsRequest, answer: @Sendable (Result<NewsPage, NewsError>) -> Void, handle: Cancellation)] = []

    /// The text form of every request made, in order.
    var requests: [String] { lock.withLock { pending.map(\.request.description) } }

    func load(_ request: NewsRequest, completion: @escaping @Sendable (Result<NewsPage, NewsError>) -> Void)
        -> any Cancellable
    {
        let handle = Cancellation()
        lock.withLock { pending.append((request, completion, handle)) }
        return handle
    }

    /// Answers request `index` with `page`.
    func answer(_ index: Int, _ page: NewsPage) { lock.withLock { pending[index].answer }(.success(page)) }

    func isCancelled(_ index: Int) -> Bool { lock.withLock { pending[index].handle.isCancelled } }
}

/// Article `number` of a list named `list`.
func newsArticle(_ number: Int, list: String = "top") -> NewsArticle {
    NewsArticle(
        source: .init(name: "Source \(number)"), title: "\(list) \(number)", url: "https://news.test/\(list)/\(number)",
        publishedAt: "2026-11-0\(number % 9 + 1)T08:00:00Z")
}

/// A page holding articles `range` of the list `list`.
func newsPage(_ range: ClosedRange<Int>, list: String = "top", total: Int = 3) -> NewsPage {
    NewsPage(totalResults: total, articles: range.map { newsArticle($0, list: list) })
}

/// A News app on virtual time and a scripted NewsAPI, its log kept as text and as values.
final class AppHarness {
    let scheduler = TestScheduler()
    let source = ScriptedNewsSource()
    let favorites: InMemoryFavoritesStore
    let history = InMemorySearchHistoryStore(["kotlin"])
    let app: NewsApp
    private(set) var events: [NewsAppEvent] = []

    init(favorites: [NewsArticle] = [], restoring saved: SavedNavigation<NewsRoute, NewsSavedScreen>? = nil) throws {
        self.favorites = InMemoryFavoritesStore(favorites)
        let dependencies = NewsAppDependencies(
            dataSource: source, favorites: self.favorites, history: history, scheduler: scheduler)
        app =
            try saved.map { saved throws(NavigationRefusal<NewsRoute>) in
                try NewsApp(dependencies: dependencies, restoring: saved)
            } ?? NewsApp(dependencies: dependencies)
        app.onEvent = { [unowned self] in events.append($0) }
    }

    /// The log since the last call, as text.
    func takeLog() -> [String] {
        defer { events = [] }
        return events.map(\.description)
    }

    /// The last model the screen of `route` rendered.
    func lastRender(of route: NewsRoute) -> NewsScreenModel? {
        events.reversed().lazy.compactMap { event -> NewsScreenModel? in
            guard case .rendered(route, let model) = event else { return nil }
            return model
        }.first
    }

    /// From the headlines list: opens the search and types `query`; the search request is
    /// in flight once the debounce has passed.
    func search(_ query: String) {
        app.request(.openSearch)
        app.send(.search(.queryChanged(query)))
        scheduler.advance(by: .milliseconds(300))
    }

    /// Starts the app and answers the headlines' first page with articles 1...3.
    func startWithHeadlines() {
        app.start()
        source.answer(0, newsPage(1...3))
        scheduler.advance()
    }
}
