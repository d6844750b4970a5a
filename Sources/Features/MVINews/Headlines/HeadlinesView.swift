import MVICore

/// What the top headlines screen shows.
public struct HeadlinesViewModel: Equatable, Sendable {
    public var rows: [NewsRowModel]
    /// What the screen says instead of a list: `noArticlesText` while a page has been loaded and
    /// there is no row (an empty first page), else nil.
    public var emptyText: String?
    /// A next page is being loaded (a spinner at the end of the list).
    public var isLoadingMore: Bool
    /// Reaching the end of the list will load more.
    public var canLoadMore: Bool
    /// The loading overlay and the error alert.
    public var container: ContainerState

    /// The text of an empty list.
    public static let noArticlesText = "No articles right now."

    public init(
        rows: [NewsRowModel], emptyText: String? = nil, isLoadingMore: Bool, canLoadMore: Bool,
        container: ContainerState
    ) {
        self.rows = rows
        self.emptyText = emptyText
        self.isLoadingMore = isLoadingMore
        self.canLoadMore = canLoadMore
        self.container = container
    }
}

/// What the top headlines screen emits.
public enum HeadlinesViewEvent: Equatable, Sendable {
    /// Pull to refresh.
    case refreshTriggered
    /// The last row became visible.
    case endReached
    /// The error alert's OK.
    case errorShown
}

/// The proxy a SwiftUI headlines screen observes.
public typealias HeadlinesViewProxy = ViewProxy<HeadlinesViewModel, HeadlinesViewEvent>

/// The mappers between the headlines store and its view.
public enum HeadlinesMappers {
    /// State -> view model: a row per article, the "no articles" text once a page loaded none, the
    /// footer spinner for pages after the first.
    public static func model(_ state: HeadlinesState) -> HeadlinesViewModel {
        HeadlinesViewModel(
            rows: state.articles.map(NewsRowModel.init),
            emptyText: state.loadedPage >= 1 && state.articles.isEmpty ? HeadlinesViewModel.noArticlesText : nil,
            isLoadingMore: (state.loadingPage ?? 0) > 1,
            canLoadMore: state.hasMorePages,
            container: state.container)
    }

    /// View event -> intent.
    public static func intent(_ event: HeadlinesViewEvent) -> HeadlinesIntent {
        switch event {
        case .refreshTriggered: .refresh
        case .endReached: .loadMore
        case .errorShown: .errorShown
        }
    }
}
