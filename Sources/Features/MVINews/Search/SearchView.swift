import MVICore

/// What the search screen shows.
public struct SearchViewModel: Equatable, Sendable {
    /// The list under the search field.
    public enum Content: Equatable, Sendable {
        /// History entries: all of them for an empty query, those the query prefixes for 1-2 characters.
        case history([String])
        /// Results of the last search (possibly of an older query while a newer one waits).
        case results([NewsRowModel], totalResults: Int)
    }

    public var query: String
    public var content: Content
    /// The loading overlay (a search in flight) and the error alert.
    public var container: ContainerState

    public init(query: String, content: Content, container: ContainerState) {
        self.query = query
        self.content = content
        self.container = container
    }
}

/// What the search screen emits.
public enum SearchViewEvent: Equatable, Sendable {
    /// Every change of the search field's text.
    case queryChanged(String)
    /// A history entry was tapped.
    case historyEntryTapped(String)
    /// The error alert's OK.
    case errorShown
}

/// The proxy a SwiftUI search screen observes.
public typealias SearchViewProxy = ViewProxy<SearchViewModel, SearchViewEvent>

/// The mappers between the search store and its view.
public enum SearchMappers {
    /// State -> view model: the matching history below 3 characters, the results from 3 on.
    public static func model(_ state: SearchState) -> SearchViewModel {
        let content: SearchViewModel.Content =
            state.searchableQuery == nil
            ? .history(SearchHistory.matching(state.query, in: state.history))
            : .results(state.results.map(NewsRowModel.init), totalResults: state.totalResults)
        return SearchViewModel(query: state.query, content: content, container: state.container)
    }

    /// View event -> intent.
    public static func intent(_ event: SearchViewEvent) -> SearchIntent {
        switch event {
        case .queryChanged(let query): .queryChanged(query)
        case .historyEntryTapped(let entry): .historyEntrySelected(entry)
        case .errorShown: .errorShown
        }
    }
}
