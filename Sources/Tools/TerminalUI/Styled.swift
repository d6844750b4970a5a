/// A 24-bit colour.
public struct RGB: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// How a run of text is drawn. Screens that are read as text (tests, `tmux capture-pane -p`) lose
/// the style and keep the characters, so a style never carries meaning the text does not.
public struct Style: Equatable, Hashable, Sendable {
    public var foreground: RGB?
    public var background: RGB?
    public var bold: Bool
    public var inverse: Bool

    public init(foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false, inverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.inverse = inverse
    }

    public static let plain = Style()
    public static let strong = Style(bold: true)
    public static let highlighted = Style(inverse: true)

    /// The SGR sequence that sets this style from the default one.
    var escape: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if inverse { codes.append("7") }
        if let foreground { codes.append("38;2;\(foreground.red);\(foreground.green);\(foreground.blue)") }
        if let background { codes.append("48;2;\(background.red);\(background.green);\(background.blue)") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// A run of text in one style.
public struct Span: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// One line of a screen: spans that together are at most the screen's width.
public struct ScreenLine: Equatable, Sendable, ExpressibleByStringLiteral {
    public var spans: [Span]

    public init(_ spans: [Span]) { self.spans = spans }

    public init(_ text: String, _ style: Style = .plain) { spans = [Span(text, style)] }

    public init(stringLiteral text: String) { self.init(text) }

    /// The characters, without style: what a person reading the screen as text sees.
    public var text: String { spans.map(\.text).joined() }

    /// The line cut to `width` columns (the cut marked with `…`) and padded with spaces to it.
    public func fitted(to width: Int) -> ScreenLine {
        var result: [Span] = []
        var used = 0
        let total = TextWidth.of(text)
        for span in spans {
            guard used < width else { break }
            var kept = ""
            for character in span.text {
                let columns = TextWidth.of(character)
                // Room for the character, and for the `…` if more follows after it.
                let limit = total > width ? width - 1 : width
                if used + columns > limit { break }
                kept.append(character)
                used += columns
            }
            if !kept.isEmpty { result.append(Span(kept, span.style)) }
            if kept.count < span.text.count { break }
        }
        if total > width, width > 0 {
            result.append(Span("…", spans.last?.style ?? .plain))
            used += 1
        }
        if used < width { result.append(Span(String(repeating: " ", count: width - used))) }
        return ScreenLine(result)
    }
}

/// Columns a character takes in a terminal: 2 for wide East Asian characters and emoji, 0 for
/// combining marks, 1 otherwise. An approximation of wcwidth, enough to keep lines from wrapping.
public enum TextWidth {
    public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return scalar.properties.generalCategory == .nonspacingMark ? 0 : 1
        }
    }
}
