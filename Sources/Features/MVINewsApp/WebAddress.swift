/// An absolute address as the News app reads one (docs/features/news-app.md, "Routes and deep
/// links"): `scheme://[userinfo@]host[:port][/path][?query][#fragment]`, by its characters alone,
/// with nothing decoded, so that every port reads the same host from the same text.
enum WebAddress {
    /// The host of `text`, as written (an IP literal keeps its brackets, `%` escapes stay), or nil
    /// when `text` is no absolute address: no `scheme://`, an empty host, or a character outside
    /// printable ASCII or one of space `"` `<` `>` `\` `^` `` ` `` `{` `|` `}` in the authority.
    /// What follows the authority (path, query, fragment) is not read.
    static func host(of text: String) -> String? {
        guard let separator = text.range(of: "://"), isScheme(text[..<separator.lowerBound]) else { return nil }
        var authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let excluded: Set<Unicode.Scalar> = [" ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}"]
        guard authority.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) && !excluded.contains($0) }) else {
            return nil
        }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[...close]
        } else {
            host = authority.prefix { $0 != ":" }
        }
        return host.isEmpty ? nil : String(host)
    }

    /// The scheme of `text` in lower case when `text` has a host (`host(of:)`), else nil.
    static func scheme(of text: String) -> String? {
        guard host(of: text) != nil, let separator = text.range(of: "://") else { return nil }
        return text[..<separator.lowerBound].lowercased()
    }

    /// A letter, then letters, digits, `+`, `-` and `.` (RFC 3986, "Scheme").
    private static func isScheme(_ text: Substring) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }
}
