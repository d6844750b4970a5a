import SeededRandom

/// Where the timer's random background index comes from. Injected so that replays are identical.
public protocol RandomSource: AnyObject {
    /// The next 64 random bits.
    func next() -> UInt64
}

// SplitMix64 (module SeededRandom), the package's one seeded generator, is the timer's source for replays.
extension SplitMix64: RandomSource {}

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
