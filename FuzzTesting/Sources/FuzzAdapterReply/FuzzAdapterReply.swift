// The adapter protocol's message reader: one reply line from a port, as the runner reads it
// (docs/porting.md), with seq 1, the answer to a `run` of as many quiet advances as its `steps`
// holds (so that `omitted` is allowed anywhere). Oracles: a reply read is written back with the reference adapter's
// writer, read again and equal; each value's canonical render is the same after the round trip
// (the golden text a port's outputs are compared in); a `start` reply's implementation is read too.
import ConformanceKit
import FixtureFormat
import FuzzCheck
import ReplaySeam

@main
enum Main {
    static func main() { runLibFuzzer(fuzzAdapterReply) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdapterReply(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let line = fuzzText(fuzzBytes(start, count))
    guard let object = try? AdapterProtocol.replyObject(line, seq: 1) else { return 0 }
    if object["implementation"] != nil { _ = try? ImplementationInfo.read(object["implementation"]) }
    let quiet = [Bool](
        repeating: true, count: { if case .array(let steps)? = object["steps"] { steps.count } else { 2 } }())
    guard let reply = try? AdapterProtocol.answer(object, quiet: quiet) else { return 0 }
    let written = JSONValue.object(JSONObject([("seq", .integer(1))] + members(reply))).compactText
    let again: ScenarioAnswer
    do {
        again = try AdapterProtocol.answer(try AdapterProtocol.replyObject(written, seq: 1), quiet: quiet)
    } catch {
        oracle(false, "the reply written back does not read: \(error)\n\(written)")
        return 0
    }
    oracle(again == reply, "read, write, read differs: \(line) then \(written)")
    if case .steps(let steps) = reply, case .steps(let stepsAgain) = again {
        for (first, second) in zip(steps.flatMap(\.outputs), stepsAgain.flatMap(\.outputs)) {
            oracle(
                renders(first) == renders(second),
                "the render differs after a round trip: \(renders(first)) then \(renders(second))")
        }
    }
    return 0
}

/// The reply's members after `seq`, as a port writes them.
func members(_ reply: ScenarioAnswer) -> [(String, JSONValue)] {
    func body(_ members: [(String, JSONValue)], _ extra: (String, String?)) -> JSONValue {
        .object(JSONObject(members + (extra.1.map { [(extra.0, JSONValue.string($0))] } ?? [])))
    }
    switch reply {
    case .steps(let steps):
        return [
            (
                "steps",
                .array(
                    steps.map { step in
                        let entries = ReferenceAdapter.outputs(step.outputs, omitted: 0, quiet: false)
                        let omitted =
                            step.omitted > 0
                            ? [JSONValue.object(JSONObject([("omitted", .integer(step.omitted))]))] : []
                        return .array(entries + omitted)
                    })
            )
        ]
    case .skipped(let message, let issue):
        return [("skipped", body([("message", .string(message))], ("issue", issue)))]
    case .errored(let step, let message, let details):
        return [("errored", body([("step", .integer(step)), ("message", .string(message))], ("details", details)))]
    case .notRun, .broken:
        return []  // the runner's own, never read from a reply
    }
}

/// The canonical text of the value an output carries, if it carries one.
func renders(_ output: ReplayOutput) -> [String] {
    switch output {
    case .render(let value, _), .label(let value, _), .saved(let value), .custom(_, let value):
        CanonicalRender.lines(value)
    case .request, .cancel, .rejected: []
    }
}
