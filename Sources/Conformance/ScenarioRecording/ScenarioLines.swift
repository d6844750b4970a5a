import FixtureFormat
import Foundation
import MVIEssentials

/// Writes scenario lines as the fixtures are written: one JSON object per line, `"key": value`
/// pairs separated by `, `, in the order given (docs/fixtures.md).
enum ScenarioLines {
    static func line(_ object: JSONObject) -> String { text(.object(object)) }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            "{" + object.members.map { TextEscaping.jsonQuoted($0.key) + ": " + text($0.value) }.joined(separator: ", ")
                + "}"
        case .array(let items): "[" + items.map(text).joined(separator: ", ") + "]"
        default: value.compactText
        }
    }
}

/// Keeps secrets out of what a recording writes, by the one rule the proxy's recording also follows
/// (`KeyRedaction`): a string equal to the API key of the live service, the value of any `apiKey=` /
/// `api_key=` parameter, and a key of 8 characters or more standing as a whole token inside a
/// string become `[redacted]`; a shorter key is never looked for inside a word (`k` in `kittens`).
struct Redactor: Sendable {
    static let mark = KeyRedaction.mark
    let redaction: KeyRedaction

    init(secrets: [String?]) { redaction = KeyRedaction(keys: secrets.compactMap { $0 }) }

    /// `value` with every string (and key) redacted.
    func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        // A string may hold a whole HTTP body: a JSON one is redacted string by string.
        case .string(let text): .string(redaction.text(text))
        case .array(let items): .array(items.map(redact))
        case .object(let object):
            .object(JSONObject(object.members.map { (redaction.value($0.key), redact($0.value)) }))
        default: value
        }
    }

    /// Free text (a problem's message) with the keys taken out.
    func redact(_ text: String) -> String { redaction.value(text) }
}

/// Writes one origin in place of another in every string of a value: `http://127.0.0.1:49152/images/a.png`
/// becomes `http://mock-server.test/images/a.png`. The origin is replaced where it is whole: followed by
/// the end of the string, `/`, `?` or `#` (so port 4915 is not a prefix of port 49152).
public struct OriginRewrite: Sendable {
    public let from: String
    public let to: String

    public init(from: URL, to: URL) {
        self.from = Self.origin(from)
        self.to = Self.origin(to)
    }

    /// `scheme://host[:port]`, without a path.
    public static func origin(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let scheme = components.scheme,
            let host = components.host
        else { return url.absoluteString }
        return scheme + "://" + host + (components.port.map { ":\($0)" } ?? "")
    }

    func rewrite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(rewrite(text))
        case .array(let items): .array(items.map(rewrite))
        case .object(let object): .object(JSONObject(object.members.map { ($0.key, rewrite($0.value)) }))
        default: value
        }
    }

    public func rewrite(_ text: String) -> String {
        guard !from.isEmpty, text.contains(from) else { return text }
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: from) {
            let next = rest[range.upperBound...].first
            let whole = next == nil || next == "/" || next == "?" || next == "#"
            result += rest[..<range.lowerBound] + (whole ? to : from)
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
