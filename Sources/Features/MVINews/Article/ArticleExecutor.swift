import MVICore

/// The article reducer.
struct ArticleReducer: Reducer {
    func reduce(_ state: ArticleState, _ message: ArticleMessage) -> ArticleState {
        var next = state
        switch message {
        case .favoriteChanged(let isFavorite): next.isFavorite = isFavorite
        case .storageFailed(let error): next.container.setupError(error.userMessage)
        case .errorShown: next.container.errorShown()
        }
        return next
    }
}

/// Reads and writes the favourite flag through the `FavoritesStore`. A write that fails leaves
/// the flag as it was and shows why.
final class ArticleExecutor: Executor {
    typealias Context = ExecutorContext<ArticleAction, ArticleMessage, ArticleState, Never>
    private let favorites: any FavoritesStore

    /// - Parameter favorites: read and written on the store's scheduler (the files are small).
    init(favorites: any FavoritesStore) { self.favorites = favorites }

    func executeIntent(_ intent: ArticleIntent, _ context: Context) {
        switch intent {
        case .toggleFavorite:
            let isFavorite = !context.state.isFavorite
            do {
                try favorites.setFavorite(isFavorite, article: context.state.article)
                context.dispatch(.favoriteChanged(isFavorite))
            } catch {
                context.dispatch(.storageFailed(error))
            }
        case .errorShown: context.dispatch(.errorShown)
        }
    }

    func executeAction(_ action: ArticleAction, _ context: Context) {
        switch action {
        case .readFavorite:
            do {
                context.dispatch(.favoriteChanged(try favorites.isFavorite(url: context.state.article.url)))
            } catch {
                context.dispatch(.storageFailed(error))
            }
        }
    }
}
