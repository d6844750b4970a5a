import Foundation
import News

/// Finds the article an `article(url)` route opens: the route carries only the url.
///
/// In order: the article handed over by the screen that opened it (kept until its module is
/// released), a favourite with that url, else an article made from the url alone (its host as
/// the source name): what a deep link to an article the app never saw shows.
final class ArticleLookup {
    private let favorites: any FavoritesStore
    private var handedOver: [String: NewsArticle] = [:]

    init(favorites: any FavoritesStore) { self.favorites = favorites }

    /// Keeps `article` for the module about to open it.
    func handOver(_ article: NewsArticle) { handedOver[article.url] = article }

    /// Forgets what was handed over for `url` (its module was released).
    func forget(_ url: String) { handedOver[url] = nil }

    /// The article to show for `url`.
    func article(for url: String) -> NewsArticle {
        if let article = handedOver[url] { return article }
        if let favorite = (try? favorites.favorites())?.first(where: { $0.url == url }) { return favorite }
        return NewsArticle(source: .init(name: URL(string: url)?.host ?? url), url: url)
    }
}
