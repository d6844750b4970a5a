import MVICore

/// What the article screen shows. A field the article lacks is nil: shown as absent.
public struct ArticleViewModel: Equatable, Sendable {
    public var url: String
    public var title: String?
    public var sourceName: String
    public var author: String?
    public var description: String?
    /// As the API gives it, `… [+N chars]` included.
    public var content: String?
    public var imageURL: String?
    /// `dd.MM.yyyy` (UTC).
    public var date: String?
    public var isFavorite: Bool
    /// The alert (the overlay stays off).
    public var container: ContainerState

    public init(
        url: String, title: String?, sourceName: String, author: String?, description: String?, content: String?,
        imageURL: String?, date: String?, isFavorite: Bool, container: ContainerState
    ) {
        self.url = url
        self.title = title
        self.sourceName = sourceName
        self.author = author
        self.description = description
        self.content = content
        self.imageURL = imageURL
        self.date = date
        self.isFavorite = isFavorite
        self.container = container
    }
}

/// What the article screen emits.
public enum ArticleViewEvent: Equatable, Sendable {
    /// The favourite button.
    case favoriteToggled
    /// The error alert's OK.
    case errorShown
}

/// The proxy a SwiftUI article screen observes.
public typealias ArticleViewProxy = ViewProxy<ArticleViewModel, ArticleViewEvent>

/// The mappers between the article store and its view.
public enum ArticleMappers {
    /// State -> view model: the article's fields as given (an empty or blank author is none, as
    /// NewsAPI sends `""` for an unknown one), the date as `dd.MM.yyyy` in UTC.
    public static func model(_ state: ArticleState) -> ArticleViewModel {
        let article = state.article
        let author = article.author.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 }
        return ArticleViewModel(
            url: article.url, title: article.title, sourceName: article.source.name, author: author,
            description: article.description, content: article.content, imageURL: article.urlToImage,
            date: NewsDate.format(article.publishedAt), isFavorite: state.isFavorite, container: state.container)
    }

    /// View event -> intent.
    public static func intent(_ event: ArticleViewEvent) -> ArticleIntent {
        switch event {
        case .favoriteToggled: .toggleFavorite
        case .errorShown: .errorShown
        }
    }
}
