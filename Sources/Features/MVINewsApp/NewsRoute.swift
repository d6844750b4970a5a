import MVIJSON
import MVINavigation

/// Where the News app can be: the top headlines, one article, a search.
///
/// JSON (in saved navigation): `{"screen": "top"}`, `{"screen": "article", "url": "..."}`,
/// `{"screen": "search", "q": "..."}`.
public enum NewsRoute: NavigationRoute {
    /// The top headlines list: the root.
    case top
    /// One article, by its url (its identity).
    case article(url: String)
    /// The search screen, opened with a query (empty: the history).
    case search(query: String)

    public var screen: String {
        switch self {
        case .top: "top"
        case .article: "article"
        case .search: "search"
        }
    }

    /// `top`, `article(url: "https://...")`, `search(q: "swift")`.
    public var description: String {
        switch self {
        case .top: "top"
        case .article(let url): "article(url: \(TextEscaping.canonicalQuoted(url)))"
        case .search(let query): "search(q: \(TextEscaping.canonicalQuoted(query)))"
        }
    }
}

extension NewsRoute: Codable {
    private enum CodingKeys: String, CodingKey {
        case screen, url, q
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let screen = try container.decode(String.self, forKey: .screen)
        switch screen {
        case "top": self = .top
        case "article": self = .article(url: try container.decode(String.self, forKey: .url))
        case "search": self = .search(query: try container.decode(String.self, forKey: .q))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .screen, in: container,
                debugDescription: "unknown screen \"\(screen)\" (known: top, article, search)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(screen, forKey: .screen)
        switch self {
        case .top: break
        case .article(let url): try container.encode(url, forKey: .url)
        case .search(let query): try container.encode(query, forKey: .q)
        }
    }
}
