import Foundation
import MVICore
import MVIEssentials

/// Where favourite articles are kept, most recently added first.
public protocol FavoritesStore: Sendable {
    /// The favourites, most recently added first.
    func favorites() throws(NewsStorageError) -> [NewsArticle]
    /// Adds `article` (at the top) or removes the article with its `url`. Adding one that is
    /// already there, or removing one that is not, changes nothing.
    func setFavorite(_ isFavorite: Bool, article: NewsArticle) throws(NewsStorageError)
}

extension FavoritesStore {
    /// Whether the article with `url` is a favourite.
    public func isFavorite(url: String) throws(NewsStorageError) -> Bool {
        try favorites().contains { $0.url == url }
    }
}

extension Array where Element == NewsArticle {
    /// The favourites list after `setFavorite(isFavorite, article)`.
    func settingFavorite(_ isFavorite: Bool, _ article: NewsArticle) -> [NewsArticle] {
        let others = filter { $0.url != article.url }
        guard isFavorite else { return others }
        return contains { $0.url == article.url } ? self : [article] + others
    }
}

/// Favourites in memory, for tests and previews.
public final class InMemoryFavoritesStore: FavoritesStore {
    private let articles: Locked<[NewsArticle]>

    public init(_ articles: [NewsArticle] = []) { self.articles = Locked(articles) }

    public func favorites() -> [NewsArticle] { articles.withLock { $0 } }

    public func setFavorite(_ isFavorite: Bool, article: NewsArticle) {
        articles.withLock { $0 = $0.settingFavorite(isFavorite, article) }
    }
}

/// Favourites in a JSON file, written atomically. A corrupt file is reported and left as it is.
public final class JSONFileFavoritesStore: FavoritesStore {
    private let file: JSONFileStore<[NewsArticle]>

    /// - Parameter url: the file; it and its folder are created on the first write.
    public init(url: URL) { file = JSONFileStore(store: "favourites", url: url, empty: []) }

    public var url: URL { file.url }

    public func favorites() throws(NewsStorageError) -> [NewsArticle] {
        try file.read()
    }

    public func setFavorite(_ isFavorite: Bool, article: NewsArticle) throws(NewsStorageError) {
        try file.update { $0.settingFavorite(isFavorite, article) }
    }

    /// Moves a corrupt file aside to `<file>.corrupt`, so that favourites can be saved again;
    /// returns where it went, nil when there was nothing to move.
    public func discardCorruptFile() throws(NewsStorageError) -> URL? {
        try file.discardCorruptFile()
    }
}
