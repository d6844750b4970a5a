import Foundation

/// A unified line diff of a golden file against an actual transcript, byte for byte.
public enum LineDiff {
    enum Edit: Equatable {
        case same(golden: Int, actual: Int)
        case removed(golden: Int)
        case added(actual: Int)
    }

    /// Hunks of `golden` vs `actual` with `context` lines around changes, or nil if their bytes are equal.
    ///
    /// Each line carries its number in the golden file (blank for added lines), so a reader can
    /// jump to it: `  12 |   render ...`, `- 13 |     isLoading: true`, `+    |     isLoading: false`.
    /// A hunk's header names the step its first change belongs to, in a transcript
    /// (`@@ -10,7 +10,7 @@ > 3 start`).
    /// What `String ==` would hide is shown, as `git diff` does: a carriage return as `\r`, a
    /// trailing space or tab as `<SP>` or `<TAB>`, a byte-order mark as `<BOM>`, a missing final
    /// newline as `\ No newline at end of file`, and lines that differ only in Unicode
    /// normalisation with their non-ASCII scalars as `\u{...}`.
    public static func unified(golden: String, actual: String, goldenName: String, context: Int = 3) -> String? {
        unified(golden: Data(golden.utf8), actual: Data(actual.utf8), goldenName: goldenName, context: context)
    }

    /// The same, on the files' bytes.
    public static func unified(golden: Data, actual: Data, goldenName: String, context: Int = 3) -> String? {
        if golden == actual { return nil }
        let old = splitLines(golden)
        let new = splitLines(actual)
        let edits = diff(old, new)
        var out = "--- \(goldenName) (golden)\n+++ actual transcript\n"
        let changeIndices = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        var hunkStart = 0
        var groups: [ClosedRange<Int>] = []
        var current: ClosedRange<Int>?
        for index in changeIndices {
            let range = max(0, index - context)...min(edits.count - 1, index + context)
            if let open = current, range.lowerBound <= open.upperBound + 1 {
                current = open.lowerBound...range.upperBound
            } else {
                if let open = current { groups.append(open) }
                current = range
            }
        }
        if let open = current { groups.append(open) }
        let width = String(old.count).count
        for group in groups {
            hunkStart = group.lowerBound
            let slice = edits[hunkStart...group.upperBound]
            let oldStart = slice.compactMap(Self.goldenIndex).first.map { $0 + 1 } ?? 0
            let newStart = slice.compactMap(Self.actualIndex).first.map { $0 + 1 } ?? 0
            let oldCount = slice.filter { Self.goldenIndex($0) != nil }.count
            let newCount = slice.filter { Self.actualIndex($0) != nil }.count
            let removedTexts = Set(slice.compactMap { if case .removed(let g) = $0 { old[g].text } else { nil } })
            let addedTexts = Set(slice.compactMap { if case .added(let a) = $0 { new[a].text } else { nil } })
            let step = changeIndices.first { group.contains($0) }.flatMap { stepLine(before: $0, edits, old, new) }
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\(step.map { " " + $0 } ?? "")\n"
            for edit in slice {
                switch edit {
                case .same(let g, _): out += "  \(pad(g + 1, width)) | " + old[g].shown(spellingScalars: false)
                case .removed(let g):
                    out += "- \(pad(g + 1, width)) | " + old[g].shown(spellingScalars: addedTexts.contains(old[g].text))
                case .added(let a):
                    out +=
                        "+ \(String(repeating: " ", count: width)) | "
                        + new[a].shown(spellingScalars: removedTexts.contains(new[a].text))
                }
            }
        }
        return out
    }

    /// The transcript's step line (`> 3 start`) that the change at `index` belongs to: the
    /// nearest line starting with `> ` at or before it, as `git diff` names a hunk's function.
    /// Nil for a text that has none (a render or schema golden) before the change.
    private static func stepLine(before index: Int, _ edits: [Edit], _ old: [Line], _ new: [Line]) -> String? {
        for edit in edits[...index].reversed() {
            let line =
                switch edit {
                case .same(let g, _), .removed(let g): old[g]
                case .added(let a): new[a]
                }
            if line.bytes.starts(with: [0x3E, 0x20]) {
                return String(line.shown(spellingScalars: false).prefix { $0 != "\n" })
            }
        }
        return nil
    }

    /// The 1-based golden line at which `golden` and `actual` first differ, or nil when their bytes are equal.
    public static func firstDifferingLine(golden: Data, actual: Data) -> Int? {
        if golden == actual { return nil }
        let old = splitLines(golden)
        let new = splitLines(actual)
        var index = 0
        while index < old.count, index < new.count, old[index].bytes == new[index].bytes { index += 1 }
        return index + 1
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func goldenIndex(_ edit: Edit) -> Int? {
        switch edit {
        case .same(let g, _), .removed(let g): g
        case .added: nil
        }
    }

    private static func actualIndex(_ edit: Edit) -> Int? {
        switch edit {
        case .same(_, let a), .added(let a): a
        case .removed: nil
        }
    }

    /// One line of a file: its bytes (line end excluded) and whether a newline ended it.
    struct Line: Equatable {
        let bytes: [UInt8]
        let hasNewline: Bool

        /// The line as text (invalid UTF-8 shown as U+FFFD), for comparing by canonical equivalence.
        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The line as the diff prints it, what would be invisible spelt out, with its line end(s).
        func shown(spellingScalars: Bool) -> String {
            var scalars = Array(text.unicodeScalars)
            var tail = ""
            while let last = scalars.last, last == " " || last == "\t" || last == "\r" {
                tail = (last == " " ? "<SP>" : last == "\t" ? "<TAB>" : "\\r") + tail
                scalars.removeLast()
            }
            var body = ""
            for scalar in scalars {
                switch scalar {
                case "\u{FEFF}": body += "<BOM>"
                case "\r": body += "\\r"
                case _ where spellingScalars && !scalar.isASCII:
                    body += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                default: body.unicodeScalars.append(scalar)
                }
            }
            return body + tail + "\n" + (hasNewline ? "" : "\\ No newline at end of file\n")
        }
    }

    static func splitLines(_ data: Data) -> [Line] {
        var lines: [Line] = []
        var current: [UInt8] = []
        for byte in data {
            if byte == 0x0A {
                lines.append(Line(bytes: current, hasNewline: true))
                current = []
            } else {
                current.append(byte)
            }
        }
        if !current.isEmpty { lines.append(Line(bytes: current, hasNewline: false)) }
        return lines
    }

    /// Longest common subsequence on the middle part, after the common prefix and suffix.
    static func diff(_ old: [Line], _ new: [Line]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var edits: [Edit] = (0..<prefix).map { .same(golden: $0, actual: $0) }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        let n = oldMiddle.count
        let m = newMiddle.count
        if n * m > 4_000_000 {
            // Too large to align line by line: show the middle as replaced.
            edits += (0..<n).map { .removed(golden: prefix + $0) }
            edits += (0..<m).map { .added(actual: prefix + $0) }
        } else {
            var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] =
                        oldMiddle[i] == newMiddle[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < n || j < m {
                if i < n, j < m, oldMiddle[i] == newMiddle[j] {
                    edits.append(.same(golden: prefix + i, actual: prefix + j))
                    i += 1
                    j += 1
                } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                    edits.append(.removed(golden: prefix + i))
                    i += 1
                } else {
                    edits.append(.added(actual: prefix + j))
                    j += 1
                }
            }
        }
        let oldTail = old.count - suffix
        let newTail = new.count - suffix
        edits += (0..<suffix).map { .same(golden: oldTail + $0, actual: newTail + $0) }
        return edits
    }
}
