/// Turns canonical values into text, per docs/render.md.
public enum CanonicalRender {
    /// The value as lines, without indentation of its own; the first line is the value's head.
    public static func lines(_ value: CanonicalValue) -> [String] {
        switch value {
        case .null, .bool, .integer, .string:
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
        case .integer(let number): String(number)
        case .string(let text): quote(text)
        default: ""
        }
    }

    /// A string in double quotes with escapes; invisible characters become `\u{XXXX}` (docs/render.md, "Strings").
    public static func quote(_ text: String) -> String { TextEscaping.canonicalQuoted(text) }

    /// Controls, separators and format characters that a reader could not see or tell apart: the
    /// closed list of docs/render.md, kept with the escaper (`TextEscaping.isInvisible`).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool { TextEscaping.isInvisible(scalar) }
}
