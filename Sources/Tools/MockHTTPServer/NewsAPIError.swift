import MVIJSON

/// An error as NewsAPI v2 answers it: an HTTP status and `{"status":"error","code":...,"message":...}`
/// with the service's own wording. The emulation gives these; tests can stub any of them
/// (`StubResponse.newsAPI(.unexpectedError)`).
public enum NewsAPIError: Error, Sendable, Equatable {
    /// 401: no key in `X-Api-Key`, `apiKey` or `Authorization`.
    case apiKeyMissing
    /// 401: a key the server does not accept.
    case apiKeyInvalid
    /// 401: a key the service has disabled.
    case apiKeyDisabled
    /// 429: the key made more requests than it may.
    case rateLimited
    /// 400: a required parameter is missing; the message names what may be set.
    case parametersMissing(String)
    /// 400: a parameter's value is refused; the message names it.
    case parameterInvalid(String)
    /// 426: the page reaches past the first 100 results (`results first to last`, counted from 0).
    case maximumResultsReached(first: Int, last: Int)
    /// 500: the service failed.
    case unexpectedError

    /// The HTTP status NewsAPI sends with it.
    public var status: Int {
        switch self {
        case .apiKeyMissing, .apiKeyInvalid, .apiKeyDisabled: 401
        case .rateLimited: 429
        case .parametersMissing, .parameterInvalid: 400
        case .maximumResultsReached: 426
        case .unexpectedError: 500
        }
    }

    /// The `code` field.
    public var code: String {
        switch self {
        case .apiKeyMissing: "apiKeyMissing"
        case .apiKeyInvalid: "apiKeyInvalid"
        case .apiKeyDisabled: "apiKeyDisabled"
        case .rateLimited: "rateLimited"
        case .parametersMissing: "parametersMissing"
        case .parameterInvalid: "parameterInvalid"
        case .maximumResultsReached: "maximumResultsReached"
        case .unexpectedError: "unexpectedError"
        }
    }

    /// The `message` field, worded as the real service words it.
    public var message: String {
        switch self {
        case .apiKeyMissing:
            "Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key HTTP header."
        case .apiKeyInvalid:
            "Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key."
        case .apiKeyDisabled:
            "Your API key has been disabled."
        case .rateLimited:
            "You have made too many requests recently. Developer accounts are limited to 100 requests over a 24 hour period (50 requests available every 12 hours). Please upgrade to a paid plan if you need more requests."
        case .parametersMissing(let text), .parameterInvalid(let text): text
        case .maximumResultsReached(let first, let last):
            "You have requested too many results. Developer accounts are limited to a max of 100 results. You are trying to request results \(first) to \(last). Please upgrade to a paid plan if you need more results."
        case .unexpectedError:
            "This shouldn't happen, and if it does then it's our fault, not yours. Try the request again shortly."
        }
    }

    /// The body: `{"status":"error","code":...,"message":...}`.
    public var body: JSONValue {
        ["status": "error", "code": .string(code), "message": .string(message)]
    }

    /// The whole response.
    public var response: HTTPResponse { .json(status, body) }
}

extension StubResponse {
    /// A stubbed NewsAPI error, as the service sends it.
    public static func newsAPI(_ error: NewsAPIError) -> StubResponse {
        .text(error.status, error.body.compactText)
    }
}
