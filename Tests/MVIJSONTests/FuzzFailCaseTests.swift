import Foundation
import MVIJSON
import Testing

/// The inputs `FuzzJSON` (FuzzTesting/, docs/fuzzing.md) found, replayed without the fuzzer: each
/// file of FuzzTesting/FailCases/FuzzJSON/ through the target's oracles (read, write, read again
/// and equal, the written text a fixed point), and each finding's own answer.
@Suite struct FuzzFailCaseTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/FailCases/FuzzJSON")

    static func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }

    /// `value` with every whole `.number` the writer writes as an integer made that `.integer`.
    static func wholeAsInteger(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number) where number == number.rounded() && abs(number) < 1e15: .integer(Int(number))
        case .array(let items): .array(items.map(wholeAsInteger))
        case .object(let object): .object(JSONObject(object.members.map { ($0.key, wholeAsInteger($0.value)) }))
        default: value
        }
    }

    @Test func everyCaseHoldsTheRoundTrip() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            guard let value = try? JSONValue.parse(try Self.text(name)) else { continue }
            let written = value.compactText
            let again = try JSONValue.parse(written)
            #expect(again == Self.wholeAsInteger(value), "\(name)")
            #expect(again.compactText == written, "\(name)")
        }
    }

    /// A whole number with a fraction, `1.0`, is a `.number`, written `1` by the writer's rule,
    /// and so reads back as the `.integer` 1: equal as a number, and `wholeNumber` answers 1 for both.
    @Test func wholeNumberWrittenAsInteger() throws {
        let value = try JSONValue.parse(try Self.text("whole-number-written-as-integer.json"))
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object["request"] == .number(1.0))
        #expect(value.compactText.contains("\"request\":1,"))
        guard case .object(let again) = try JSONValue.parse(value.compactText) else {
            Issue.record("not an object")
            return
        }
        #expect(again["request"] == .integer(1))
        #expect(again["request"]?.wholeNumber == object["request"]?.wholeNumber)
    }
}
