extension Array {
    /// The elements in an order fixed by `seed`: Fisher-Yates from the last index down, swapping
    /// index `i` with `next() % (i + 1)` of a `SplitMix64(seed:)`. Spelled out, unlike the standard
    /// library's `shuffled(using:)`, so that every language reproduces it.
    public func seededShuffle(seed: UInt64) -> [Element] {
        let random = SplitMix64(seed: seed)
        var result = self
        var index = result.count - 1
        while index > 0 {
            result.swapAt(index, Int(random.next() % UInt64(index + 1)))
            index -= 1
        }
        return result
    }
}
