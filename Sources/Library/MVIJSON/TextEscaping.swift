/// Rewrites text scalar by scalar: the one loop behind every escaping rule of the package
/// (canonical strings, JSON strings, XML text).
public enum TextEscaping {
    /// `text` with each scalar for which `replacement` returns a string replaced by it.
    public static func map(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // The scalars kept as they are go in runs, one append a run rather than one a scalar.
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var index = runStart
        while index != scalars.endIndex {
            let next = scalars.index(after: index)
            if let replaced = replacement(scalars[index]) {
                out += Substring(scalars[runStart..<index])
                out += replaced
                runStart = next
            }
            index = next
        }
        out += Substring(scalars[runStart..<index])
        return out
    }

    /// Hex of the scalar, zero-padded to `minimumDigits`.
    public static func hex(_ scalar: Unicode.Scalar, minimumDigits: Int, uppercase: Bool = true) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, minimumDigits - digits.count)) + digits
    }

    /// A canonical string (docs/render.md, "Strings"): in double quotes, `"` `\` and line feed,
    /// carriage return and tab escaped, every invisible scalar (`isInvisible`) as `\u{XXXX}`.
    public static func canonicalQuoted(_ text: String) -> String {
        // Printable ASCII other than `"` and `\` stands for itself: most text needs no rewriting.
        // Its bytes are checked in an array (as in `appendJSONQuoted`).
        if Array(text.utf8).allSatisfy({
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }) {
            return "\"" + text + "\""
        }
        return "\""
            + map(text) { scalar in
                switch scalar {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case "\n": return "\\n"
                case "\r": return "\\r"
                case "\t": return "\\t"
                default:
                    guard isInvisible(scalar) else { return nil }
                    return "\\u{" + hex(scalar, minimumDigits: 4) + "}"
                }
            } + "\""
    }

    /// A JSON string literal: `"`, `\` and controls escaped (`\n`, `\r`, `\t`, else `\u00XX`).
    public static func jsonQuoted(_ text: String) -> String {
        var quoted = ""
        appendJSONQuoted(text, to: &quoted)
        return quoted
    }

    /// Appends `text` as a JSON string literal (as `jsonQuoted`) to `out`. Only ASCII bytes are
    /// escaped, and no byte of a multi-byte UTF-8 sequence is ASCII, so the text between two escapes
    /// is valid UTF-8 and copied as it is, in one piece (cut at bytes, not at characters: an escaped
    /// byte may sit inside a grapheme cluster, `\r\n` or `"` and a combining mark, where a slice of
    /// characters would round). The bytes are read from an array, which is several times cheaper a
    /// byte than walking `String.UTF8View` by index.
    public static func appendJSONQuoted(_ text: String, to out: inout String) {
        out += "\""
        let bytes = Array(text.utf8)
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            out += String(decoding: bytes[runStart..<index], as: UTF8.self)
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\n"): out += "\\n"
            case UInt8(ascii: "\r"): out += "\\r"
            case UInt8(ascii: "\t"): out += "\\t"
            default: out += "\\u" + hex(Unicode.Scalar(byte), minimumDigits: 4, uppercase: false)
            }
            runStart = index + 1
        }
        // Text without an escape, most text, is appended as it is: no second copy of its bytes.
        out += runStart == 0 ? text : String(decoding: bytes[runStart...], as: UTF8.self)
        out += "\""
    }

    /// Text for an XML attribute or element. Controls that XML 1.0 cannot carry are written `\u{XXXX}`.
    public static func xmlEscaped(_ text: String) -> String {
        map(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "\n": "&#10;"
            default: scalar.value < 0x20 && scalar != "\t" ? "\\u{" + hex(scalar, minimumDigits: 4) + "}" : nil
            }
        }
    }

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
