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
final class ArticleExecutor: BaseExecutor<ArticleIntent, ArticleAction, ArticleMessage, ArticleState, Never> {
    private let favorites: any FavoritesStore

    /// - Parameter favorites: read and written on the store's scheduler (the files are small).
    init(favorites: any FavoritesStore) { self.favorites = favorites }

    override func executeIntent(_ intent: ArticleIntent) {
        switch intent {
        case .toggleFavorite:
            let isFavorite = !state.isFavorite
            do {
                try favorites.setFavorite(isFavorite, article: state.article)
                dispatch(.favoriteChanged(isFavorite))
            } catch {
                dispatch(.storageFailed(error))
            }
        case .errorShown: dispatch(.errorShown)
        }
    }

    override func executeAction(_ action: ArticleAction) {
        switch action {
        case .readFavorite:
            do {
                dispatch(.favoriteChanged(try favorites.isFavorite(url: state.article.url)))
            } catch {
                dispatch(.storageFailed(error))
            }
        }
    }
}
