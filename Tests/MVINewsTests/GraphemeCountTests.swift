import Testing

/// Subject: the toolchain's Unicode data, as `String.count` uses it. news.md (news.116) names the
/// version the goldens were written with: extended grapheme clusters of UAX #29 with Unicode 17.0's
/// data, whose rules count as 15.1 does. A search screen's 3-character rule (news.68) and a deep
/// link's positions (navigation.41) are these counts, so a toolchain whose data counts one of these
/// strings differently would change goldens under the corpus: this test says so first, by name.
struct GraphemeCountTests {
    struct Case: CustomStringConvertible, Sendable {
        let text: String
        let count: Int
        let why: String
        var description: String {
            "\(text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) (\(why))"
        }
    }

    /// What the corpus counts, and the cases where Unicode 15.0 and 15.1, and 17.0 and 18.0, differ.
    static let cases: [Case] = [
        Case(text: "e\u{301}", count: 1, why: "a base and a combining mark (GB9)"),
        Case(text: "\u{1100}\u{1161}\u{11A8}", count: 1, why: "a Hangul syllable in jamo, L V T (GB6, GB7)"),
        Case(text: "\u{E01}\u{E33}", count: 1, why: "Thai ko kai and sara am, a spacing mark (GB9a)"),
        Case(text: "\u{1F469}\u{200D}\u{1F4BB}x", count: 2, why: "an emoji ZWJ sequence and a letter (GB11)"),
        Case(text: "\u{1F1EB}\u{1F1F7}ab", count: 3, why: "a flag, two regional indicators, and two letters (GB12)"),
        // Unicode 15.1's GB9c: 15.0 counted one more in each.
        Case(text: "\u{915}\u{94D}\u{937}a", count: 2, why: "Devanagari KA VIRAMA SSA and a letter: 3 in Unicode 15.0"),
        Case(text: "\u{915}\u{94D}\u{200D}\u{937}", count: 1, why: "Devanagari KA VIRAMA ZWJ SSA: 2 in Unicode 15.0"),
        Case(text: "\u{915}\u{94D}\u{93C}\u{937}", count: 1, why: "Devanagari KA VIRAMA NUKTA SSA: 2 in Unicode 15.0"),
        Case(text: "\u{995}\u{9CD}\u{9B7}a", count: 2, why: "Bengali KA VIRAMA SSA and a letter: 3 in Unicode 15.0"),
        Case(text: "\u{A95}\u{ACD}\u{AB7}", count: 1, why: "Gujarati KA VIRAMA SSA: 2 in Unicode 15.0"),
        Case(text: "\u{B15}\u{B4D}\u{B37}", count: 1, why: "Oriya KA VIRAMA SSA: 2 in Unicode 15.0"),
        Case(text: "\u{C15}\u{C4D}\u{C37}", count: 1, why: "Telugu KA VIRAMA SSA: 2 in Unicode 15.0"),
        Case(text: "\u{D15}\u{D4D}\u{D37}", count: 1, why: "Malayalam KA VIRAMA SSA: 2 in Unicode 15.0"),
        Case(
            text: "\u{C95}\u{CCD}\u{CB7}a", count: 3,
            why: "Kannada has no Indic_Conjunct_Break linker: KA VIRAMA, SSA, a letter"),
        // Unicode 18.0's GB9c no longer needs a consonant before the linker: each of these is 1 there.
        Case(text: "\u{25CC}\u{94D}\u{915}", count: 2, why: "DOTTED CIRCLE VIRAMA KA: 1 in Unicode 18.0"),
        Case(text: "\u{905}\u{94D}\u{915}", count: 2, why: "Devanagari A VIRAMA KA: 1 in Unicode 18.0"),
        Case(text: "\u{94D}\u{915}", count: 2, why: "VIRAMA KA at the start: 1 in Unicode 18.0"),
    ]

    /// The newest Unicode version whose characters the toolchain knows, from the age of one character
    /// each version added, for the failure's message.
    static var toolchainUnicodeVersion: String {
        let added: [(Unicode.Scalar, String)] = [("\u{2FFC}", "15.1"), ("\u{0897}", "16.0"), ("\u{1F6D8}", "17.0")]
        let known = added.filter { $0.0.properties.age != nil }.map(\.1)
        return known.last.map { "\($0) or later" } ?? "before 15.1"
    }

    @Test(arguments: cases)
    func theToolchainCountsAsTheSpecSays(_ example: Case) {
        #expect(
            example.text.count == example.count,
            """
            The toolchain's Unicode data (\(Self.toolchainUnicodeVersion)) counts \(example) as \
            \(example.text.count) characters; news.md (news.116) says \(example.count). Goldens that count \
            characters (search queries, deep links) may change: name the new version in news.md, \
            check which scenarios change, and tell port teams (docs/releasing.md).
            """)
    }

    @Test func theToolchainKnowsTheNamedVersion() {
        // The age of a character Unicode 17.0 added: older data would count some newer characters
        // as unassigned, each a character of its own.
        #expect(
            Unicode.Scalar(0x1F6D8)?.properties.age.map { "\($0.major).\($0.minor)" } == "17.0",
            "U+1F6D8 is not a Unicode 17.0 character for this toolchain (\(Self.toolchainUnicodeVersion)); news.md (news.116) names 17.0"
        )
    }
}
