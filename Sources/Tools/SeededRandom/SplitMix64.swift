/// SplitMix64: tiny, fast, and simple enough that every port can reproduce its sequence from a seed.
/// The package's one seeded generator: the Timer's background picker and the mock server's
/// shuffles draw from it, and the data set scripts under `Fixtures/http/` write the same sequence.
///
/// `state += 0x9E3779B97F4A7C15; z = state; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
/// z = (z ^ (z >> 27)) * 0x94D049BB133111EB; return z ^ (z >> 31)`, all in wrapping 64-bit arithmetic.
public final class SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
