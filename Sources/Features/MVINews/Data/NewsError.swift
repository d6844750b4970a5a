/// Why a NewsAPI request produced no page.
public enum NewsError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// NewsAPI's own error: `{"status":"error","code":...,"message":...}` with its HTTP status.
    case api(status: Int, code: String, message: String)
    /// A status outside 200...299 whose body is not NewsAPI's error JSON.
    case httpStatus(Int)
    /// A body that is not the JSON NewsAPI sends; says what was wrong and where.
    case invalidResponse(String)
    /// The connection failed (refused, reset, DNS...).
    case transport(String)
    /// No answer within the request timeout.
    case timeout

    /// NewsAPI's error codes that the texts tell apart.
    public enum Code {
        public static let apiKeyMissing = "apiKeyMissing"
        public static let apiKeyInvalid = "apiKeyInvalid"
        public static let apiKeyDisabled = "apiKeyDisabled"
        public static let apiKeyExhausted = "apiKeyExhausted"
        public static let rateLimited = "rateLimited"
        public static let maximumResultsReached = "maximumResultsReached"
        public static let parameterInvalid = "parameterInvalid"
        public static let parametersMissing = "parametersMissing"
        public static let sourcesTooMany = "sourcesTooMany"
        public static let sourceDoesNotExist = "sourceDoesNotExist"
        public static let unexpectedError = "unexpectedError"
    }

    /// For logs and tests: the status, code and the server's own message.
    public var description: String {
        switch self {
        case .api(let status, let code, let message): "NewsAPI error \(code) (HTTP \(status)): \(message)"
        case .httpStatus(let status): "HTTP status \(status)"
        case .invalidResponse(let detail): "invalid response: \(detail)"
        case .transport(let detail): "transport error: \(detail)"
        case .timeout: "timed out"
        }
    }

    /// The text the error alert shows (docs/features/news.md lists them all).
    public var userMessage: String {
        switch self {
        case .api(let status, let code, _):
            switch code {
            case Code.apiKeyMissing: "No NewsAPI key was sent. Add your key in the settings."
            case Code.apiKeyInvalid: "The NewsAPI key is not valid. Check the key in the settings."
            case Code.apiKeyDisabled: "The NewsAPI key has been disabled. Use another key."
            case Code.apiKeyExhausted:
                "The NewsAPI key has no requests left today. Try again tomorrow or use another key."
            case Code.rateLimited: "Too many requests. Wait a minute and try again."
            case Code.maximumResultsReached: "No more articles: NewsAPI shows at most 100 results."
            case Code.parameterInvalid, Code.parametersMissing, Code.sourcesTooMany, Code.sourceDoesNotExist:
                "NewsAPI did not accept the request (\(code))."
            case Code.unexpectedError: Self.serverFailed
            default: status >= 500 ? Self.serverFailed : "NewsAPI answered with an error (\(code), HTTP \(status))."
            }
        case .httpStatus(let status):
            status >= 500 ? Self.serverFailed : "NewsAPI answered with HTTP \(status)."
        case .invalidResponse: "NewsAPI sent an answer that could not be read."
        case .transport: "No connection to NewsAPI. Check the network and try again."
        case .timeout: "NewsAPI did not answer in time. Try again."
        }
    }

    static let serverFailed = "NewsAPI failed to answer. Try again later."
}
