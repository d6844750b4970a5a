import FixtureFormat
import MVINewsApp
import NewsReplay

/// One of the News app's own scenario events, decoded (docs/features/news-app.md, "Events").
public enum NewsAppReplayInput: Equatable, Sendable, CustomStringConvertible {
    /// `{"event": "deepLink", "url": "news://..."}`: `NewsApp.open(_:)`.
    case deepLink(String)
    /// `back`, `openArticle` (with `url`), `openSearch`: `NewsApp.request(_:)`.
    case request(NewsNavigationRequest)
    /// `{"event": "popToRoot"}`: the navigator's `popToRoot` (a tab bar's second tap).
    case popToRoot
    /// `{"event": "present", "route": {...}}`: the navigator's `present(route)`.
    case present(NewsRoute)
    /// `{"event": "onNextRender", "request": ..., ...}`: the next render of any screen asks for
    /// `request` from inside the render, as a view that navigates when it draws.
    case onNextRender(NewsNavigationRequest)

    /// The transcript's echo: `deepLink "news://top"`, `back`, `openArticle "https://..."`,
    /// `openSearch`, `popToRoot`, `present search(q: "")`, `onNextRender openSearch`.
    public var description: String {
        switch self {
        case .deepLink(let link): "deepLink \(CanonicalRender.quote(link))"
        case .request(let request): request.description
        case .popToRoot: "popToRoot"
        case .present(let route): "present \(route)"
        case .onNextRender(let request): "onNextRender \(request)"
        }
    }
}
