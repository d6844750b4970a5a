import FixtureFormat
import Foundation

/// One answer a scenario's `respond` line gives a feature's data source: decoded once, with the
/// feature's response codec (`FeatureModule.responses`), when the scenario is read; the request it
/// answers gets the value itself.
public protocol ReplayAnswer: Sendable {
    /// How the transcript echoes the answer after `respond #n` (`urls [3]`, `failure timeout`).
    var echo: String { get }
    /// What the mock server sends for this answer when the scenario runs at the wire level
    /// (docs/wire.md); `.none(reason)` for an answer with no wire form.
    var wire: WireAnswer { get }
}

extension ReplayAnswer {
    public var wire: WireAnswer { .none("\(Self.self) has no wire form") }
}

/// An answer as it goes over the wire at the wire level, where the feature's real data source
/// makes the request and the mock server holds it until the scenario's `respond` step.
public enum WireAnswer: Sendable, Equatable {
    /// A response: status, headers (beyond those every response has) and body.
    case response(status: Int, headers: [Header] = [], body: Data)
    /// The connection is reset before a byte of answer: a transport failure.
    case reset
    /// The server never answers; the client's own timeout ends the request.
    case timeout
    /// The answer has no wire form, for this reason: the scenario is refused at the wire level.
    case none(String)

    /// A response with a JSON body (`Content-Type: application/json; charset=utf-8`).
    public static func json(_ status: Int, _ body: String) -> WireAnswer {
        .response(
            status: status, headers: [Header("Content-Type", "application/json; charset=utf-8")], body: Data(body.utf8))
    }

    /// A header of a wire response.
    public struct Header: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }
}

extension ObjectCodec where Value: ReplayAnswer {
    /// The codec with its answer type erased, for `FeatureModule.responses`.
    public var answers: ObjectCodec<any ReplayAnswer> { map { $0 } }
}
