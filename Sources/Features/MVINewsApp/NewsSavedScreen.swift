import MVINews

/// What one News screen keeps across process death.
///
/// JSON (in saved navigation): `{"headlines": HeadlinesSavedState}`, `{"article": NewsArticle}`
/// or `{"search": SearchSavedState}`, each as News encodes it.
public enum NewsSavedScreen: Equatable, Sendable {
    /// The pages the headlines list loaded.
    case headlines(HeadlinesSavedState)
    /// The article shown (the article screen needs all of it, not only its url).
    case article(NewsArticle)
    /// The query typed.
    case search(SearchSavedState)
}

extension NewsSavedScreen: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case headlines, article, search
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let present = CodingKeys.allCases.filter(container.contains)
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected exactly one of headlines, article, search; found \(present.count)"))
        }
        switch key {
        case .headlines: self = .headlines(try container.decode(HeadlinesSavedState.self, forKey: key))
        case .article: self = .article(try container.decode(NewsArticle.self, forKey: key))
        case .search: self = .search(try container.decode(SearchSavedState.self, forKey: key))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .headlines(let saved): try container.encode(saved, forKey: .headlines)
        case .article(let article): try container.encode(article, forKey: .article)
        case .search(let saved): try container.encode(saved, forKey: .search)
        }
    }
}
