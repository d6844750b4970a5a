import MVICore
import MVINavigation
import MVINews

/// The News app: the three screens behind a `Navigator`, deep links, and a log of what happened.
///
/// ```swift
/// let app = try NewsApp(dependencies: NewsAppDependencies(
///     dataSource: NewsHTTPDataSource(apiKey: key), favorites: favorites, history: history,
///     scheduler: DispatchQueueScheduler.main()))
/// app.onEvent = { print($0) }          // module built top, render headlines, ...
/// app.start()
/// app.open("news://article?url=https%3A%2F%2Fexample.com%2Fa")
/// ```
/// Use it from one thread (the main thread in an app), like the navigator and the components.
public final class NewsApp {
    /// The navigator: its state is what a SwiftUI `NavigationStack(path:)` binds.
    public let navigator: Navigator<NewsRoute, NewsSavedScreen>
    /// The deep link grammar (`NewsDeepLinks`).
    public let deepLinks: DeepLinkGrammar<NewsRoute>
    private let log: Log

    /// Told every event, in order. Set it before `start()`.
    public var onEvent: ((NewsAppEvent) -> Void)? {
        get { log.onEvent }
        set { log.onEvent = newValue }
    }

    /// Passes events on, and forgets an article handed over once its route leaves the state.
    /// Made before the navigator so that the factories can tell it renders without holding the app.
    private final class Log {
        var onEvent: ((NewsAppEvent) -> Void)?
        let articles: ArticleLookup

        init(articles: ArticleLookup) { self.articles = articles }

        func tell(_ event: NewsAppEvent) {
            // Told before the screens change, so an article about to be built is still kept.
            if case .navigation(.navigated(_, let state)) = event { articles.keep(only: state) }
            onEvent?(event)
        }
    }

    /// An app at `initial` (the headlines list by default); nothing is built until `start()`.
    /// Open a deep link before `start()` for a cold start into it.
    /// - Throws: the refusal when `initial` breaks the navigation rules (a route twice, too deep).
    public convenience init(
        dependencies: NewsAppDependencies, initial: NavigationState<NewsRoute> = NavigationState(root: .top)
    ) throws(NavigationRefusal<NewsRoute>) {
        try self.init(dependencies: dependencies) { registry throws(NavigationRefusal<NewsRoute>) in
            try Navigator(initial, registry: registry)
        }
    }

    /// An app restored from what `saved()` returned before process death: only the visible
    /// screen is built at `start()`, the others when uncovered, each with what it saved.
    /// - Throws: the refusal when the saved state breaks the navigation rules.
    public convenience init(
        dependencies: NewsAppDependencies, restoring saved: SavedNavigation<NewsRoute, NewsSavedScreen>
    ) throws(NavigationRefusal<NewsRoute>) {
        try self.init(dependencies: dependencies) { registry throws(NavigationRefusal<NewsRoute>) in
            try Navigator(restoring: saved, registry: registry)
        }
    }

    private init(
        dependencies: NewsAppDependencies,
        makeNavigator: (ModuleRegistry<NewsRoute, NewsSavedScreen>) throws(NavigationRefusal<NewsRoute>) -> Navigator<
            NewsRoute, NewsSavedScreen
        >
    ) throws(NavigationRefusal<NewsRoute>) {
        let log = Log(articles: ArticleLookup(favorites: dependencies.favorites))
        let registry = NewsModules.registry(dependencies: dependencies, articles: log.articles) {
            [weak log] route, model in
            log?.tell(.rendered(route, model))
        }
        self.log = log
        deepLinks = NewsDeepLinks.grammar()
        navigator = try makeNavigator(registry)
        navigator.onEvent = { [weak log] event in log?.tell(.navigation(event)) }
    }

    // MARK: - Lifecycle of the app

    /// The app is shown: the visible screen is built (if needed) and started.
    public func start() { navigator.start() }

    /// The app is hidden: the visible screen is stopped.
    public func stop() { navigator.stop() }

    /// The app is gone: every screen is destroyed.
    public func destroy() { navigator.destroy() }

    /// What to save for process death (`SavedNavigation.encoded()` makes the JSON).
    public func saved() -> SavedNavigation<NewsRoute, NewsSavedScreen> { navigator.saved() }

    // MARK: - Input

    /// Opens a deep link: the stack becomes the one the link opens (the screens that stay at
    /// the bottom are kept). A link that does not parse is logged and refused; nothing changes.
    @discardableResult
    public func open(_ link: String) -> Result<NavigationResult<NewsRoute>, DeepLinkError> {
        do {
            let state = try deepLinks.parse(link)
            return .success(navigator.navigate(.replace(state)))
        } catch {
            log.tell(.deepLinkRefused(error))
            return .failure(error)
        }
    }

    /// What a screen asks of navigation. `openArticle` takes the article from the visible
    /// screen's list (headlines or search results) and pushes it.
    @discardableResult
    public func request(_ request: NewsNavigationRequest) -> Result<NavigationResult<NewsRoute>, NewsAppRefusal> {
        switch request {
        case .back:
            return .success(navigator.navigate(.back))
        case .openSearch:
            return refusingUnlessOnTop("headlines", request).map { navigator.navigate(.push(.search(query: ""))) }
        case .openArticle(let url):
            guard navigator.isStarted else { return refuse(request.description, .notStarted) }
            let listed: [NewsArticle]?
            switch navigator.visibleModule {
            case let module as HeadlinesModule: listed = module.component.store.state.articles
            case let module as SearchModule: listed = module.component.store.state.results
            default: listed = nil
            }
            guard let listed else {
                return refuse(
                    request.description,
                    .screenNotOnTop(screen: "headlines or search", visible: navigator.state.visible))
            }
            guard let article = listed.first(where: { $0.url == url }) else {
                return refuse(
                    request.description, .articleNotListed(url: url, screen: navigator.state.visible.newsScreen))
            }
            log.articles.handOver(article)
            return .success(navigator.navigate(.push(.article(url: url))))
        }
    }

    /// Sends a view event to its screen, which must be on top (visible) and started.
    /// - Returns: the route of the screen it reached, or why it reached none.
    @discardableResult
    public func send(_ event: NewsScreenEvent) -> Result<NewsRoute, NewsAppRefusal> {
        guard navigator.isStarted else { return refuse("\(event)", .notStarted) }
        let module = navigator.visibleModule
        switch event {
        case .headlines(let viewEvent):
            guard let view = (module as? HeadlinesModule)?.view else { break }
            view.dispatch(viewEvent)
            return .success(navigator.state.visible)
        case .article(let viewEvent):
            guard let view = (module as? ArticleModule)?.view else { break }
            view.dispatch(viewEvent)
            return .success(navigator.state.visible)
        case .search(let viewEvent):
            guard let view = (module as? SearchModule)?.view else { break }
            view.dispatch(viewEvent)
            return .success(navigator.state.visible)
        }
        return refuse("\(event)", .screenNotOnTop(screen: event.screen, visible: navigator.state.visible))
    }

    private func refusingUnlessOnTop(_ screen: String, _ request: NewsNavigationRequest) -> Result<Void, NewsAppRefusal>
    {
        guard navigator.state.visible.newsScreen == screen else {
            return refuse(request.description, .screenNotOnTop(screen: screen, visible: navigator.state.visible))
        }
        return .success(())
    }

    private func refuse<T>(_ what: String, _ refusal: NewsAppRefusal) -> Result<T, NewsAppRefusal> {
        log.tell(.refused(what, refusal))
        return .failure(refusal)
    }
}
