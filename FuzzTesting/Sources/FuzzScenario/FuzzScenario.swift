// The scenario line reader: a whole JSON Lines scenario, read with every reference feature's
// codecs. Oracles: a scenario read is written back line by line (each line's compact JSON), read
// again and equal: the same header, and per event the same line object, kind and the same
// canonical render of its decoded input (the echo the transcript shows).
import ConformanceKit
import FixtureFormat
import FuzzCheck
import ReferenceFeatures
import ReplaySeam

@main
enum Main {
    static func main() { runLibFuzzer(fuzzScenario) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = fuzzText(fuzzBytes(start, count))
    guard let scenario = try? Scenario.parse(text, file: "input.jsonl", features: .reference) else { return 0 }
    let written =
        ([scenario.header] + scenario.events.map(\.object)).map { JSONValue.object($0).compactText }.joined(
            separator: "\n") + "\n"
    let again: Scenario
    do {
        again = try Scenario.parse(written, file: "written.jsonl", features: .reference)
    } catch {
        oracle(false, "the scenario written back does not read: \(error)\n\(written)")
        return 0
    }
    oracle(again.header == scenario.header, "the header differs after a round trip")
    oracle(
        again.events.count == scenario.events.count,
        "\(scenario.events.count) events read, \(again.events.count) after a round trip")
    for (first, second) in zip(scenario.events, again.events) {
        oracle(first.object == second.object, "step \(first.step): the line differs after a round trip")
        oracle(first.kind == second.kind, "step \(first.step): the kind differs after a round trip")
        oracle(
            first.input?.echo == second.input?.echo,
            "step \(first.step): the input's render differs: \(first.input?.echo ?? "none") then \(second.input?.echo ?? "none")"
        )
    }
    return 0
}
