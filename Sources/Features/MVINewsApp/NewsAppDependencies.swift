import MVICore
import MVINews

/// What the News screens need, made by the app and passed to the registry's factories.
public struct NewsAppDependencies {
    /// NewsAPI (`NewsHTTPDataSource`) in an app; a fake in tests and replays.
    public var dataSource: any NewsDataSource
    /// The favourites (`JSONFileFavoritesStore` in an app).
    public var favorites: any FavoritesStore
    /// The search history (`JSONFileSearchHistoryStore` in an app).
    public var history: any SearchHistoryStore
    /// Every store's scheduler (`DispatchQueueScheduler.main()` in an app, `TestScheduler` in tests).
    public var scheduler: any Scheduler

    public init(
        dataSource: any NewsDataSource, favorites: any FavoritesStore, history: any SearchHistoryStore,
        scheduler: any Scheduler
    ) {
        self.dataSource = dataSource
        self.favorites = favorites
        self.history = history
        self.scheduler = scheduler
    }
}
