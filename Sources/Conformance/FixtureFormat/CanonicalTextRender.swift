/// Turns canonical values into text, per docs/render.md.
public enum CanonicalRender {
    /// The value as lines, without indentation of its own; the first line is the value's head.
    public static func lines(_ value: CanonicalValue) -> [String] {
        var lines: [String] = []
        appendLines(value, head: "", indent: "", to: &lines)
        return lines
    }

    /// Appends the value's lines to `lines`: the first is `head` followed by the value's head, every
    /// other line is indented by `indent` and then as `lines(_:)` indents it. One pass, each line
    /// written once (a nested value's lines are not copied again at each level above it).
    public static func appendLines(_ value: CanonicalValue, head: String, indent: String, to lines: inout [String]) {
        switch value {
        case .null, .bool, .integer, .string:
            lines.append(head + scalar(value))
        case .list(let items):
            lines.append(head + "[\(items.count)]")
            let inner = indent + "  "
            for (index, item) in items.enumerated() {
                appendLines(item, head: inner + "[\(index)] ", indent: inner, to: &lines)
            }
        case .record(let type, let fields):
            lines.append(head + type)
            appendFields(fields, indent: indent + "  ", to: &lines)
        case .enumCase(let type, let name, let fields):
            lines.append(head + type + "." + name)
            appendFields(fields, indent: indent + "  ", to: &lines)
        }
    }

    /// The value as text: its lines, each ending in a newline.
    public static func text(_ value: CanonicalValue) -> String {
        var text = ""
        for line in lines(value) {
            text += line
            text += "\n"
        }
        return text
    }

    private static func appendFields(_ fields: [CanonicalValue.Field], indent: String, to lines: inout [String]) {
        for field in fields {
            appendLines(field.value, head: indent + field.name + ": ", indent: indent, to: &lines)
        }
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
