import Foundation
import MVINavigation
import MVINews

/// Finds the article an `article(url)` route opens: the route carries only the url.
///
/// In order: the article handed over by the screen that opened it (kept while its route is in
/// the navigation state), a favourite with that url, else an article made from the url alone
/// (its host as the source name): what a deep link to an article the app never saw shows.
final class ArticleLookup {
    private let favorites: any FavoritesStore
    private var handedOver: [String: NewsArticle] = [:]

    init(favorites: any FavoritesStore) { self.favorites = favorites }

    /// Keeps `article` for the module about to open it.
    func handOver(_ article: NewsArticle) { handedOver[article.url] = article }

    /// Forgets what was handed over for articles whose routes are no longer in `state`.
    func keep(only state: NavigationState<NewsRoute>) {
        guard !handedOver.isEmpty else { return }
        var urls = Set<String>()
        for case .article(let url) in state.stack + [state.modal].compactMap({ $0 }) { urls.insert(url) }
        handedOver = handedOver.filter { urls.contains($0.key) }
    }

    /// The article to show for `url`.
    func article(for url: String) -> NewsArticle {
        if let article = handedOver[url] { return article }
        if let favorite = (try? favorites.favorites())?.first(where: { $0.url == url }) { return favorite }
        return NewsArticle(source: .init(name: WebAddress.host(of: url) ?? url), url: url)
    }
}
