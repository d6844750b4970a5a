import FixtureFormat
import Foundation
import ReplaySeam

/// Where a replay meets the feature's data: in memory, through the replay's fake data sources, or
/// at the wire, through the feature's real data sources and a mock server that holds each request
/// until its `respond` step (docs/wire.md). Both levels are judged against the same golden; the
/// wire level also writes and compares `<name>.wire.txt`.
public enum ReplayLevel: String, Sendable, CaseIterable {
    case memory
    case wire

    /// Why `scenario` is not run at this level, or nil when it is: at the wire level, a feature
    /// that makes no requests, and an answer with no wire form (each named with its step and line).
    func refusal(of scenario: Scenario, module: FeatureModule?) -> String? {
        guard self == .wire else { return nil }
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

extension Scenario {
    /// Whether an answer of the scenario is `timeout` at the wire, which the client must wait out.
    var waitsOutTimeout: Bool { events.contains { $0.answer?.wire == .timeout } }
}

extension FixtureCatalog.Entry {
    /// The wire transcript beside the golden: `<name>.wire.txt`.
    public var wireURL: URL {
        let name = goldenURL.lastPathComponent.dropLast(FixtureCatalog.goldenSuffix.count)
        return goldenURL.deletingLastPathComponent().appendingPathComponent(name + FixtureCatalog.wireSuffix)
    }
}
