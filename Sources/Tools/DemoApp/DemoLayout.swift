import TerminalUI

/// Everything one frame shows, as values: the layout turns it into lines.
public struct DemoFrame: Equatable, Sendable {
    /// The tabs' names, and which one is shown.
    public var tabs: [String]
    public var selectedTab: Int
    /// The clock shown at the top right (`virtual time 0:05`); nil for none.
    public var clock: String?
    /// The shown tab's body.
    public var body: [ScreenLine]
    /// The status line; empty for none.
    public var status: String
    /// The keys the bottom line lists.
    public var keys: [KeyHelp]

    public init(tabs: [String], selectedTab: Int, clock: String?, body: [ScreenLine], status: String, keys: [KeyHelp]) {
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.clock = clock
        self.body = body
        self.status = status
        self.keys = keys
    }
}

/// The demo's screen layout: a title line with the tabs, the body, a status line and the keys.
public enum DemoLayout {
    /// The smallest screen the layout fills; a smaller one shows a line asking for more room.
    public static let minimumSize = (columns: 80, rows: 24)

    /// Whether a screen of `columns` x `rows` holds the layout.
    public static func fits(columns: Int, rows: Int) -> Bool {
        columns >= minimumSize.columns && rows >= minimumSize.rows
    }

    /// Lines of the body for a screen of `rows` rows.
    public static func bodyHeight(rows: Int) -> Int { rows - 4 }

    /// The frame as `rows` lines of exactly `columns` columns.
    public static func lines(_ frame: DemoFrame, columns: Int, rows: Int) -> [ScreenLine] {
        guard fits(columns: columns, rows: rows) else {
            let message = [
                ScreenLine("mvi-demo needs at least 80x24; this terminal is \(columns)x\(rows)."),
                ScreenLine("Until it is bigger, keys do nothing but quit (q, ^C)."),
            ]
            return (message + Array(repeating: ScreenLine(""), count: max(0, rows - message.count))).map {
                $0.fitted(to: columns)
            }
        }
        var title: [Span] = [Span(" MVI demo ", .strong)]
        for (index, name) in frame.tabs.enumerated() {
            title.append(Span(" "))
            title.append(index == frame.selectedTab ? Span("[\(name)]", .highlighted) : Span(" \(name) "))
        }
        if let clock = frame.clock {
            let used = TextWidth.of(title.map(\.text).joined())
            let gap = max(1, columns - used - TextWidth.of(clock) - 1)
            title.append(Span(String(repeating: " ", count: gap) + clock))
        }
        let rule = ScreenLine(String(repeating: "─", count: columns))
        let height = bodyHeight(rows: rows)
        var body = Array(frame.body.prefix(height))
        body += Array(repeating: ScreenLine(""), count: height - body.count)
        let keys = frame.keys.map { "\($0.key) \($0.action)" }.joined(separator: "  ")
        return
            ([ScreenLine(title), rule] + body + [
                ScreenLine(frame.status, .strong), ScreenLine(" " + keys, .highlighted),
            ])
            .map { $0.fitted(to: columns) }
    }

    /// The first row to show of a list of `count` rows in `height` rows so that `selected` is in view.
    public static func firstRow(selected: Int, count: Int, height: Int) -> Int {
        guard count > height, height > 0 else { return 0 }
        return min(max(0, selected - height / 2), count - height)
    }

    /// `text` cut into lines of at most `width` columns, at spaces where it can.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                while TextWidth.of(word) > width {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                    }
                    lines.append(String(word.prefix(width)))
                    word = String(word.dropFirst(width))
                }
                if line.isEmpty {
                    line = word
                } else if TextWidth.of(line) + 1 + TextWidth.of(word) <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = word
                }
            }
            lines.append(line)
        }
        return lines
    }
}
