import MVIJSON
import MVINavigation

/// What a screen asks of navigation.
public enum NewsNavigationRequest: Hashable, Sendable, CustomStringConvertible {
    /// A row tapped in the headlines list or the search results: opens that article.
    case openArticle(url: String)
    /// The search button of the headlines list: opens the search, empty.
    case openSearch
    /// The back button or gesture: dismisses the modal, else pops.
    case back

    public var description: String {
        switch self {
        case .openArticle(let url): "openArticle \(TextEscaping.canonicalQuoted(url))"
        case .openSearch: "openSearch"
        case .back: "back"
        }
    }
}

/// Why the app did not pass on a view event or a request. Navigation's own refusals are
/// `NavigationRefusal`s, told as navigation events.
public enum NewsAppRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Addressed to `screen`, but `visible` shows another screen.
    case screenNotOnTop(screen: String, visible: NewsRoute)
    /// The app is not started: no screen is shown to receive it or to list an article.
    case notStarted
    /// `openArticle` with a url that the visible screen does not list.
    case articleNotListed(url: String, screen: String)

    public var description: String {
        switch self {
        case .screenNotOnTop(let screen, let visible):
            "the \(screen) screen is not on top; \(visible) (\(visible.newsScreen)) is"
        case .notStarted:
            "the app is not started"
        case .articleNotListed(let url, let screen):
            "the \(screen) screen lists no article \(TextEscaping.canonicalQuoted(url))"
        }
    }
}

/// One line of the News app's log, as a structured value: what navigation did (modules built
/// and released, their lifecycles, the stack after each navigation, refusals), deep links and
/// requests refused, and each render of a screen.
public enum NewsAppEvent: Equatable, Sendable, CustomStringConvertible {
    /// What the navigator did.
    case navigation(NavigationEvent<NewsRoute>)
    /// A deep link that did not parse; the stack is unchanged.
    case deepLinkRefused(DeepLinkError)
    /// A view event or request the app did not pass on.
    case refused(String, NewsAppRefusal)
    /// The screen of `route` rendered `model`.
    case rendered(NewsRoute, NewsScreenModel)

    /// `module built article`, `stack [top, article(...)] after push article(...)`,
    /// `deep link refused: ...`, `render article`.
    public var description: String {
        switch self {
        case .navigation(let event): event.description
        case .deepLinkRefused(let error): "deep link refused: \(error)"
        case .refused(let what, let refusal): "refused \(what): \(refusal)"
        case .rendered(let route, _): "render \(route.newsScreen)"
        }
    }
}
