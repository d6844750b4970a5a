import Foundation
import MVIKittens
import Testing

@Suite struct KittenParserTests {
    let parser = KittenParser()

    private func parse(_ body: String) throws(KittenParseError) -> [String] {
        try parser.parse(Data(body.utf8))
    }

    @Test func takesEachElementsURLAndIgnoresTheRest() throws {
        let body = #"[{"id":"a1","url":"https://x/1.jpg","width":10,"breeds":[]},{"url":"https://x/2.png"}]"#
        #expect(try parse(body) == ["https://x/1.jpg", "https://x/2.png"])
    }

    @Test func emptyArrayIsZeroImages() throws {
        #expect(try parse("[]") == [])
    }

    @Test(arguments: [
        ("<html>", KittenParseError.notJSON("\"<html>\"")),
        ("", .notJSON("an empty body")),
        ("[{\"url\":", .notJSON("\"[{\\\"url\\\":\"")),
        // The preview is a canonical string (docs/render.md): controls and invisible scalars as \u{XXXX}.
        ("<p>\u{1}\u{200B}\n", .notJSON(#""<p>\u{0001}\u{200B}\n""#)),
        ("{\"url\":\"a\"}", .notAnArray(found: "object")),
        ("\"text\"", .notAnArray(found: "string")),
        ("42", .notAnArray(found: "number")),
        ("null", .notAnArray(found: "null")),
        ("[{\"url\":\"a\"}, 7]", .elementNotAnObject(index: 1, found: "number")),
        ("[[]]", .elementNotAnObject(index: 0, found: "array")),
        ("[{\"url\":\"a\"}, {\"id\":\"b\"}]", .missingURL(index: 1)),
        ("[{\"url\":3}]", .urlNotAString(index: 0, found: "number")),
        ("[{\"url\":true}]", .urlNotAString(index: 0, found: "boolean")),
        ("[{\"url\":null}]", .urlNotAString(index: 0, found: "null")),
    ])
    func eachFailureSaysWhatWasWrong(body: String, expected: KittenParseError) {
        #expect(throws: expected) { try parse(body) }
    }

    @Test func messagesNameTheProblemAndThePlace() {
        #expect(KittenParseError.missingURL(index: 3).description == "element [3] has no \"url\"")
        #expect(
            KittenParseError.notAnArray(found: "object").description == "expected a JSON array of images, found object")
        #expect(
            KittenParseError.urlNotAString(index: 0, found: "number").description
                == "element [0] has a \"url\" that is number, expected a string")
        #expect(
            KittenParseError.elementNotAnObject(index: 1, found: "number").description
                == "element [1] is number, expected an object with a \"url\"")
        #expect(KittenParseError.notJSON("\"x\"").description == "the body is not JSON: \"x\"")
    }

    @Test func longBodiesAreCutInMessages() {
        let body = String(repeating: "x", count: 100)
        #expect(throws: KittenParseError.notJSON("\"\(String(repeating: "x", count: 40))\" (100 bytes)")) {
            try parse(body)
        }
    }

    /// The size is appended only to a body longer than 40 bytes: one of exactly 40 is shown whole.
    @Test func aBodyOfFortyBytesIsShownWholeAndOneMoreIsCut() {
        let forty = String(repeating: "x", count: 40)
        #expect(throws: KittenParseError.notJSON("\"\(forty)\"")) { try parse(forty) }
        #expect(throws: KittenParseError.notJSON("\"\(forty)\" (41 bytes)")) { try parse(forty + "y") }
    }

    /// JSONSerialization dropped a leading U+FEFF inside a string; the package's reader keeps it.
    @Test func aStringKeepsEveryScalarItHoldsALeadingByteOrderMarkIncluded() throws {
        #expect(try parse("[{\"url\":\"\u{FEFF}https://x/1.jpg\"}]") == ["\u{FEFF}https://x/1.jpg"])
        #expect(try parse(#"[{"url":"\ufeffa"}]"#) == ["\u{FEFF}a"])
    }

    @Test func whatTheStrictReaderRefusesIsNotJSON() {
        #expect(throws: KittenParseError.notJSON(#""[{\"url\":\"a\",\"url\":\"b\"}]""#)) {
            try parse(#"[{"url":"a","url":"b"}]"#)
        }
        #expect(throws: KittenParseError.notJSON(#""[{\"url\":\"\\ud800\"}]""#)) { try parse(#"[{"url":"\ud800"}]"#) }
        #expect(throws: KittenParseError.notJSON("\"[\u{FFFD}]\"")) { try parser.parse(Data([0x5B, 0xFF, 0x5D])) }
    }

    /// A 1 MiB body of empty URLs (JSONSerialization needed about 1 GB for it) reads in full.
    @Test func aMebibyteOfEmptyURLsIsRead() throws {
        let element = #"{"url":""},"#
        let count = (1 << 20) / element.utf8.count
        let body = "[" + String(repeating: element, count: count - 1) + #"{"url":""}]"#
        #expect(try parse(body).count == count)
    }

    /// The limit is 8 MiB (kittens.md): a body of 8,388,608 bytes is read, one byte more is refused.
    @Test func theLimitIsEightMebibytes() throws {
        let limit = 8_388_608
        #expect(try parser.parse(Data("[".utf8) + Data(repeating: 0x20, count: limit - 2) + Data("]".utf8)) == [])
        #expect {
            try parser.parse(Data(count: limit + 1))
        } throws: { error in
            (error as? KittenParseError)?.description == "the body holds 8388609 bytes, over the limit of 8388608"
        }
    }

    @Test func aBodyOverTheLimitIsRefusedUnread() {
        let body = Data(count: KittenParser.maximumBodyBytes + 1)
        #expect(
            throws: KittenParseError.tooLarge(
                bytes: KittenParser.maximumBodyBytes + 1, limit: KittenParser.maximumBodyBytes)
        ) {
            try parser.parse(body)
        }
        #expect(
            KittenParseError.tooLarge(bytes: 9, limit: 8).description == "the body holds 9 bytes, over the limit of 8")
    }
}
