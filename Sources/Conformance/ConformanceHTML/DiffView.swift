import ConformanceKit

/// A scenario's message as the page shows it: the unified diff `LineDiff` wrote, as a table of
/// the golden's numbered lines under the step whose block holds them (`> 6 respond #2 ...`),
/// removed and added lines marked by sign and colour; the rest of the message (the first line,
/// the hint, a port's standard error) as text.
enum DiffView {
    /// The most characters of a message shown: a port's standard error can be long.
    static let maximumMessage = 64 * 1024

    /// One line of a diff.
    struct Row: Equatable {
        enum Kind: Equatable { case same, removed, added, hunk, note }
        var kind: Kind
        /// The golden's line number (nil for an added line, a hunk or a note).
        var golden: Int?
        var text: String
    }

    /// The diff's rows, and the message's lines before and after it.
    static func parse(_ message: String) -> (before: [String], rows: [Row], after: [String]) {
        var before: [String] = []
        var rows: [Row] = []
        var after: [String] = []
        var inDiff = false
        var ended = false
        for line in message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if ended {
                after.append(line)
                continue
            }
            if !inDiff {
                if line.hasPrefix("--- "), line.hasSuffix(" (golden)") {
                    inDiff = true
                } else {
                    before.append(line)
                }
                continue
            }
            if line == "+++ actual transcript" { continue }
            if line.hasPrefix("@@ ") {
                rows.append(Row(kind: .hunk, golden: nil, text: line))
            } else if line.hasPrefix("\\ ") {
                rows.append(Row(kind: .note, golden: nil, text: line))
            } else if let row = numbered(line) {
                rows.append(row)
            } else {
                ended = true
                after.append(line)
            }
        }
        return (before, rows, after)
    }

    /// `  12 | text`, `- 13 | text` or `+    | text`.
    static func numbered(_ line: String) -> Row? {
        guard let sign = line.first, sign == " " || sign == "-" || sign == "+", line.dropFirst().first == " ",
            let bar = line.range(of: " | ")
        else { return nil }
        let number = line[line.index(line.startIndex, offsetBy: 2)..<bar.lowerBound].trimmingCharacters(
            in: .whitespaces)
        let kind: Row.Kind = sign == "-" ? .removed : sign == "+" ? .added : .same
        if kind == .added ? !number.isEmpty : Int(number) == nil { return nil }
        return Row(kind: kind, golden: Int(number), text: String(line[bar.upperBound...]))
    }

    /// The step each golden line belongs to (index 0 is line 1) and each step's echo line, up to
    /// line `last` (a diff near the top of a long golden reads only its top).
    static func steps(golden: String, upTo last: Int) -> (ofLine: [Int?], echo: [Int: (line: Int, text: String)]) {
        var ofLine: [Int?] = []
        var echo: [Int: (line: Int, text: String)] = [:]
        var current: Int?
        let lines = golden.split(separator: "\n", maxSplits: max(0, last), omittingEmptySubsequences: false)
        for (index, line) in lines.prefix(last).enumerated() {
            if line.hasPrefix("> "), let step = Int(line.dropFirst(2).prefix { $0 != " " }) {
                current = step
                echo[step] = (index + 1, String(line))
            }
            ofLine.append(current)
        }
        return (ofLine, echo)
    }

    static func html(message: String, golden: String?, id: String, implementation: String) -> String {
        var message = message
        var cut = ""
        if message.count > maximumMessage {
            message = String(message.prefix(maximumMessage))
            cut = "\n(cut here: the message goes on; the JSON report holds it whole)"
        }
        let (before, rows, after) = parse(message)
        guard !rows.isEmpty else {
            return "<pre>\(HTML.text(message + cut))</pre>\n"
        }
        var html = ""
        let head = before.joined(separator: "\n").trimmingCharacters(in: .newlines)
        if !head.isEmpty { html += "<p>\(HTML.text(head))</p>\n" }
        let last = rows.compactMap(\.golden).max() ?? 0
        let known = golden.map { steps(golden: $0, upTo: last) }
        // Without the golden, the echo lines the diff shows are all there is to go by.
        var echo = known?.echo ?? [:]
        if known == nil {
            for row in rows where row.kind != .added {
                if row.text.hasPrefix("> "), let step = Int(row.text.dropFirst(2).prefix { $0 != " " }),
                    let line = row.golden
                {
                    echo[step] = (line, row.text)
                }
            }
        }
        func step(ofGolden line: Int) -> Int? {
            if let known { return line >= 1 && line <= known.ofLine.count ? known.ofLine[line - 1] : nil }
            return echo.filter { $0.value.line <= line }.max { $0.value.line < $1.value.line }?.key
        }
        html += HTML.wrap("Diff of \(id)") + "<table class=\"diff\">\n<caption>Diff: the golden "
        html += "(<span class=\"sr\">removed lines</span><span aria-hidden=\"true\">-</span>) against "
        html +=
            "\(HTML.text(implementation))'s transcript (<span class=\"sr\">added lines</span><span aria-hidden=\"true\">+</span>)"
        html += " of <code>\(HTML.text(id))</code></caption>\n"
        html += "<thead><tr><th scope=\"col\">golden line</th><th scope=\"col\"><span class=\"sr\">change</span>±</th>"
        html += "<th scope=\"col\">text</th></tr></thead>\n<tbody>\n"
        // Each step's rows are a group of their own, headed by the step's echo.
        var shownStep: Int?
        var lastGolden: Int?
        for row in rows {
            if let line = row.golden { lastGolden = line }
            if row.kind != .hunk, row.kind != .note, let line = row.golden ?? lastGolden,
                let current = step(ofGolden: line), current != shownStep
            {
                shownStep = current
                let echoText =
                    echo[current].map { " (golden line \($0.line)): <code>\(HTML.text($0.text))</code>" } ?? ""
                html += "</tbody>\n<tbody>\n"
                html += "<tr class=\"step\"><th colspan=\"3\" scope=\"rowgroup\">step \(current)\(echoText)</th></tr>\n"
            }
            switch row.kind {
            case .hunk, .note:
                html += "<tr class=\"hunk\"><td colspan=\"3\">\(HTML.text(row.text))</td></tr>\n"
            case .same, .removed, .added:
                let (cls, sign, word) =
                    row.kind == .removed
                    ? ("del", "-", "removed") : row.kind == .added ? ("add", "+", "added") : ("", " ", "")
                html +=
                    "<tr\(cls.isEmpty ? "" : " class=\"\(cls)\"")><td class=\"n\">\(row.golden.map(String.init) ?? "")</td>"
                html += "<td class=\"s\">" + (word.isEmpty ? "" : "<span class=\"sr\">\(word)</span>")
                html +=
                    "<span aria-hidden=\"true\">\(sign)</span></td><td class=\"t\">\(HTML.text(row.text))</td></tr>\n"
            }
        }
        html += "</tbody>\n</table></div>\n"
        let tail = (after.joined(separator: "\n") + cut).trimmingCharacters(in: .newlines)
        if !tail.isEmpty { html += "<pre>\(HTML.text(tail))</pre>\n" }
        return html
    }
}
