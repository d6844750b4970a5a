import FixtureFormat
import MVINews
import MVINewsApp
import NewsReplay
import ReplaySeam

/// The News app as the conformance replay sees it (spec: docs/features/news-app.md, "Conformance"):
/// the composite feature `news-app`, the three News screens behind the navigator.
///
/// Its screens and view events are News's (`NewsFeature.headlinesScreen`...), so a scenario
/// addresses a screen with the same lines as a `news` scenario; its own events are the deep link,
/// the navigation requests and the render hook of `NewsAppReplayInput`; the data source is
/// answered with News's `respond` forms.
public enum NewsAppFeature {
    /// `news-app`: scenarios under `Fixtures/news-app/`.
    public static let module = FeatureModule(
        name: "news-app", componentName: "NewsApp", config: config,
        screens: [NewsFeature.headlinesScreen, NewsFeature.articleScreen, NewsFeature.searchScreen],
        customEvents: customEvents, responses: NewsFeature.responses.answers, hasSavedState: true
    ) { environment, config in
        NewsAppReplaySession(environment: environment, config: config)
    }
    .wire(headers: ["Accept", "X-Api-Key"])

    /// A scenario's config: what the local stores hold when the app starts.
    public struct Config: Equatable, Sendable {
        /// The favourites, most recent first, whole articles (a deep link to one shows all of it).
        public var favorites: [NewsArticle]
        /// The search history, most recent first, as given.
        public var history: [String]

        public init(favorites: [NewsArticle] = [], history: [String] = []) {
            self.favorites = favorites
            self.history = history
        }
    }

    /// `{"favorites": [article, ...], "history": ["...", ...]}`, both optional; the article form is
    /// News's (`NewsFeature.article`). The app always opens at `[top]`: a deep link before `start`
    /// opens it cold anywhere a link leads.
    public static let config: ObjectCodec<Config> = {
        let favorites = Field.optional("favorites", JSONCodec.array(of: NewsFeature.article))
        let history = Field.optional("history", JSONCodec.array(of: JSONCodec.string))
        return .object(favorites, history) { reader in
            Config(favorites: try reader.read(favorites) ?? [], history: try reader.read(history) ?? [])
        }
    }()

    /// A route as scenarios write it, the form saved navigation uses: `{"screen": "top"}`,
    /// `{"screen": "article", "url": "..."}`, `{"screen": "search", "q": "..."}`.
    public static let route: JSONCodec<NewsRoute> = {
        func screen(_ name: String) -> Field<String> { Field.constant("screen", name) }
        let url = Field.required("url", JSONCodec.string)
        let query = Field.required("q", JSONCodec.string)
        return ObjectCodec<NewsRoute>.oneOf(
            "a news route",
            [
                .when("screen", is: "top", .object(screen("top")) { _ in .top }),
                .when("screen", is: "article", .object(screen("article"), url) { .article(url: try $0.read(url)) }),
                .when("screen", is: "search", .object(screen("search"), query) { .search(query: try $0.read(query)) }),
            ]
        ).value
    }()

    /// The app's own events (docs/features/news-app.md, "Events").
    static let customEvents: [CustomEventCodec] = {
        let url = Field.required("url", JSONCodec.line)
        let routeField = Field.required("route", route)
        func request(_ name: String) -> Field<String> { Field.constant("request", name) }
        let requests = ObjectCodec<NewsNavigationRequest>.oneOf(
            "an onNextRender event",
            [
                .when(
                    "request", is: "openArticle",
                    .object(request("openArticle"), url) { .openArticle(url: try $0.read(url)) }),
                .when("request", is: "openSearch", .object(request("openSearch")) { _ in .openSearch }),
                .when("request", is: "back", .object(request("back")) { _ in .back }),
            ])
        let echo: @Sendable (NewsAppReplayInput) -> String = { $0.description }
        /// A recorder's way back for one event: its fields when the value is that event, else nil.
        func fields(_ pick: @escaping @Sendable (NewsAppReplayInput) -> JSONObject?)
            -> @Sendable (NewsAppReplayInput) -> JSONObject?
        { pick }
        return [
            CustomEventCodec(
                "deepLink", fields: .object(url) { NewsAppReplayInput.deepLink(try $0.read(url)) }, echo: echo,
                encode: fields { if case .deepLink(let link) = $0 { ["url": .string(link)] } else { nil } }),
            CustomEventCodec(
                "back", fields: .empty(NewsAppReplayInput.request(.back)), echo: echo,
                encode: fields { $0 == .request(.back) ? [:] : nil }),
            CustomEventCodec(
                "openArticle", fields: .object(url) { NewsAppReplayInput.request(.openArticle(url: try $0.read(url))) },
                echo: echo,
                encode: fields { if case .request(.openArticle(let link)) = $0 { ["url": .string(link)] } else { nil } }
            ),
            CustomEventCodec(
                "openSearch", fields: .empty(NewsAppReplayInput.request(.openSearch)), echo: echo,
                encode: fields { $0 == .request(.openSearch) ? [:] : nil }),
            CustomEventCodec(
                "popToRoot", fields: .empty(NewsAppReplayInput.popToRoot), echo: echo,
                encode: fields { $0 == .popToRoot ? [:] : nil }),
            CustomEventCodec(
                "present", fields: .object(routeField) { NewsAppReplayInput.present(try $0.read(routeField)) },
                echo: echo,
                encode: fields { if case .present(let route) = $0 { ["route": encode(route)] } else { nil } }),
            CustomEventCodec(
                "onNextRender", fields: requests.map(NewsAppReplayInput.onNextRender), echo: echo,
                encode: fields { if case .onNextRender(let request) = $0 { encode(request) } else { nil } }),
        ]
    }()

    /// A route in `route`'s form.
    static func encode(_ route: NewsRoute) -> JSONValue {
        switch route {
        case .top: ["screen": "top"]
        case .article(let url): ["screen": "article", "url": .string(url)]
        case .search(let query): ["screen": "search", "q": .string(query)]
        }
    }

    /// An `onNextRender` line's fields for `request`.
    static func encode(_ request: NewsNavigationRequest) -> JSONObject {
        switch request {
        case .openArticle(let url): ["request": "openArticle", "url": .string(url)]
        case .openSearch: ["request": "openSearch"]
        case .back: ["request": "back"]
        }
    }
}
