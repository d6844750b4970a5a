// MVIJSON's strict reader. Oracles: a value read is written, read again and equal; writing the
// second reading gives the same text (the compact form is a fixed point). Equal by the writer's
// rule for numbers: a whole `.number` under 10^15 is written as an integer (`1.0` as `1`), so it
// reads back as that `.integer` (FailCases/FuzzJSON/whole-number-written-as-integer.json).
import FuzzCheck
import MVIJSON

@main
enum Main {
    static func main() { runLibFuzzer(fuzzJSON) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = fuzzText(fuzzBytes(start, count))
    guard let value = try? JSONValue.parse(text) else { return 0 }
    let written = value.compactText
    let again: JSONValue
    do {
        again = try JSONValue.parse(written)
    } catch {
        oracle(false, "the reader refuses the writer's text \(written): \(error)")
        return 0
    }
    oracle(again == wholeAsInteger(value), "read, write, read differs: \(written) reads as \(again.compactText)")
    oracle(again.compactText == written, "the compact text is not stable: \(written) then \(again.compactText)")
    return 0
}

/// `value` with every whole `.number` the writer writes as an integer made that `.integer`.
func wholeAsInteger(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let number) where number == number.rounded() && abs(number) < 1e15: .integer(Int(number))
    case .array(let items): .array(items.map(wholeAsInteger))
    case .object(let object): .object(JSONObject(object.members.map { ($0.key, wholeAsInteger($0.value)) }))
    default: value
    }
}
