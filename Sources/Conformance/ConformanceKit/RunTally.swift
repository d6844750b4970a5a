import Foundation
import MVIEssentials

/// What a run has done so far, told when the run is cut short (Ctrl-C): how many scenarios of
/// how many ran, by outcome. `run` and `record` keep it up to date through `IO.tally`.
public final class RunTally: Sendable {
    private struct State: Sendable {
        var total = 0
        var counts: [Outcome.Kind: Int] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// A run of `total` scenarios begins.
    public func begin(total: Int) { state.withLock { $0 = State(total: total) } }

    /// One scenario ended so.
    public func record(_ kind: Outcome.Kind) { state.withLock { $0.counts[kind, default: 0] += 1 } }

    /// `interrupted after 12 of 245 scenarios: 11 passed, 1 failed`, or nil when no run has begun.
    public var interruption: String? {
        state.withLock { state in
            guard state.total > 0 else { return nil }
            let ran = state.counts.values.reduce(0, +)
            let counts = Outcome.Kind.allCases.compactMap { kind in state.counts[kind].map { "\($0) \(kind.rawValue)" }
            }
            return "interrupted after \(ran) of \(state.total) scenario\(state.total == 1 ? "" : "s")"
                + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))
        }
    }
}
