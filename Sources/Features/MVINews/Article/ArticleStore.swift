import MVICore

/// What the user can ask of the article screen.
public enum ArticleIntent: Equatable, Sendable {
    /// Make the article a favourite, or no longer one.
    case toggleFavorite
    /// The error alert was dismissed.
    case errorShown
}

/// The bootstrap action: read whether the article is a favourite.
public enum ArticleAction: Equatable, Sendable {
    case readFavorite
}

/// The article store's internal messages.
public enum ArticleMessage: Equatable, Sendable {
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

/// The article reducer.
public struct ArticleReducer: Reducer {
    public init() {}

    public func reduce(_ state: ArticleState, _ message: ArticleMessage) -> ArticleState {
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
public final class ArticleExecutor: BaseExecutor<ArticleIntent, ArticleAction, ArticleState, ArticleMessage, Never> {
    private let favorites: any FavoritesStore

    /// - Parameter favorites: read and written on the store's scheduler (the files are small).
    public init(favorites: any FavoritesStore) { self.favorites = favorites }

    public override func executeIntent(_ intent: ArticleIntent) {
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

    public override func executeAction(_ action: ArticleAction) {
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

/// The article store.
public typealias ArticleStore = DefaultStore<ArticleIntent, ArticleAction, ArticleMessage, ArticleState, Never>

extension DefaultStore
where Intent == ArticleIntent, Action == ArticleAction, Message == ArticleMessage, State == ArticleState, Label == Never {
    /// Creates the store of one article's screen; it reads the favourite flag at once.
    ///
    /// The article is all the screen keeps across process death: restore by creating the store
    /// again with it (the flag is read again from `favorites`).
    public static func article(
        _ article: NewsArticle, favorites: any FavoritesStore, scheduler: any Scheduler,
        eventObserver: ((Event) -> Void)? = nil
    ) -> ArticleStore {
        ArticleStore(
            name: "ArticleStore",
            initialState: ArticleState(article: article),
            bootstrapper: SimpleBootstrapper(ArticleAction.readFavorite),
            executor: ArticleExecutor(favorites: favorites),
            reducer: ArticleReducer(),
            scheduler: scheduler,
            eventObserver: eventObserver)
    }
}
