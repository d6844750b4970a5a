import MVIJSON
import Testing

/// The writer and the string reader work on UTF-8 bytes, a run at a time. Subject: that they agree,
/// scalar for scalar, with the rule written out one scalar at a time, on text where bytes,
/// scalars and characters part ways.
@Suite struct JSONWriterTests {
    /// The JSON rule, one scalar at a time: what the byte-wise writer must equal.
    static func quotedByScalar(_ text: String) -> String {
        "\""
            + TextEscaping.map(text) { scalar in
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default:
                    scalar.value < 0x20 ? "\\u" + TextEscaping.hex(scalar, minimumDigits: 4, uppercase: false) : nil
                }
            } + "\""
    }

    /// Pieces that make one grapheme cluster with their neighbours, or none with anything.
    static let pieces: [String] = [
        "a", "\"", "\\", "\r", "\n", "\r\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{301}", "e\u{301}", "é",
        "\u{200D}", "🐱", "👩‍👩‍👧", "\u{FEFF}", "\u{2028}", "/", " ", "x\u{301}\u{302}",
    ]

    /// Text from the pieces, the same for the same seed (a linear congruential generator: no clock).
    static func text(seed: UInt64) -> String {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var text = ""
        for _ in 0..<Int(seed % 9) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text += pieces[Int((state >> 33) % UInt64(pieces.count))]
        }
        return text
    }

    /// A whole number below 10^15 in magnitude is written as an integer; from 10^15 on, as Swift
    /// describes a Double, so that no conversion to Int64 can trap on a huge one.
    @Test func wholeNumbersFrom10To15OnAreWrittenAsDoubles() {
        #expect(JSONValue.number(999_999_999_999_999).compactText == "999999999999999")
        #expect(JSONValue.number(-999_999_999_999_999).compactText == "-999999999999999")
        #expect(JSONValue.number(1e15).compactText == "1000000000000000.0")
        #expect(JSONValue.number(1e16).compactText == "1e+16")
        #expect(JSONValue.number(-1e16).compactText == "-1e+16")
        #expect(JSONValue.number(1e300).compactText == "1e+300")
        #expect(JSONValue.number(1.5).compactText == "1.5")
    }

    /// XML text (the JUnit report's): the five markup characters as entities, a line feed as
    /// `&#10;`, other controls but tab as `\u{XXXX}`, everything else as it is.
    @Test func xmlTextEscapesEachMarkupCharacterAndControl() {
        #expect(
            TextEscaping.xmlEscaped("a&b<c>d\"e\nf\u{01}g\th\u{1F}é'")
                == "a&amp;b&lt;c&gt;d&quot;e&#10;f\\u{0001}g\th\\u{001F}é'")
    }

    @Test func aQuoteOrAControlInsideAGraphemeClusterIsEscapedOnce() throws {
        #expect(TextEscaping.jsonQuoted("\"\u{301}") == #""\"́""#)
        #expect(TextEscaping.jsonQuoted("a\r\nb") == #""a\r\nb""#)
        #expect(TextEscaping.jsonQuoted("\u{1}\u{301}") == "\"\\u0001\u{301}\"")
        #expect(TextEscaping.canonicalQuoted("plain text") == "\"plain text\"")
        #expect(TextEscaping.canonicalQuoted("a\"b") == #""a\"b""#)
    }

    @Test(arguments: 0..<400)
    func writingAgreesWithTheScalarRuleAndReadsBackScalarForScalar(seed: Int) throws {
        let text = Self.text(seed: UInt64(seed))
        let quoted = TextEscaping.jsonQuoted(text)
        #expect(
            Array(quoted.unicodeScalars) == Array(Self.quotedByScalar(text).unicodeScalars),
            "\(Array(text.unicodeScalars))")
        guard case .string(let read) = try JSONValue.parse(quoted) else {
            Issue.record("not a string: \(quoted)")
            return
        }
        #expect(Array(read.unicodeScalars) == Array(text.unicodeScalars))
        let object: JSONValue = [text: [.string(text), 1, nil]]
        #expect(try JSONValue.parse(object.compactText) == object)
    }
}
