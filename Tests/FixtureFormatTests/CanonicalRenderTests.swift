import FixtureFormat
import Testing

@Suite struct CanonicalRenderTests {
    @Test func scalars() {
        #expect(CanonicalRender.text(.bool(true)) == "true\n")
        #expect(CanonicalRender.text(.integer(-42)) == "-42\n")
        #expect(CanonicalRender.text(.null) == "null\n")
        #expect(CanonicalRender.text(.string("a")) == "\"a\"\n")
    }

    @Test(arguments: [
        ("plain", "\"plain\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("back\\slash", "\"back\\\\slash\""),
        ("line\nbreak\r\ttab", "\"line\\nbreak\\r\\ttab\""),
        ("nul\u{0}bell\u{7}", "\"nul\\u{0000}bell\\u{0007}\""),
        ("del\u{7F}c1\u{85}", "\"del\\u{007F}c1\\u{0085}\""),
        ("nb\u{A0}sp soft\u{AD}hy", "\"nb\\u{00A0}sp soft\\u{00AD}hy\""),
        ("zero\u{200B}width\u{200D}joiner", "\"zero\\u{200B}width\\u{200D}joiner\""),
        ("rtl\u{202E}mark\u{2028}sep", "\"rtl\\u{202E}mark\\u{2028}sep\""),
        ("bom\u{FEFF}", "\"bom\\u{FEFF}\""),
        ("tag\u{E0041}", "\"tag\\u{E0041}\""),
        ("café 猫 🐱", "\"café 猫 🐱\""),
        ("e\u{301}", "\"e\u{301}\""),
    ])
    func stringsAreQuotedWithInvisibleCharactersMadeVisible(input: String, expected: String) {
        #expect(CanonicalRender.quote(input) == expected)
    }

    @Test func recordsListFieldsInDeclarationOrderWithIndentedLists() {
        let value = CanonicalValue.record(
            "Model",
            [
                "title": .string("t"),
                "items": .list([.string("a"), .record("Item", ["id": .integer(1), "tags": .strings([])])]),
                "state": .enumCase(type: "Phase", name: "running", fields: []),
                "failure": .enumCase(type: "Failure", name: "http", fields: [.init("status", .integer(500))]),
            ])
        #expect(
            CanonicalRender.text(value) == """
                Model
                  title: "t"
                  items: [2]
                    [0] "a"
                    [1] Item
                      id: 1
                      tags: [0]
                  state: Phase.running
                  failure: Failure.http
                    status: 500

                """)
    }

    @Test func nestedListsIndentByLevel() {
        let value = CanonicalValue.list([.list([.integer(1), .integer(2)]), .list([])])
        #expect(CanonicalRender.text(value) == "[2]\n  [0] [2]\n    [0] 1\n    [1] 2\n  [1] [0]\n")
    }
}
