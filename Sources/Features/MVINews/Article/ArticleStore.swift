import MVICore

/// What the user can ask of the article screen.
public enum ArticleIntent: Equatable, Sendable {
    /// Make the article a favourite, or no longer one.
    case toggleFavorite
    /// The error alert was dismissed.
    case errorShown
}

/// The bootstrap action: read whether the article is a favourite.
enum ArticleAction: Equatable, Sendable {
    case readFavorite
}

/// The article store's internal messages.
enum ArticleMessage: Equatable, Sendable {
    case favoriteChanged(Bool)
    case storageFailed(NewsStorageError)
    case errorShown
}

/// One article, whether it is a favourite, and the container's alert (the overlay is never shown:
/// nothing here loads from the network).
public struct ArticleState: Equatable, Sendable {
    public var article: NewsArticle
    public var isFavorite: Bool
    public var container: ContainerState

    public init(article: NewsArticle, isFavorite: Bool = false, container: ContainerState = ContainerState()) {
        self.article = article
        self.isFavorite = isFavorite
        self.container = container
    }
}

/// The article store.
typealias ArticleStore = DefaultStore<ArticleIntent, ArticleAction, ArticleMessage, ArticleState, Never>

extension DefaultStore
where Intent == ArticleIntent, Action == ArticleAction, Message == ArticleMessage, State == ArticleState, Label == Never
{
    /// Creates the store of one article's screen; it reads the favourite flag at once.
    ///
    /// The article is all the screen keeps across process death: restore by creating the store
    /// again with it (the flag is read again from `favorites`).
    static func article(
        _ article: NewsArticle, favorites: any FavoritesStore, scheduler: any Scheduler,
        factory: any StoreFactory = DefaultStoreFactory()
    ) -> ArticleStore {
        ArticleStore(
            name: "ArticleStore",
            initialState: ArticleState(article: article),
            bootstrapper: SimpleBootstrapper(ArticleAction.readFavorite),
            executor: ArticleExecutor(favorites: favorites),
            reducer: ArticleReducer(),
            scheduler: scheduler,
            factory: factory)
    }
}
