import ConformanceKit
import FixtureFormat
import Foundation
import MVICountdownTimer
import ReplaySeam
import SeededRandom
import Testing

/// Seeded bytes from SeededRandom's SplitMix64 (the package's one generator), so a failure replays exactly.
struct SeededBytes {
    let random: SplitMix64

    init(state: UInt64) { random = SplitMix64(seed: state) }

    func next() -> UInt64 { random.next() }

    func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Malformed scenarios must end in a value or a ScenarioError that names a place, never a crash.
@Suite struct GarbageInputTests {
    static let seeds: [UInt64] = Array(1...40)

    @Test(arguments: seeds)
    func mutatedScenariosAreReadOrRejectedWithAPlace(seed: UInt64) throws {
        let catalog = try #require(Corpus.catalog)
        let random = SeededBytes(state: seed)
        let entry = Corpus.entries[random.below(Corpus.entries.count)]
        var bytes = Array(try Data(contentsOf: entry.scenarioURL))
        for _ in 0..<(1 + random.below(8)) {
            let position = random.below(bytes.count)
            switch random.below(3) {
            case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.remove(at: position)
            default:
                let alphabet = Array("{}[]\":,\n0a-".utf8)
                bytes.insert(alphabet[random.below(alphabet.count)], at: position)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let scenario = try TestFeatures.replayer.read(text, file: catalog.displayPath(entry.scenarioURL))
            _ = try TestFeatures.replayer.replay(scenario)
        } catch {
            #expect(error.description.hasPrefix(catalog.displayPath(entry.scenarioURL)), "\(error)")
            #expect(error.line != nil || error.message.contains("empty"), "the error names a line: \(error)")
        }
    }
}
