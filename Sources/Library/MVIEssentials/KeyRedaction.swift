import Foundation

/// Takes API keys out of what a recording writes, replacing whole tokens only, never a part of a
/// word: the one rule of the mock server's proxy recording (docs/mock-server.md, "Proxy and
/// record") and of the scenario recorder (docs/recording.md, "Secrets").
///
/// A key is replaced by `[redacted]` where a key stands:
/// - a JSON string value equal to a key (the body's other bytes are kept as they came);
/// - a header value, or a space-separated word of it (`Bearer <key>`), equal to a key;
/// - the value of an `apiKey` / `api_key` query parameter in a body or header (`…?apiKey=<key>&…`).
///
/// A key of at least ``safeLength`` characters is also replaced wherever it stands as a whole token
/// (between characters that are not letters, digits, `-` or `_`) inside a JSON string, a header
/// value or a text body that is not JSON, such as an error message that quotes it. A shorter key
/// (`k`, `2`) is too likely to be an ordinary word or number for that: it is replaced only in the
/// places above, and the proxy warns (``shortKeys``).
package struct KeyRedaction: Sendable {
    package static let mark = "[redacted]"
    /// The shortest key that is also replaced as a whole token inside text.
    package static let safeLength = 8

    /// The keys, longest first, so that a key containing another is replaced whole.
    package let keys: [String]

    package init(keys: [String]) {
        self.keys = Array(Set(keys.filter { !$0.isEmpty })).sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// The keys too short to be replaced inside text.
    package var shortKeys: [String] { keys.filter { $0.count < Self.safeLength } }

    /// A whole string value (a JSON string's content, an object's key): the mark when it equals a
    /// key, else the value with key parameters and long keys taken out.
    package func value(_ text: String) -> String {
        guard !keys.isEmpty else { return Self.keyParameters(text) }
        return keys.contains(text) ? Self.mark : inText(text[...])
    }

    /// A text that may be a JSON document (an HTTP body): when it is a JSON object or array, each
    /// of its strings as a ``value(_:)`` and every other byte kept; otherwise the whole as a value.
    package func text(_ text: String) -> String {
        guard !keys.isEmpty || text.lowercased().contains("key=") else { return text }
        return Self.isJSONDocument(text) ? jsonText(text) : value(text)
    }

    /// Whether `text` is a JSON object or array.
    static func isJSONDocument(_ text: String) -> Bool {
        guard let first = text.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else { return false }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil
    }

    /// A header value with the keys taken out.
    package func headerValue(_ value: String) -> String {
        guard !keys.isEmpty else { return value }
        let words = value.split(separator: " ", omittingEmptySubsequences: false).map { word in
            keys.contains(String(word)) ? Self.mark : String(word)
        }
        return inText(words.joined(separator: " ")[...])
    }

    // MARK: Text

    /// A JSON text with every string literal's content redacted as a ``value(_:)``; everything
    /// outside the strings (numbers, spaces, punctuation) kept byte for byte.
    package func jsonText(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "\"") {
            result += text[index...open]
            // The closing quote: the first one not escaped by a backslash.
            var cursor = text.index(after: open)
            while cursor < text.endIndex, text[cursor] != "\"" {
                cursor =
                    text.index(cursor, offsetBy: text[cursor] == "\\" ? 2 : 1, limitedBy: text.endIndex)
                    ?? text.endIndex
            }
            let content = text[text.index(after: open)..<min(cursor, text.endIndex)]
            result += value(String(content))
            guard cursor < text.endIndex else { return result }
            result.append("\"")
            index = text.index(after: cursor)
        }
        return result + text[index...]
    }

    /// Free text (a body that is not JSON, a message) with key parameters' values, and long keys
    /// standing as whole tokens, replaced.
    package func inText(_ text: Substring) -> String {
        var result = Self.keyParameters(String(text))
        for key in keys where key.count >= Self.safeLength { result = Self.replacingWholeTokens(key, in: result) }
        return result
    }

    /// `apiKey=abc` and `api_key=abc` (any case, after `?`, `&` or the start) keep their name and lose their value.
    package static func keyParameters(_ text: String) -> String {
        guard text.lowercased().contains("key="),
            let expression = try? Regex(#"(?i)(^|[?&\s])(api_?key)=[^&"\s#]+"#)
        else { return text }
        return text.replacing(expression) { match in
            let parameter = text[match.range]
            return String(parameter.prefix { $0 != "=" }) + "=" + mark
        }
    }

    /// Whether `character` continues a token: letters, digits, `-` and `_`.
    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }

    /// `text` with every occurrence of `key` that is a whole token replaced.
    package static func replacingWholeTokens(_ key: String, in text: String) -> String {
        var result = ""
        var index = text.startIndex
        while let found = text[index...].range(of: key) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
            let whole = !(before.map(isTokenCharacter) ?? false) && !(after.map(isTokenCharacter) ?? false)
            result += text[index..<found.lowerBound]
            if whole {
                result += mark
                index = found.upperBound
            } else {
                // Not a token of its own: keep the first character and look again after it.
                let next = text.index(after: found.lowerBound)
                result += text[found.lowerBound..<next]
                index = next
            }
        }
        return result + text[index...]
    }
}
