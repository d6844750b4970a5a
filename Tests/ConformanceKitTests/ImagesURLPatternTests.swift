import Foundation
import SeededRandom
import Testing

@testable import ImagesReplay

/// Subject: the Images codec's URL check, written out byte by byte, accepts exactly what its
/// schema's pattern (`ImagesReplayCodecs.urlPattern`, the one ports read) accepts, with ICU's
/// regular expressions as the judge.
@Suite struct ImagesURLPatternTests {
    static let regex = try! NSRegularExpression(pattern: ImagesReplayCodecs.urlPattern)

    static func patternMatches(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test(arguments: [
        ("https://img.test/cat.jpg", true), ("http://a", true), ("https://a:8080", true), ("https://a:8080/", true),
        ("https://a/", true), ("https://a.b-c/x?y=1&z=%20#", false), ("https://a.b-c/x?y=1&z=%20", true),
        ("ftp://x", false), ("https//a", false), ("https://", false), ("https://a:", false), ("https://a:x", false),
        ("https://a b", false), ("httpss://a", false), ("HTTPS://a", false), ("https://a_b", false),
        ("https://a/é", false), ("", false), ("https://a/\u{0}", false),
    ])
    func knownURLs(text: String, accepted: Bool) {
        #expect(ImagesReplayCodecs.matchesURLPattern(text) == accepted)
        #expect(Self.patternMatches(text) == accepted)
    }

    /// A line terminator at the very end. ICU's `$` matches before one, so the reader that asked
    /// ICU took `https://a/b\r\n` (and `URL(string:)` made it `https://a/b%0D%0A`); in JSON Schema,
    /// whose patterns are ECMA-262's, `$` is the end of the text, so a port's schema refused it. The
    /// check refuses it, as the schema does.
    @Test(arguments: ["https://a\n", "https://a/b\n", "https://a/b\r\n", "https://a\u{2028}"])
    func aTrailingLineTerminatorIsRefusedAsTheSchemaRefusesIt(text: String) {
        #expect(Self.patternMatches(text), "ICU's `$` matches before a final line terminator")
        #expect(!ImagesReplayCodecs.matchesURLPattern(text))
    }

    /// Strings built from the pattern's own pieces and the bytes around them, 20,000 of them (no
    /// line terminator: see above).
    @Test func agreesWithThePatternOnGeneratedStrings() {
        let random = SplitMix64(seed: 20_261_128)
        let pieces = [
            "http", "https", "://", "s", ":", "/", "?", "#", ".", "-", "_", "~", "%", "!", "$", "&", "'", "(", ")",
            "*", "+", ",", ";", "=", "@", "a", "Z", "0", "9", "img", "test", " ", "\"", "\\", "é", "\u{7F}", "[",
            "\t",
        ]
        var accepted = 0
        for _ in 0..<20_000 {
            var text = random.next() % 4 == 0 ? "" : ["http://", "https://"][Int(random.next() % 2)]
            for _ in 0..<Int(random.next() % 8) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            let expected = Self.patternMatches(text)
            #expect(ImagesReplayCodecs.matchesURLPattern(text) == expected, "\(text.debugDescription)")
            if expected { accepted += 1 }
        }
        #expect(accepted > 500, "the strings reach the pattern's accepting paths: \(accepted) of 20,000")
    }
}
