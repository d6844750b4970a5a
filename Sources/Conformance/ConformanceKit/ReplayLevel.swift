import FixtureFormat
import Foundation
import ReplaySeam

/// Where a replay meets the feature's data: in memory, through the replay's fake data sources, or
/// at the wire, through the feature's real data sources and a mock server that holds each request
/// until its `respond` step (docs/wire.md). Both levels are judged against the same golden; the
/// wire level also writes and compares `<name>.wire.txt`.
///
/// `.memory` is here; `.wire` is the ConformanceWire target's, which gives the level its
/// machinery (`WireMachinery`): ConformanceKit links no mock server.
public struct ReplayLevel: Sendable, Equatable, CustomStringConvertible {
    /// `memory` or `wire`.
    public let name: String
    /// The wire level's machinery; nil in memory.
    public let machinery: (any WireMachinery)?

    public init(name: String, machinery: (any WireMachinery)?) {
        self.name = name
        self.machinery = machinery
    }

    public static let memory = ReplayLevel(name: "memory", machinery: nil)

    public var description: String { name }

    public static func == (left: ReplayLevel, right: ReplayLevel) -> Bool { left.name == right.name }

    /// Why `scenario` is not run at this level, or nil when it is: at the wire level, a feature
    /// that makes no requests, and an answer with no wire form (each named with its step and line).
    func refusal(of scenario: Scenario, module: FeatureModule?) -> String? {
        guard machinery != nil else { return nil }
        if module?.responses == nil {
            return "not run at the wire level: \(scenario.feature) makes no requests, so the level is the in-memory one"
        }
        if let reason = module?.wireRefusal?(scenario.config) { return "not run at the wire level: \(reason)" }
        for event in scenario.events {
            if case .none(let reason)? = event.answer?.wire {
                return "not run at the wire level: step \(event.step) (line \(event.line)) has no wire form: \(reason)"
            }
        }
        return nil
    }
}

/// The wire level's machinery (docs/wire.md), which the ConformanceWire target gives with
/// `ReplayLevel.wire`: the engine and the port runner reach the mock server through it alone.
public protocol WireMachinery: Sendable {
    /// The wire level of one scenario replayed in process: the feature's real data sources make
    /// their requests through `requests`, to a mock server of the scenario's own, or, given the
    /// `wire` object of a `run` message (the reference's adapter), to the server the runner holds.
    func exchange(_ scenario: Scenario, requests: RequestLog, headers: [String], remote: JSONObject?) throws
        -> any WireExchanging
    /// Why the `wire` object of a `run` message cannot be used, naming its field; nil when it can.
    func check(remote: JSONObject) -> FieldError?
    /// A mock server of `scenario`'s own for a port at the wire level, its requests not yet answered.
    func server(for scenario: Scenario) throws -> any WirePortServer
}

/// The wire level of one scenario replayed in process.
public protocol WireExchanging: AnyObject, Sendable {
    /// The services the feature's data sources are built with.
    var live: LiveServices { get }
    /// What went wrong on the wire since the scenario began, if anything: the step fails with it.
    var failure: String? { get }
    /// The scenario's wire transcript; nil when the runner keeps it.
    func transcript(title: String) -> String?
    /// Closes the connections and stops what the scenario started.
    func close()
}

/// The mock server of one scenario that a port at the wire level talks to.
public protocol WirePortServer: AnyObject, Sendable {
    /// `http://127.0.0.1:<port>`: where the port's data sources send their requests.
    var baseURL: URL { get }
    /// The key every data source sends.
    var apiKey: String { get }
    /// The client's timeout, in seconds.
    var clientTimeout: TimeInterval { get }
    /// Stages the answer of each `respond #n` of `scenario` for exchange `n`; returns why a
    /// scenario cannot run so.
    func stage(_ scenario: Scenario) -> String?
    /// The client cancelled exchange `sequence`: the transcript waits for its connection to close.
    func cancelled(_ sequence: Int)
    /// The wire transcript, each request with `headers` when it has them.
    func transcript(title: String, headers: [String]) -> String
    /// Stops the server.
    func close()
}

extension FixtureCatalog.Entry {
    /// The wire transcript beside the golden: `<name>.wire.txt`.
    public var wireURL: URL {
        let name = goldenURL.lastPathComponent.dropLast(FixtureCatalog.goldenSuffix.count)
        return goldenURL.deletingLastPathComponent().appendingPathComponent(name + FixtureCatalog.wireSuffix)
    }
}
