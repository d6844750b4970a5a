import MVICore
import MVINews
import ReplaySeam

/// The News data source of a replay: each load is a request, named by its path and query, that a
/// scenario's `respond` line answers with one of `NewsFeature.responses`.
public final class ReplayNewsDataSource: NewsDataSource {
    private let requests: RequestLog

    /// - Parameter requests: the replay's request log (`FeatureEnvironment.requests`).
    public init(requests: RequestLog) { self.requests = requests }

    public func load(_ request: NewsRequest, completion: @escaping @Sendable (Result<NewsPage, NewsError>) -> Void)
        -> any Cancellable
    {
        requests.open(request.description) { (answer: NewsReplayAnswer) in completion(answer.result) }
    }
}
