import Foundation

/// The encoded answers of the built-in routes, which depend only on the request's method, target,
/// `Host`, its key (`X-Api-Key` or `Authorization`), `If-None-Match` and keep-alive: a repeated request is
/// answered without building its JSON again. Holds at most `capacity` answers (then starts over),
/// none larger than `largestAnswer` bytes (large images have their own small cache), so a client
/// varying its requests cannot make it grow past `capacity * largestAnswer`.
///
/// Each event loop owns one and is the only thread that touches it, so it takes no lock: the loops
/// share nothing here on a request's path. The server's loops split `serverCapacity` between them,
/// so the whole server holds at most `serverCapacity` answers. Stubs are tried before the
/// built-in routes, so a stub change leaves these answers as they are; what they depend on besides
/// the request (the data set, the configuration, the port) does not change while the loops run.
package final class ResponseCache {
    package struct Answer: Sendable {
        package let status: Int
        package let bytes: Data
        /// The name the journal gives the route that answered (`Routes.name(of:)`), kept with the
        /// answer so that it is not looked up again for every request.
        package let route: String?

        package init(status: Int, bytes: Data, route: String? = nil) {
            self.status = status
            self.bytes = bytes
            self.route = route
        }
    }

    /// What an answer depends on: the method, the target, the first `Host`, `X-Api-Key`,
    /// `Authorization` and `If-None-Match`, and keep-alive. The headers are found in one pass
    /// over the request's (not one pass per name), and only the target is hashed: requests for
    /// one target with other headers share a bucket and are told apart by `==`, which compares
    /// every field, so a lookup hashes one string rather than seven.
    private struct Key: Hashable {
        let method: String
        let target: String
        var host: String?
        var apiKey: String?
        var authorization: String?
        var ifNoneMatch: String?
        let keepAlive: Bool

        init(_ request: HTTPRequest, keepAlive: Bool) {
            method = request.method
            target = request.target
            self.keepAlive = keepAlive
            for (name, value) in request.headers {
                switch name.utf8.count {
                case 4 where host == nil && HTTPHead.sameName(name, "Host"): host = value
                case 9 where apiKey == nil && HTTPHead.sameName(name, "X-Api-Key"): apiKey = value
                case 13 where authorization == nil && HTTPHead.sameName(name, "Authorization"):
                    authorization = value
                case 13 where ifNoneMatch == nil && HTTPHead.sameName(name, "If-None-Match"): ifNoneMatch = value
                default: break
                }
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(target)
        }
    }

    /// The most answers the whole server holds, all loops' caches together.
    package static let serverCapacity = 256

    /// One loop's share of `serverCapacity` when `loops` loops split it (at least one answer).
    package static func capacity(ofEachOf loops: Int) -> Int { max(1, serverCapacity / max(1, loops)) }

    private let capacity: Int
    private let largestAnswer: Int
    private var answers: [Key: Answer] = [:]

    package init(capacity: Int = ResponseCache.serverCapacity, largestAnswer: Int = 64 * 1024) {
        self.capacity = capacity
        self.largestAnswer = largestAnswer
    }

    /// The answer to `request`, built by `make` the first time.
    package func answer(_ request: HTTPRequest, keepAlive: Bool, make: () -> Answer) -> Answer {
        let key = Key(request, keepAlive: keepAlive)
        if let known = answers[key] { return known }
        let made = make()
        guard made.bytes.count <= largestAnswer else { return made }
        if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
        answers[key] = made
        return made
    }

    /// The answers held now.
    package var count: Int { answers.count }
}
