import FixtureFormat
import MVICore
import MVINews
import ReplaySeam

/// The News feature as the conformance replay sees it (spec: docs/features/news.md, "Conformance").
///
/// One feature with three screens, `headlines`, `article` and `search`; a scenario's config opens
/// one of them, and its view events and renders name the screen.
public enum NewsFeature {
    /// The screens and their view events, named as scenarios (and the navigation app) name them.
    public static let headlinesScreen = ScreenDescription(
        "headlines",
        events: [
            ViewEventCodec.plain("refreshTriggered", HeadlinesViewEvent.refreshTriggered),
            .plain("endReached", .endReached),
            .plain("errorShown", .errorShown),
        ])

    public static let articleScreen = ScreenDescription(
        "article",
        events: [
            ViewEventCodec.plain("favoriteToggled", ArticleViewEvent.favoriteToggled),
            .plain("errorShown", .errorShown),
        ])

    public static let searchScreen = ScreenDescription(
        "search",
        events: [
            ViewEventCodec.payload(
                "queryChanged", JSONCodec.string, event: SearchViewEvent.queryChanged,
                echo: { "queryChanged(\(CanonicalRender.quote($0)))" },
                encode: { if case .queryChanged(let text) = $0 { .string(text) } else { nil } }),
            .payload(
                "historyEntryTapped", JSONCodec.string, event: SearchViewEvent.historyEntryTapped,
                echo: { "historyEntryTapped(\(CanonicalRender.quote($0)))" },
                encode: { if case .historyEntryTapped(let text) = $0 { .string(text) } else { nil } }),
            .plain("errorShown", .errorShown),
        ])

    /// News: the config picks the screen and its stores' contents; the data source is answered
    /// with `responses`; `restore` saves the open screen's state (the local stores survive it).
    public static let module = FeatureModule(
        name: "news", componentName: "NewsScreenComponent", config: config,
        screens: [headlinesScreen, articleScreen, searchScreen], responses: responses.answers, hasSavedState: true
    ) { environment, config in
        NewsReplaySession(environment: environment, config: config)
    }
    .wire(headers: ["Accept", "X-Api-Key"], refusing: WireLocalStores.refusal)

    /// The favourites of a session: in memory, or at the wire level the JSON file store in the
    /// scenario's folder (`WireLocalStores`).
    public static func favorites(
        _ articles: [NewsArticle], fault: ReplayStorageFault?, _ environment: FeatureEnvironment
    )
        -> any FavoritesStore
    {
        guard let folder = environment.live?.folder else {
            return ReplayFavoritesStore(articles: articles, fault: fault, output: environment.output)
        }
        return WireLocalStores.favorites(articles, fault: fault, folder: folder, output: environment.output)
    }

    /// The search history of a session: in memory, or at the wire level the JSON file store in the
    /// scenario's folder (`WireLocalStores`).
    public static func history(_ entries: [String], fault: ReplayStorageFault?, _ environment: FeatureEnvironment)
        -> any SearchHistoryStore
    {
        guard let folder = environment.live?.folder else {
            return ReplaySearchHistoryStore(entries: entries, fault: fault, output: environment.output)
        }
        return WireLocalStores.history(entries, fault: fault, folder: folder, output: environment.output)
    }

    /// A scenario's config: which screen opens, and what it starts with.
    public enum Config: Equatable, Sendable {
        case headlines
        /// The article shown, the favourites' urls at the start (most recent first), and how the
        /// favourites store fails, if it does.
        case article(NewsArticle, favorites: [String], storageFault: ReplayStorageFault?)
        /// The search history at the start (most recent first), and how its store fails, if it does.
        case search(history: [String], storageFault: ReplayStorageFault?)

        /// The open screen's name.
        public var screen: String {
            switch self {
            case .headlines: "headlines"
            case .article: "article"
            case .search: "search"
            }
        }
    }

    /// `{"screen": "headlines"}`, `{"screen": "article", "article": {...}, "favorites": [...],
    /// "storageFault": ...}` or `{"screen": "search", "history": [...], "storageFault": ...}`.
    public static let config: ObjectCodec<Config> = {
        // `oneOf` passes only the faults' raw values, so each maps back to its fault.
        let faults = JSONCodec.oneOf(ReplayStorageFault.allCases.map(\.rawValue)).map {
            ReplayStorageFault(rawValue: $0)!
        }
        let fault = Field.optional("storageFault", faults)
        func screen(_ name: String) -> Field<String> { Field.constant("screen", name) }
        let article = Field.required("article", Self.article)
        let favorites = Field.optional("favorites", JSONCodec.array(of: JSONCodec.string))
        let history = Field.optional("history", JSONCodec.array(of: JSONCodec.string))
        return .oneOf(
            "a news config",
            [
                .when("screen", is: "headlines", .object(screen("headlines")) { _ in .headlines }),
                .when(
                    "screen", is: "article",
                    .object(screen("article"), article, favorites, fault) { reader in
                        .article(
                            try reader.read(article), favorites: try reader.read(favorites) ?? [],
                            storageFault: try reader.read(fault))
                    }),
                .when(
                    "screen", is: "search",
                    .object(screen("search"), history, fault) { reader in
                        .search(history: try reader.read(history) ?? [], storageFault: try reader.read(fault))
                    }),
            ])
    }()
}

extension HeadlinesSavedState: CanonicalRenderable {
    /// `HeadlinesSavedState` with `articleUrls`, `loadedPage`, `totalResults`, `endReached`.
    public var canonical: CanonicalValue {
        .record(
            "HeadlinesSavedState",
            [
                "articleUrls": .strings(articles.map(\.url)), "loadedPage": .integer(loadedPage),
                "totalResults": .integer(totalResults),
                "endReached": .bool(endReached),
            ])
    }
}

extension SearchSavedState: CanonicalRenderable {
    /// `SearchSavedState` with `query`.
    public var canonical: CanonicalValue { .record("SearchSavedState", ["query": .string(query)]) }
}

/// One replay of the News feature: the open screen's component, the replay data source, and local
/// stores that live as long as the scenario (so favourites and history survive `restore`).
/// A view event for a screen that is not open is refused with `rejected`.
final class NewsReplaySession: FeatureSession {
    private let screen: String
    private let output: OutputLog
    private let open: any FeatureSession

    init(environment: FeatureEnvironment, config: NewsFeature.Config) {
        screen = config.screen
        output = environment.output
        let (scheduler, name) = (environment.scheduler, config.screen)
        let dataSource = NewsFeature.dataSource(environment)
        switch config {
        case .headlines:
            open = FeatureModule.componentSession(
                feature: "news", screen: name, environment: environment,
                renderSaved: { (state: HeadlinesState) in state.saved.canonical }
            ) { saved in HeadlinesComponent(dataSource: dataSource, scheduler: scheduler, restoring: saved?.saved) }
        case .article(let article, let urls, let fault):
            let favorites = NewsFeature.favorites(
                urls.map { NewsArticle(source: .init(name: ""), url: $0) }, fault: fault, environment)
            open = FeatureModule.componentSession(
                feature: "news", screen: name, environment: environment,
                renderSaved: { (state: ArticleState) in
                    .record("ArticleSavedState", ["url": .string(state.article.url)])
                }
            ) { saved in
                ArticleComponent(article: saved?.article ?? article, favorites: favorites, scheduler: scheduler)
            }
        case .search(let entries, let fault):
            let history = NewsFeature.history(entries, fault: fault, environment)
            open = FeatureModule.componentSession(
                feature: "news", screen: name, environment: environment,
                renderSaved: { (state: SearchState) in state.saved.canonical }
            ) { saved in
                SearchComponent(dataSource: dataSource, history: history, scheduler: scheduler, restoring: saved?.saved)
            }
        }
    }

    func create() { open.create() }

    func perform(_ event: LifecycleEvent) { open.perform(event) }

    func send(_ input: FeatureInput) throws(FieldError) {
        if case .view(let target?, _) = input, target != screen {
            return output.append(.rejected("view \(target): the \(screen) screen is open"))
        }
        try open.send(input)
    }

    func restore() throws(FieldError) -> CanonicalValue { try open.restore() }
}
