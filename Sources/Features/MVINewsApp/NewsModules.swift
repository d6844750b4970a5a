import MVICore
import MVINavigation
import MVINews

/// The registry of the three News screens, wired with the app's dependencies.
enum NewsModules {
    /// - Parameters:
    ///   - dependencies: given to every screen's component.
    ///   - articles: finds the article an `article(url)` route opens.
    ///   - onRender: told every render of every screen, with its route.
    static func registry(
        dependencies: NewsAppDependencies, articles: ArticleLookup,
        onRender: @escaping (NewsRoute, NewsScreenModel) -> Void
    ) -> ModuleRegistry<NewsRoute, NewsSavedScreen> {
        var registry = ModuleRegistry<NewsRoute, NewsSavedScreen>()
        let factories: [(String, ModuleRegistry<NewsRoute, NewsSavedScreen>.Factory)] = [
            ("top", { route, saved in headlines(route, saved, dependencies, onRender) }),
            ("article", { route, saved in article(route, saved, dependencies, articles, onRender) }),
            ("search", { route, saved in search(route, saved, dependencies, onRender) }),
        ]
        for (screen, factory) in factories {
            // Three distinct constant names: registering cannot fail.
            try? registry.register(screen, factory)
        }
        return registry
    }

    private static func headlines(
        _ route: NewsRoute, _ saved: NewsSavedScreen?, _ dependencies: NewsAppDependencies,
        _ onRender: @escaping (NewsRoute, NewsScreenModel) -> Void
    ) -> HeadlinesModule {
        var restoring: HeadlinesSavedState?
        if case .headlines(let state) = saved { restoring = state }
        let component = HeadlinesComponent(
            dataSource: dependencies.dataSource, scheduler: dependencies.scheduler, restoring: restoring)
        return HeadlinesModule(
            component: component,
            makeView: { _ in NewsScreenView { onRender(route, .headlines($0)) } },
            save: { .headlines($0.saved) })
    }

    private static func article(
        _ route: NewsRoute, _ saved: NewsSavedScreen?, _ dependencies: NewsAppDependencies, _ articles: ArticleLookup,
        _ onRender: @escaping (NewsRoute, NewsScreenModel) -> Void
    ) -> ArticleModule {
        let url = if case .article(let url) = route { url } else { "" }
        let article = if case .article(let savedArticle) = saved { savedArticle } else { articles.article(for: url) }
        let component = ArticleComponent(
            article: article, favorites: dependencies.favorites, scheduler: dependencies.scheduler)
        return ArticleModule(
            component: component,
            makeView: { _ in NewsScreenView { onRender(route, .article($0)) } },
            save: { .article($0.article) })
    }

    private static func search(
        _ route: NewsRoute, _ saved: NewsSavedScreen?, _ dependencies: NewsAppDependencies,
        _ onRender: @escaping (NewsRoute, NewsScreenModel) -> Void
    ) -> SearchModule {
        var restoring: SearchSavedState?
        if case .search(let state) = saved {
            restoring = state
        } else if case .search(let query) = route, !query.isEmpty {
            restoring = SearchSavedState(query: query)
        }
        let component = SearchComponent(
            dataSource: dependencies.dataSource, history: dependencies.history, scheduler: dependencies.scheduler,
            restoring: restoring)
        return SearchModule(
            component: component,
            makeView: { _ in NewsScreenView { onRender(route, .search($0)) } },
            save: { .search($0.saved) })
    }
}
