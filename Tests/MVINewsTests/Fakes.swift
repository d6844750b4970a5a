import Foundation
import MVICore
import MVINews
import MVITestSupport

/// A data source the test answers by hand; it records every request and sees every cancel.
final class FakeNewsDataSource: NewsDataSource, @unchecked Sendable {  // `recorded` is guarded by `lock`
    struct Call {
        let request: NewsRequest
        let completion: @Sendable (Result<NewsPage, NewsError>) -> Void
        let cancellation: Cancellation
    }

    private let lock = NSLock()
    private var recorded: [Call] = []

    var calls: [Call] { lock.withLock { recorded } }
    var requests: [NewsRequest] { calls.map(\.request) }

    func load(_ request: NewsRequest, completion: @escaping @Sendable (Result<NewsPage, NewsError>) -> Void)
        -> any Cancellable
    {
        let cancellation = Cancellation()
        lock.withLock { recorded.append(Call(request: request, completion: completion, cancellation: cancellation)) }
        return cancellation
    }

    func succeed(_ index: Int, _ page: NewsPage) { calls[index].completion(.success(page)) }
    func fail(_ index: Int, _ error: NewsError) { calls[index].completion(.failure(error)) }
    func isCancelled(_ index: Int) -> Bool { calls[index].cancellation.isCancelled }
}

/// A deterministic article; `number` makes its url, title and date.
func article(_ number: Int, prefix: String = "a") -> NewsArticle {
    NewsArticle(
        source: .init(id: "src", name: "Source \(number % 3)"), author: "Author \(number)",
        title: "Title \(prefix)\(number)",
        description: "About \(number)", url: "https://news.test/\(prefix)/\(number)",
        urlToImage: "https://news.test/img/\(number).jpg",
        publishedAt: "2026-10-\(String(format: "%02d", number % 28 + 1))T12:00:00Z",
        content: "Body \(number)… [+\(number * 10) chars]")
}

/// Articles `range` as one page of a query matching `total` in all.
func page(_ range: ClosedRange<Int>, total: Int, prefix: String = "a") -> NewsPage {
    NewsPage(totalResults: total, articles: range.map { article($0, prefix: prefix) })
}

/// The 20 articles of page `number` (from 1) of a query matching `total`.
func headlinesPage(_ number: Int, total: Int) -> NewsPage {
    page((number - 1) * 20 + 1...number * 20, total: total)
}

/// A view that records what it renders and emits events when told.
final class RecordingView<Model, Event>: BaseMviView<Model, Event> {
    private(set) var models: [Model] = []
    var last: Model? { models.last }
    override func render(_ model: Model) { models.append(model) }
}

/// A favourites store whose every call fails with `error`.
struct FailingFavoritesStore: FavoritesStore {
    let error: NewsStorageError
    func favorites() throws(NewsStorageError) -> [NewsArticle] { throw error }
    func setFavorite(_ isFavorite: Bool, article: NewsArticle) throws(NewsStorageError) { throw error }
}

/// A history store whose reads give `entries` and whose writes fail with `error`, counting them.
final class FailingHistoryStore: SearchHistoryStore, @unchecked Sendable {  // `writes` is guarded by `lock`
    let error: NewsStorageError
    let readFails: Bool
    private let lock = NSLock()
    private var writeCount = 0

    init(error: NewsStorageError, readFails: Bool) {
        self.error = error
        self.readFails = readFails
    }

    var writes: Int { lock.withLock { writeCount } }

    func entries() throws(NewsStorageError) -> [String] {
        if readFails { throw error }
        return []
    }

    func save(_ entries: [String]) throws(NewsStorageError) {
        lock.withLock { writeCount += 1 }
        throw error
    }
}

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("NewsTests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
