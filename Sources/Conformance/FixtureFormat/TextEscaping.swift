/// Rewrites text scalar by scalar: the one loop behind every escaping rule of the package
/// (canonical strings, JSON strings, XML text).
public enum TextEscaping {
    /// `text` with each scalar for which `replacement` returns a string replaced by it.
    public static func map(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out += replaced
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Hex of the scalar, zero-padded to `minimumDigits`.
    public static func hex(_ scalar: Unicode.Scalar, minimumDigits: Int, uppercase: Bool = true) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, minimumDigits - digits.count)) + digits
    }

    /// A canonical string (docs/render.md, "Strings"): in double quotes, `"` `\` and line feed,
    /// carriage return and tab escaped, every invisible scalar (`CanonicalRender.isInvisible`) as `\u{XXXX}`.
    public static func canonicalQuoted(_ text: String) -> String {
        "\"" + map(text) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            default:
                guard CanonicalRender.isInvisible(scalar) else { return nil }
                return "\\u{" + hex(scalar, minimumDigits: 4) + "}"
            }
        } + "\""
    }

    /// A JSON string literal: `"`, `\` and controls escaped (`\n`, `\r`, `\t`, else `\u00XX`).
    public static func jsonQuoted(_ text: String) -> String {
        "\"" + map(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? "\\u" + hex(scalar, minimumDigits: 4, uppercase: false) : nil
            }
        } + "\""
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
}
