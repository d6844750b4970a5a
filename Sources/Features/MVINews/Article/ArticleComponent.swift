import MVICore

/// The article screen's component.
public final class ArticleComponent: StoreComponent<
    ArticleIntent, ArticleState, Never, ArticleViewModel, ArticleViewEvent
>
{
    /// - Parameters:
    ///   - article: the article to show (also what to save, and to pass again after process death).
    ///   - favorites: `JSONFileFavoritesStore` in an app.
    ///   - scheduler: the store's scheduler (`DispatchQueueScheduler.main()` in an app).
    public init(
        article: NewsArticle, favorites: any FavoritesStore, scheduler: any Scheduler,
        factory: any StoreFactory = DefaultStoreFactory()
    ) {
        super.init(
            name: "ArticleComponent",
            store: ArticleStore.article(article, favorites: favorites, scheduler: scheduler, factory: factory),
            stateToModel: ArticleMappers.model,
            eventToIntent: ArticleMappers.intent)
    }
}

/// Owns an `ArticleComponent` and destroys it when released.
public typealias ArticleComponentHolder = ComponentHolder<ArticleComponent>
