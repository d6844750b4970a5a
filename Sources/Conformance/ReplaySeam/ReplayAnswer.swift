import FixtureFormat

/// One answer a scenario's `respond` line gives a feature's data source: decoded once, with the
/// feature's response codec (`FeatureModule.responses`), when the scenario is read; the request it
/// answers gets the value itself.
public protocol ReplayAnswer: Sendable {
    /// How the transcript echoes the answer after `respond #n` (`urls [3]`, `failure timeout`).
    var echo: String { get }
}

extension ObjectCodec where Value: ReplayAnswer {
    /// The codec with its answer type erased, for `FeatureModule.responses`.
    public var answers: ObjectCodec<any ReplayAnswer> { map { $0 } }
}
