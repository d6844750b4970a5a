import MVIJSON
import Testing

/// The one JSON reader: strict where JSONSerialization is lenient, and never a crash.
@Suite struct JSONReaderTests {
    @Test func valuesKeepTheirKindsAndMembersTheirOrder() throws {
        let value = try JSONValue.parse(#" {"b": [1, -2.5, 3e2, true, null], "a": "x\u00e9\ud83d\udc31\n"} "#)
        #expect(value == ["b": [1, -2.5, 300.0, true, nil], "a": "xé🐱\n"])
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["b", "a"])
        #expect(value.compactText == #"{"b":[1,-2.5,300,true,null],"a":"xé🐱\n"}"#)
    }

    /// RFC 8259 allows white space (space, tab, line feed, carriage return) before and after every
    /// value and every structural character: after a member's value as well as before it.
    @Test func whiteSpaceMayStandAroundEveryValueAndStructuralCharacter() throws {
        #expect(try JSONValue.parse(#"{"a":1 }"#) == ["a": 1])
        #expect(try JSONValue.parse("{\"a\"\t:\n1\r\n,\"b\" : [ 2 ,3\t] \n}") == ["a": 1, "b": [2, 3]])
        #expect(try JSONValue.parse(#"[ {"a":"x" } , {} ,[ ] ]"#) == [["a": "x"], [:], []])
        #expect(throws: JSONReadError.self) { try JSONValue.parse("{\"a\":1 \u{0B}}") }
    }

    /// A line read as bytes reads as its text does, columns counted from the slice's first byte,
    /// and bytes that are not UTF-8 are refused inside a string as outside one.
    @Test func bytesReadAsTheirText() throws {
        let line = #"{"a": ["x\u00e9", "é🐱", 1, -2.5e1], "b": {"c": null}}"#
        let framed = Array(("xx" + line + "yy").utf8)
        #expect(try JSONReader.parse(utf8: framed[2..<(framed.count - 2)]) == JSONValue.parse(line))
        #expect(throws: JSONReadError(message: "expected ',' or '}' in an object", column: 9)) {
            try JSONReader.parse(utf8: Array(#"xx{"a": 1 2}"#.utf8)[2...])
        }
        #expect(throws: JSONReadError(message: "the string is not valid UTF-8", column: 7)) {
            try JSONReader.parse(utf8: Array(#"{"a": ""#.utf8 + [0x78, 0xC3, 0x28] + #""}"#.utf8)[...])
        }
        #expect(throws: JSONReadError(message: "the string is not valid UTF-8", column: 7)) {
            try JSONReader.parse(utf8: Array(#"{"a": "\n"#.utf8 + [0xFF] + #""}"#.utf8)[...])
        }
        #expect(throws: JSONReadError(message: "unexpected character byte 0xC3; expected a value", column: 7)) {
            try JSONReader.parse(utf8: Array(#"{"a": "#.utf8 + [0xC3, 0xA9] + "}".utf8)[...])
        }
    }

    @Test func eachLiteralReadsAsItsValue() throws {
        #expect(try JSONValue.parse("false") == .bool(false))
        #expect(try JSONValue.parse("true") == .bool(true))
        #expect(try JSONValue.parse("null") == .null)
        #expect(try JSONValue.parse(#"[false,true,null,{"f":false}]"#) == [false, true, nil, ["f": false]])
    }

    @Test func unicodeEscapesReadHexDigitsOfEitherCase() throws {
        #expect(
            try JSONValue.parse(#""\u0123\u4567\u89AB\uCDEF\u89ab\ucdef""#)
                == "\u{0123}\u{4567}\u{89AB}\u{CDEF}\u{89AB}\u{CDEF}")
        #expect(try JSONValue.parse(#""\uD83D\uDC31\ud83d\udc31""#) == "🐱🐱")
    }

    @Test func integersAreTokensWithoutFractionOrExponent() throws {
        #expect(try JSONValue.parse("1000") == .integer(1000))
        #expect(try JSONValue.parse("1000.0") == .number(1000))
        #expect(try JSONValue.parse("1e3") == .number(1000))
        #expect(try JSONValue.parse("-0") == .integer(0))
        #expect(try JSONValue.parse("99999999999999999999") == .number(1e20), "too big for Int: a number, not a trap")
        #expect(try JSONValue.parse("1000.0").wholeNumber == 1000)
        #expect(try JSONValue.parse("1.5").wholeNumber == nil)
    }

    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, "duplicate key \"a\" at column 10"),
        (#"{"a": 1,}"#, "expected a key in double quotes at column 9"),
        (#"{"a" 1}"#, "expected ':' after a key at column 6"),
        (#"{"a",1}"#, "expected ':' after a key at column 5"),
        ("[1, 2", "expected ',' or ']' in an array at column 6"),
        ("01", "a number may not have a leading zero at column 1"),
        ("-", "expected a digit at column 2"),
        ("-.5", "expected a digit at column 2"),
        ("[-x]", "expected a digit at column 3"),
        ("1.", "expected a digit after '.' at column 3"),
        ("1e999", "the number 1e999 is too large at column 1"),
        (#""\ud800""#, "lone high surrogate \\uD800 at column 2"),
        (#""\udc00x""#, "lone low surrogate \\uDC00 at column 2"),
        ("\"a\tb\"", "control character byte 0x9 in a string; write it as an escape at column 3"),
        (#""\x""#, "unknown escape \\x at column 2"),
        ("tru", "unknown literal; expected true at column 1"),
        ("{} {}", "unexpected text after the value at column 4"),
        ("", "unexpected end of text; expected a value at column 1"),
        ("\u{FEFF}{}", "unexpected character byte 0xEF; expected a value at column 1"),
        ("\u{0}1", "unexpected character byte 0x0; expected a value at column 1"),
        ("[\u{8}1]", "unexpected character byte 0x8; expected a value at column 2"),
        ("1\u{1}", "unexpected text after the value at column 2"),
    ])
    func malformedTextIsRefusedWithWhatAndWhere(text: String, message: String) {
        do {
            _ = try JSONValue.parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.description == "not valid JSON (\(message))")
        }
    }

    @Test func nestingIsBoundedInsteadOfExhaustingTheStack() throws {
        let deep =
            String(repeating: "[", count: JSONReader.maximumDepth)
            + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(throws: Never.self) { try JSONValue.parse(deep) }
        let tooDeep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReadError.self) { try JSONValue.parse(tooDeep) }
    }

    @Test func objectsCompareWithoutRegardToOrder() {
        #expect(JSONValue.object(["a": 1, "b": 2]) == JSONValue.object(["b": 2, "a": 1]))
        #expect(JSONValue.object(["a": 1]) != JSONValue.object(["a": 1, "b": 2]))
        #expect(JSONValue.object(["a": 1, "b": 2]) != JSONValue.object(["a": 1]))
        #expect(JSONValue.object(["a": 1]) != JSONValue.object(["a": 2]), "a value differs")
        #expect(JSONValue.object(["a": 1]) != JSONValue.object(["b": 1]), "a key differs")
    }

    @Test func prettyTextIndentsByTwoAndEndsWithANewline() {
        #expect(
            JSONValue.object(["a": [1, 2], "b": [:]]).prettyText
                == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n")
    }
}
