import Foundation
import MVIEssentials
import Testing

/// The one redaction rule of the proxy's and the scenario recorder's recordings: whole tokens only.
@Suite struct KeyRedactionTests {
    @Test func aShortKeyIsReplacedOnlyWhereItIsAWholeValue() {
        let short = KeyRedaction(keys: ["2"])
        let body =
            #"{"publishedAt": "2026-02-02T12:00:00Z", "page": 2, "key": "2", "next": "/v2/everything?apiKey=2&page=2", "note": "2 new"}"#
        #expect(
            short.text(body)
                == #"{"publishedAt": "2026-02-02T12:00:00Z", "page": 2, "key": "[redacted]", "next": "/v2/everything?apiKey=[redacted]&page=2", "note": "2 new"}"#
        )
        #expect(short.shortKeys == ["2"])
        #expect(short.headerValue("Bearer 2") == "Bearer [redacted]")
        #expect(short.headerValue("max-age=2") == "max-age=2")
    }

    @Test func aLongKeyIsAlsoReplacedAsAWholeTokenInsideText() {
        let long = KeyRedaction(keys: ["tok-9d2e-long", "tok"])
        #expect(
            long.text(#"{"message": "key tok-9d2e-long is bad; tok-9d2e-longer, xtok-9d2e-long."}"#)
                == #"{"message": "key [redacted] is bad; tok-9d2e-longer, xtok-9d2e-long."}"#)
        #expect(long.text("plain tok-9d2e-long.") == "plain [redacted].", "a text body that is not JSON")
        #expect(long.shortKeys == ["tok"])
    }

    /// A token goes on through letters (any script), digits, `-` and `_`; any other character,
    /// ASCII or not, ends it. So `abc_KEY` is not the key, while `~KEY`, `|KEY` and `→KEY` are.
    @Test func lettersDigitsHyphenAndUnderscoreContinueATokenAndNothingElseDoes() {
        let long = KeyRedaction(keys: ["tok-9d2e-long"])
        let inside = "abc_tok-9d2e-long tok-9d2e-long_x étok-9d2e-long tok-9d2e-long9"
        #expect(long.text(inside) == inside)
        #expect(long.text("~tok-9d2e-long|tok-9d2e-long→tok-9d2e-long{") == "~[redacted]|[redacted]→[redacted]{")
    }

    @Test func escapesAndBytesOutsideStringsAreKept() {
        let redaction = KeyRedaction(keys: ["k"])
        let body = "[ {\"a\" : \"say \\\"k\\\"\", \"k\": \"k\"} ,\n 1.50e3 ]"
        #expect(redaction.text(body) == "[ {\"a\" : \"say \\\"k\\\"\", \"[redacted]\": \"[redacted]\"} ,\n 1.50e3 ]")
        #expect(KeyRedaction(keys: []).text("[1, 2]") == "[1, 2]")
    }
}
