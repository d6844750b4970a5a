import Foundation

/// A request to NewsAPI v2, as a value: what the stores ask a `NewsDataSource` for.
public enum NewsRequest: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `GET /v2/top-headlines?language=en&page={page}&pageSize={pageSize}`. Pages count from 1.
    case topHeadlines(page: Int, pageSize: Int)
    /// `GET /v2/everything?q={query}&page={page}&pageSize={pageSize}`. Pages count from 1.
    case everything(query: String, page: Int, pageSize: Int)

    /// The language of the headlines.
    public static let language = "en"
    /// The page size the screens ask for (NewsAPI's default).
    public static let defaultPageSize = 20
    /// NewsAPI serves at most this many results of one query to a developer key; asking a page
    /// that reaches past it is answered with HTTP 426 `maximumResultsReached`.
    public static let resultCap = 100

    /// The path below the base URL.
    public var path: String {
        switch self {
        case .topHeadlines: "/v2/top-headlines"
        case .everything: "/v2/everything"
        }
    }

    /// The query parameters, in the order they are sent.
    public var parameters: [(name: String, value: String)] {
        switch self {
        case .topHeadlines(let page, let pageSize):
            [("language", Self.language), ("page", String(page)), ("pageSize", String(pageSize))]
        case .everything(let query, let page, let pageSize):
            [("q", query), ("page", String(page)), ("pageSize", String(pageSize))]
        }
    }

    /// `path?query`, every parameter value percent-encoded (all but `A-Z a-z 0-9 - . _ ~`,
    /// so `+`, `&` and spaces in a search cannot change its meaning).
    public var pathAndQuery: String {
        path + "?" + parameters.map { "\($0.name)=\(Self.percentEncoded($0.value))" }.joined(separator: "&")
    }

    public var description: String { pathAndQuery }

    static func percentEncoded(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}
