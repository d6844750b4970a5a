import Foundation
import MVICore

/// The encoded answers of the built-in routes, which depend only on the request's method, target,
/// `Host`, whether it has an API key, `If-None-Match` and keep-alive: a repeated request is
/// answered without building its JSON again. Holds at most `capacity` answers (then starts over).
final class ResponseCache: Sendable {
    struct Answer: Sendable {
        let status: Int
        let bytes: Data
    }

    private let capacity: Int
    private let answers = Locked<[String: Answer]>([:])

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The answer to `request`, built by `make` the first time.
    func answer(_ request: HTTPRequest, keepAlive: Bool, make: () -> Answer) -> Answer {
        let key = [
            request.method, request.target, request.header("Host") ?? "", (request.header("X-Api-Key") ?? "").isEmpty ? "" : "key",
            request.header("If-None-Match") ?? "", keepAlive ? "keep-alive" : "close",
        ].joined(separator: "\n")
        if let known = answers.withLock({ $0[key] }) { return known }
        let made = make()
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = made
        }
        return made
    }
}
