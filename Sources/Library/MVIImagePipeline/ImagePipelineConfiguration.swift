import Foundation

extension ImagePipeline {
    /// The pipeline's rules that are not a cache's limits.
    public struct Configuration: Sendable {
        /// The cache key of a URL; requests with one key share their download and their cache entries.
        /// The URL's absolute string by default. Set it to drop a signed URL's changing query, for example.
        public var cacheKey: @Sendable (URL) -> String
        /// Seconds a stored image stays fresh. A fresh entry is delivered as is; a stale one is
        /// revalidated (`If-None-Match` with its `ETag`, or a plain `GET` without one).
        public var maxAge: TimeInterval
        /// The clock that dates entries and judges their freshness (`Date.init` in apps).
        public var now: @Sendable () -> Date
        /// Runs a download's disk lookup and its request off the caller's thread.
        /// A global dispatch queue by default; tests pass `{ $0() }` to run it inline.
        public var perform: @Sendable (@escaping @Sendable () -> Void) -> Void

        public init(
            cacheKey: @escaping @Sendable (URL) -> String = { $0.absoluteString },
            maxAge: TimeInterval = 3600,
            now: @escaping @Sendable () -> Date = { Date() },
            perform: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = {
                DispatchQueue.global(qos: .userInitiated).async(execute: $0)
            }
        ) {
            self.cacheKey = cacheKey
            self.maxAge = maxAge
            self.now = now
            self.perform = perform
        }

        /// A key function that drops the query and the fragment: `https://h/a.jpg?sig=1` and
        /// `https://h/a.jpg?sig=2` share one entry.
        public static let keyWithoutQuery: @Sendable (URL) -> String = { url in
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                return url.absoluteString
            }
            components.query = nil
            components.fragment = nil
            return components.string ?? url.absoluteString
        }
    }
}
