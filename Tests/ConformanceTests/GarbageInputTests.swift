import ConformanceKit
import Foundation
import Testing

/// A small deterministic generator, so a failure replays exactly.
struct SeededBytes {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Malformed scenarios must end in a value or a ScenarioError that names a place, never a crash.
@Suite struct GarbageInputTests {
    static let seeds: [UInt64] = Array(1...40)

    @Test(arguments: seeds)
    func mutatedScenariosAreReadOrRejectedWithAPlace(seed: UInt64) throws {
        let catalog = try #require(Corpus.catalog)
        var random = SeededBytes(state: seed)
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
            let scenario = try Scenario.parse(text, file: catalog.displayPath(entry.scenarioURL))
            _ = try Replayer.reference.replay(scenario)
        } catch {
            #expect(error.description.hasPrefix(catalog.displayPath(entry.scenarioURL)), "\(error)")
            #expect(error.line != nil || error.message.contains("empty"), "the error names a line: \(error)")
        }
    }
}
