import MVICore
import MVIJSON
import MVINavigation
import MVINews

/// The module of each News screen: the screen's component and the view bound to it.
public typealias HeadlinesModule = ComponentModule<
    HeadlinesIntent, HeadlinesState, Never, HeadlinesViewModel, HeadlinesViewEvent, NewsSavedScreen
>
public typealias ArticleModule = ComponentModule<
    ArticleIntent, ArticleState, Never, ArticleViewModel, ArticleViewEvent, NewsSavedScreen
>
public typealias SearchModule = ComponentModule<
    SearchIntent, SearchState, Never, SearchViewModel, SearchViewEvent, NewsSavedScreen
>

/// What a News screen rendered, named by its screen.
public enum NewsScreenModel: Equatable, Sendable {
    /// The top headlines list (route `top`).
    case headlines(HeadlinesViewModel)
    /// One article.
    case article(ArticleViewModel)
    /// The search.
    case search(SearchViewModel)
}

/// A view event addressed to a News screen; it reaches the screen only when it is on top.
public enum NewsScreenEvent: Equatable, Sendable, CustomStringConvertible {
    /// To the top headlines list.
    case headlines(HeadlinesViewEvent)
    /// To the article screen.
    case article(ArticleViewEvent)
    /// To the search screen.
    case search(SearchViewEvent)

    /// The screen it is addressed to: `headlines`, `article` or `search`.
    public var screen: String {
        switch self {
        case .headlines: "headlines"
        case .article: "article"
        case .search: "search"
        }
    }

    /// `view headlines: refreshTriggered`, `view search: queryChanged("swift")`: the screen and the
    /// event as scenarios echo them, text quoted as docs/render.md has it.
    public var description: String {
        let name: String
        switch self {
        case .headlines(.refreshTriggered): name = "refreshTriggered"
        case .headlines(.endReached): name = "endReached"
        case .headlines(.errorShown), .article(.errorShown), .search(.errorShown): name = "errorShown"
        case .article(.favoriteToggled): name = "favoriteToggled"
        case .search(.queryChanged(let text)): name = "queryChanged(\(TextEscaping.canonicalQuoted(text)))"
        case .search(.historyEntryTapped(let entry)):
            name = "historyEntryTapped(\(TextEscaping.canonicalQuoted(entry)))"
        }
        return "view \(screen): \(name)"
    }
}

extension NewsRoute {
    /// The News screen the route shows: `top` shows `headlines`.
    public var newsScreen: String {
        switch self {
        case .top: "headlines"
        case .article: "article"
        case .search: "search"
        }
    }
}

/// The view a News module binds: keeps the latest model (as SwiftUI's proxy would) and tells
/// the app every render.
public final class NewsScreenView<Model, Event>: BaseMviView<Model, Event> {
    /// The latest rendered model.
    public private(set) var model: Model?
    private let onRender: (Model) -> Void

    init(onRender: @escaping (Model) -> Void) { self.onRender = onRender }

    public override func render(_ model: Model) {
        self.model = model
        onRender(model)
    }
}
