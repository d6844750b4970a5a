import Foundation
import MVIEssentials

/// The encoded answers of the built-in routes, which depend only on the request's method, target,
/// `Host`, its key (`X-Api-Key` or `Authorization`), `If-None-Match` and keep-alive: a repeated request is
/// answered without building its JSON again. Holds at most `capacity` answers (then starts over),
/// none larger than `largestAnswer` bytes (large images have their own small cache), so a client
/// varying its requests cannot make it grow past `capacity * largestAnswer`.
package final class ResponseCache: Sendable {
    package struct Answer: Sendable {
        package let status: Int
        package let bytes: Data

        package init(status: Int, bytes: Data) {
            self.status = status
            self.bytes = bytes
        }
    }

    /// What an answer depends on. Hashed as it is: joining the fields into one string cost more
    /// than the lookup itself.
    private struct Key: Hashable {
        let method: String
        let target: String
        let host: String?
        let apiKey: String?
        let authorization: String?
        let ifNoneMatch: String?
        let keepAlive: Bool
    }

    private let capacity: Int
    private let largestAnswer: Int
    private let answers = Locked<[Key: Answer]>([:])

    package init(capacity: Int = 256, largestAnswer: Int = 64 * 1024) {
        self.capacity = capacity
        self.largestAnswer = largestAnswer
    }

    /// The answer to `request`, built by `make` the first time.
    package func answer(_ request: HTTPRequest, keepAlive: Bool, make: () -> Answer) -> Answer {
        let key = Key(
            method: request.method, target: request.target, host: request.header("Host"),
            apiKey: request.header("X-Api-Key"), authorization: request.header("Authorization"),
            ifNoneMatch: request.header("If-None-Match"), keepAlive: keepAlive)
        if let known = answers.withLock({ $0[key] }) { return known }
        let made = make()
        guard made.bytes.count <= largestAnswer else { return made }
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = made
        }
        return made
    }

    /// The answers held now.
    package var count: Int { answers.withLock { $0.count } }
}
