/// The escape sequences the demo writes (ECMA-48 and the xterm extensions every terminal emulator has).
enum TerminalCodes {
    /// Alternate screen on, cursor hidden, screen cleared.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    /// Style reset, cursor shown, alternate screen off (the shell's screen comes back as it was).
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    static let clear = "\u{1B}[0m\u{1B}[H\u{1B}[2J"

    /// The bytes that turn the screen showing `previous` into one showing `lines`: each changed
    /// line rewritten at its row, whole, then the style reset.
    static func frame(_ lines: [ScreenLine], previous: [ScreenLine]) -> String {
        var out = ""
        for (row, line) in lines.enumerated() where row >= previous.count || previous[row] != line {
            out += "\u{1B}[\(row + 1);1H"
            for span in line.spans {
                out += span.style == .plain ? "\u{1B}[0m" : span.style.escape
                out += span.text
            }
            out += "\u{1B}[0m"
        }
        return out
    }
}
