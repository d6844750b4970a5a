import SeededRandom
import Testing

/// SplitMix64 as every port reproduces it: the published sequence for seed 0, and the shuffle
/// spelled out in its documentation (values computed independently, in Python, from the formula).
@Suite struct SplitMix64Tests {
    @Test func seedZeroGivesThePublishedSequence() {
        let random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func theSeededShuffleIsFisherYatesFromTheLastIndexDown() {
        #expect(Array(0..<5).seededShuffle(seed: 1) == [2, 1, 4, 3, 0])
        #expect([Int]().seededShuffle(seed: 1).isEmpty)
    }
}
