/// Turns canonical values into text, per docs/render.md.
public enum CanonicalRender {
    /// The value as lines, without indentation of its own; the first line is the value's head.
    public static func lines(_ value: CanonicalValue) -> [String] {
        switch value {
        case .null, .bool, .int, .string:
            return [scalar(value)]
        case .list(let items):
            var lines = ["[\(items.count)]"]
            for (index, item) in items.enumerated() {
                let itemLines = Self.lines(item)
                lines.append("  [\(index)] " + itemLines[0])
                lines += itemLines.dropFirst().map { "  " + $0 }
            }
            return lines
        case .record(let type, let fields):
            return [type] + fieldLines(fields)
        case .enumCase(let type, let name, let fields):
            return ["\(type).\(name)"] + fieldLines(fields)
        }
    }

    /// The value as text: its lines, each ending in a newline.
    public static func text(_ value: CanonicalValue) -> String {
        lines(value).map { $0 + "\n" }.joined()
    }

    private static func fieldLines(_ fields: [CanonicalValue.Field]) -> [String] {
        var lines: [String] = []
        for field in fields {
            let valueLines = Self.lines(field.value)
            lines.append("  \(field.name): " + valueLines[0])
            lines += valueLines.dropFirst().map { "  " + $0 }
        }
        return lines
    }

    private static func scalar(_ value: CanonicalValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .string(let text): quote(text)
        default: ""
        }
    }

    /// A string in double quotes with escapes; invisible characters become `\u{XXXX}` (docs/render.md, "Strings").
    public static func quote(_ text: String) -> String { TextEscaping.canonicalQuoted(text) }

    /// Controls, separators and format characters that a reader could not see or tell apart.
    /// The list is closed and written in docs/render.md, so every language escapes the same set.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0 and C1 controls, DEL
        case 0xA0, 0xAD: true  // no-break space, soft hyphen
        case 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E: true
        case 0x2000...0x200F: true  // spaces of other widths, zero-width characters, marks
        case 0x2028...0x202F: true  // line and paragraph separators, embeddings, narrow no-break space
        case 0x205F...0x206F: true  // medium math space, word joiner, invisible operators, deprecated formats
        case 0x3000, 0x3164, 0xFEFF, 0xFFA0: true  // ideographic space, fillers, byte order mark
        case 0xFFF9...0xFFFB: true  // interlinear annotation
        case 0xE0000...0xE007F: true  // tags
        default: false
        }
    }
}

