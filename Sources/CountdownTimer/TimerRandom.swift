/// Where the timer's random background index comes from. Injected so that replays are identical.
public protocol RandomSource: AnyObject {
    /// The next 64 random bits.
    func next() -> UInt64
}

/// SplitMix64: tiny, fast, and simple enough that every port can reproduce its sequence from a seed.
///
/// `state += 0x9E3779B97F4A7C15; z = state; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
/// z = (z ^ (z >> 27)) * 0x94D049BB133111EB; return z ^ (z >> 31)`, all in wrapping 64-bit arithmetic.
public final class SplitMix64: RandomSource {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The system's generator, for apps.
public final class SystemRandomSource: RandomSource {
    private var generator = SystemRandomNumberGenerator()

    public init() {}

    public func next() -> UInt64 { generator.next() }
}

/// The background indices, 1...6.
public enum TimerBackground {
    public static let indices = 1...6

    /// A new index, never `current`: the candidates 1...6 without `current`, in order, and the one
    /// at `random.next() % candidates.count`.
    public static func pick(after current: Int, using random: RandomSource) -> Int {
        let candidates = indices.filter { $0 != current }
        return candidates[Int(random.next() % UInt64(candidates.count))]
    }
}
