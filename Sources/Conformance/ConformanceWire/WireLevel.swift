import ConformanceKit
import FixtureFormat
import Foundation
import ReplaySeam

extension ReplayLevel {
    /// The wire level (docs/wire.md): the feature's real data sources against a mock server that
    /// holds each request until its `respond` step, and the wire transcript beside the golden.
    public static let wire = ReplayLevel(name: "wire", machinery: WireLevel())
}

/// The wire level's machinery: a `WireServer` for each scenario, and the `WireExchange` through
/// which the in-process reference's data sources reach it (or reach the server the runner holds).
struct WireLevel: WireMachinery {
    func exchange(_ scenario: Scenario, requests: RequestLog, headers: [String], remote: JSONObject?) throws
        -> any WireExchanging
    {
        let end: any WireEnd = try remote.map { object throws in try RemoteWire(object) } ?? wireServer(for: scenario)
        return try WireExchange(requests: requests, headers: headers, wire: end)
    }

    func check(remote: JSONObject) -> FieldError? {
        do throws(FieldError) {
            _ = try RemoteWire(remote)
            return nil
        } catch {
            return error
        }
    }

    func server(for scenario: Scenario) throws -> any WirePortServer { try wireServer(for: scenario) }

    /// The client waits out a `timeout` answer: with one in the scenario, it gives up after a second.
    private func wireServer(for scenario: Scenario) throws -> WireServer {
        try WireServer(waitsOutTimeout: scenario.events.contains { $0.answer?.wire == .timeout })
    }
}
