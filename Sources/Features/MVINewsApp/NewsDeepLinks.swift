import Foundation
import MVIJSON
import MVINavigation

/// The News app's deep links:
///
/// | link | stack |
/// | --- | --- |
/// | `news://top` | `[top]` |
/// | `news://article?url=<percent-encoded>` | `[top, article(url)]` |
/// | `news://search?q=<text>` | `[top, search(q)]` |
///
/// An article's url must be an absolute `http` or `https` address with a host; `q` may be empty.
public enum NewsDeepLinks {
    /// The scheme, `news`.
    public static let scheme = "news"

    /// The three patterns; an app adds its own with `DeepLinkGrammar.add(_:)`.
    public static var patterns: [DeepLinkPattern<NewsRoute>] {
        [
            DeepLinkPattern(screen: "top", parse: { _ in .top }, print: { $0 == .top ? [:] : nil }),
            DeepLinkPattern(
                screen: "article", parameters: ["url"], beneath: { _ in [.top] },
                parse: { values throws(DeepLinkValueError) in
                    guard let url = values["url"] else { throw .missing("url") }
                    guard isWebAddress(url) else {
                        throw DeepLinkValueError(
                            parameter: "url",
                            reason: "expected an http or https address, found \(TextEscaping.canonicalQuoted(url))")
                    }
                    return .article(url: url)
                },
                print: { route in
                    guard case .article(let url) = route else { return nil }
                    return ["url": url]
                }),
            DeepLinkPattern(
                screen: "search", parameters: ["q"], beneath: { _ in [.top] },
                parse: { values throws(DeepLinkValueError) in
                    guard let query = values["q"] else { throw .missing("q") }
                    return .search(query: query)
                },
                print: { route in
                    guard case .search(let query) = route else { return nil }
                    return ["q": query]
                }),
        ]
    }

    /// The grammar of the three links.
    public static func grammar() -> DeepLinkGrammar<NewsRoute> {
        do {
            var grammar = try DeepLinkGrammar<NewsRoute>(scheme: scheme)
            for pattern in patterns { try grammar.add(pattern) }
            return grammar
        } catch {
            // The names above are constants a test checks; this cannot happen.
            preconditionFailure("NewsDeepLinks: \(error)")
        }
    }

    /// Whether `text` is an absolute http(s) address with a host (`WebAddress`).
    static func isWebAddress(_ text: String) -> Bool {
        WebAddress.scheme(of: text) == "http" || WebAddress.scheme(of: text) == "https"
    }
}
