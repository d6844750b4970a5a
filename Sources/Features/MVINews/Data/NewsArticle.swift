/// One article as NewsAPI sends it. Its identity is `url`.
///
/// Every field but `source.name` and `url` may be missing or `null` in a response; a missing
/// field stays `nil` here and is shown as absent, never as the text "null".
public struct NewsArticle: Equatable, Hashable, Codable, Sendable {
    /// The publisher: NewsAPI's `source` object.
    public struct Source: Equatable, Hashable, Codable, Sendable {
        /// NewsAPI's identifier of the source; many sources have none.
        public var id: String?
        /// The name shown to the reader.
        public var name: String

        public init(id: String? = nil, name: String) {
            self.id = id
            self.name = name
        }
    }

    public var source: Source
    public var author: String?
    public var title: String?
    public var description: String?
    /// The article's address, and its identity: two articles with one `url` are one article.
    public var url: String
    public var urlToImage: String?
    /// ISO 8601 with a zone, for example `2026-10-28T11:57:00Z`.
    public var publishedAt: String?
    /// The start of the text as the API gives it, cut to about 200 characters and ending
    /// `… [+N chars]`; shown as given.
    public var content: String?

    public init(
        source: Source, author: String? = nil, title: String? = nil, description: String? = nil, url: String,
        urlToImage: String? = nil, publishedAt: String? = nil, content: String? = nil
    ) {
        self.source = source
        self.author = author
        self.title = title
        self.description = description
        self.url = url
        self.urlToImage = urlToImage
        self.publishedAt = publishedAt
        self.content = content
    }
}

/// One page of a NewsAPI answer: the articles and how many the query matches in all.
public struct NewsPage: Equatable, Hashable, Sendable {
    /// How many articles the query matches, as the API reports it (it can change while paging).
    public var totalResults: Int
    public var articles: [NewsArticle]

    public init(totalResults: Int, articles: [NewsArticle]) {
        self.totalResults = totalResults
        self.articles = articles
    }
}

extension Array where Element == NewsArticle {
    /// `self` followed by those of `newer` whose `url` is not already present (also among
    /// `newer` itself): the first article with a url wins.
    public func appendingUnique(_ newer: [NewsArticle]) -> [NewsArticle] {
        var seen = Set(map(\.url))
        var result = self
        for article in newer where seen.insert(article.url).inserted {
            result.append(article)
        }
        return result
    }
}
