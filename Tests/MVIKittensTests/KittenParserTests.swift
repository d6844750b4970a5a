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
        #expect(KittenParseError.notAnArray(found: "object").description == "expected a JSON array of images, found object")
        #expect(KittenParseError.urlNotAString(index: 0, found: "number").description
            == "element [0] has a \"url\" that is number, expected a string")
    }

    @Test func longBodiesAreCutInMessages() {
        let body = String(repeating: "x", count: 100)
        #expect(throws: KittenParseError.notJSON("\"\(String(repeating: "x", count: 40))\" (100 bytes)")) { try parse(body) }
    }
}
