import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What a recording is described by and fails with: the scenario's header, the service the live
// feature talks to, and the problems that keep a recording from being a whole scenario. The
// recorder itself, its queue and its tap are in ScenarioRecorder.swift.

extension ScenarioRecorder {
    /// The scenario's header: its id (`<feature>/<name>`), one-line description and tags.
    public struct Header: Sendable {
        public var id: String
        public var description: String
        public var tags: [String]

        public init(id: String, description: String, tags: [String] = []) {
            self.id = id
            self.description = description
            self.tags = tags
        }
    }

    /// The real service the feature's data sources talk to: an HTTP service's address, key and
    /// session, or nothing at all (`Service()`) for a source that is not HTTP.
    public struct Service: Sendable {
        public var baseURL: URL?
        /// Sent by the data sources; never written: the recording redacts it.
        public var apiKey: String?
        public var session: URLSession
        /// Written in place of `baseURL`'s origin (scheme, host and port) wherever the answers
        /// hold it, for a server whose port is of the moment (the demo's in-process mock server,
        /// whose Kittens answers name images on it); nil writes the answers as they came, and so does a
        /// service without a `baseURL`.
        public var writtenOrigin: URL?

        public init(
            baseURL: URL? = nil, apiKey: String? = nil, session: URLSession = .shared, writtenOrigin: URL? = nil
        ) {
            self.baseURL = baseURL
            self.apiKey = apiKey
            self.session = session
            self.writtenOrigin = writtenOrigin
        }
    }
}

/// Why a recording is not a whole scenario: every problem met, in order, secrets redacted.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public let problems: [String]

    public init(_ problems: [String]) { self.problems = problems }

    public var description: String {
        "the recording is not a whole scenario:\n" + problems.map { "  " + $0 }.joined(separator: "\n")
    }
}
