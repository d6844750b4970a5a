import Testing

@testable import TerminalUI

@Suite struct ScreenLineTests {
    @Test func aShortLineIsPaddedToTheWidth() {
        #expect(ScreenLine("abc").fitted(to: 6).text == "abc   ")
    }

    @Test func aLongLineIsCutWithAnEllipsisAndKeepsItsStyles() {
        let line = ScreenLine([Span("hello ", .strong), Span("world", .highlighted)]).fitted(to: 8)
        #expect(line.text == "hello w…")
        #expect(line.spans.map(\.style) == [.strong, .highlighted, .highlighted])
    }

    @Test func aLineOfExactlyTheWidthIsUnchanged() {
        #expect(ScreenLine("12345").fitted(to: 5).text == "12345")
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(TextWidth.of("日本") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(ScreenLine("日本語").fitted(to: 5).text == "日本…")
        #expect(TextWidth.of(ScreenLine("日本語x").fitted(to: 6).text) == 6)
    }

    @Test func aFrameRewritesOnlyTheLinesThatChanged() {
        let before: [ScreenLine] = ["one", "two", "three"]
        let after: [ScreenLine] = ["one", "2", "three"]
        #expect(TerminalCodes.frame(after, previous: before) == "\u{1B}[2;1H\u{1B}[0m2\u{1B}[0m")
        #expect(TerminalCodes.frame(after, previous: after).isEmpty)
        let styled = TerminalCodes.frame([ScreenLine("x", Style(foreground: RGB(1, 2, 3), bold: true))], previous: [])
        #expect(styled == "\u{1B}[1;1H\u{1B}[0;1;38;2;1;2;3mx\u{1B}[0m")
    }

    @Test func waitsAreRoundedUpToWholeMilliseconds() {
        #expect(Duration.microseconds(1500).wholeMilliseconds == 2)
        #expect(Duration.seconds(2).wholeMilliseconds == 2000)
        #expect(Duration.zero.wholeMilliseconds == 0)
    }
}
