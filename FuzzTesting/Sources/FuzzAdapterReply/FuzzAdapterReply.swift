// The adapter protocol's message reader: one reply line from a port, as the runner reads it
// (docs/porting.md), with seq 1. Oracles: a reply read is written back with the reference adapter's
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
    guard let reply = try? ImplementationReply.read(object) else { return 0 }
    let written = JSONValue.object(JSONObject([("seq", .integer(1))] + members(reply))).compactText
    let again: ImplementationReply
    do {
        again = try ImplementationReply.read(try AdapterProtocol.replyObject(written, seq: 1))
    } catch {
        oracle(false, "the reply written back does not read: \(error)\n\(written)")
        return 0
    }
    oracle(again == reply, "read, write, read differs: \(line) then \(written)")
    if case .outputs(let outputs, _) = reply, case .outputs(let outputsAgain, _) = again {
        for (first, second) in zip(outputs, outputsAgain) {
            oracle(
                renders(first) == renders(second),
                "the render differs after a round trip: \(renders(first)) then \(renders(second))")
        }
    }
    return 0
}

/// The reply's members after `seq`, as a port writes them.
func members(_ reply: ImplementationReply) -> [(String, JSONValue)] {
    switch reply {
    case .ready: return [("ready", true)]
    case .outputs(let outputs, let omitted):
        let entries = ReferenceAdapter.outputs(outputs, omitted: 0, quiet: false)
        return [
            ("outputs", .array(entries + (omitted > 0 ? [.object(JSONObject([("omitted", .integer(omitted))]))] : [])))
        ]
    case .skipped(let message, let issue):
        return [
            (
                "skipped",
                .object(
                    JSONObject(
                        [("message", .string(message))] + (issue.map { [("issue", JSONValue.string($0))] } ?? [])))
            )
        ]
    case .errored(let message, let details):
        return [
            (
                "errored",
                .object(
                    JSONObject(
                        [("message", .string(message))] + (details.map { [("details", JSONValue.string($0))] } ?? [])))
            )
        ]
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
