/// One article in a list (headlines, search results), ready to show.
public struct NewsRowModel: Equatable, Hashable, Sendable {
    /// The article's identity, for list diffing and opening it.
    public var url: String
    public var title: String?
    public var sourceName: String
    public var description: String?
    public var imageURL: String?
    /// `dd.MM.yyyy` (UTC), nil when the article has no readable date.
    public var date: String?

    public init(url: String, title: String?, sourceName: String, description: String?, imageURL: String?, date: String?)
    {
        self.url = url
        self.title = title
        self.sourceName = sourceName
        self.description = description
        self.imageURL = imageURL
        self.date = date
    }

    /// The row for `article`.
    public init(_ article: NewsArticle) {
        self.init(
            url: article.url, title: article.title, sourceName: article.source.name, description: article.description,
            imageURL: article.urlToImage, date: NewsDate.format(article.publishedAt))
    }
}
