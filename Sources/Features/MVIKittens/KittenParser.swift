import Foundation
import MVIJSON

/// Reads The Cat API's `/v1/images/search` body: a JSON array whose elements carry a `"url"` string.
///
/// Everything else in an element is ignored. `[]` is zero images, not an error.
public struct KittenParser: Sendable {
    public init() {}

    /// The largest body the parser reads: 8 MiB, far above a page of 50 images (about 5 KiB), so
    /// that a misbehaving server cannot make the app hold an unbounded document.
    public static let maximumBodyBytes = 8 << 20

    /// The image URLs in `body`, in order.
    ///
    /// The body is read by the package's strict JSON reader (MVIJSON): text that is not UTF-8,
    /// duplicate keys and lone surrogates are errors rather than silent losses, and a string keeps
    /// every scalar it holds (a leading U+FEFF included).
    public func parse(_ body: Data) throws(KittenParseError) -> [String] {
        guard body.count <= Self.maximumBodyBytes else {
            throw .tooLarge(bytes: body.count, limit: Self.maximumBodyBytes)
        }
        guard let text = String(data: body, encoding: .utf8) else { throw .notJSON(Self.preview(body)) }
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw .notJSON(Self.preview(body))
        }
        guard case .array(let elements) = json else {
            throw .notAnArray(found: json.typeName)
        }
        var urls: [String] = []
        urls.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .object(let object) = element else {
                throw .elementNotAnObject(index: index, found: element.typeName)
            }
            guard let url = object["url"] else {
                throw .missingURL(index: index)
            }
            guard case .string(let string) = url else {
                throw .urlNotAString(index: index, found: url.typeName)
            }
            urls.append(string)
        }
        return urls
    }

    /// The start of a body for messages: at most 40 characters, quoted and escaped as a canonical
    /// string (docs/render.md, "Strings"), by the package's one escaper.
    static func preview(_ body: Data) -> String {
        if body.isEmpty { return "an empty body" }
        let text = String(decoding: body.prefix(40), as: UTF8.self)
        return TextEscaping.canonicalQuoted(text) + (body.count > 40 ? " (\(body.count) bytes)" : "")
    }
}

/// What was wrong with a body the parser could not read.
public enum KittenParseError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The body is not JSON; carries the body's start.
    case notJSON(String)
    /// The JSON is not an array; carries the JSON type found.
    case notAnArray(found: String)
    /// The element at `index` is not an object.
    case elementNotAnObject(index: Int, found: String)
    /// The element at `index` has no `"url"`.
    case missingURL(index: Int)
    /// The element at `index` has a `"url"` that is not a string.
    case urlNotAString(index: Int, found: String)
    /// The body is larger than `KittenParser.maximumBodyBytes`.
    case tooLarge(bytes: Int, limit: Int)

    public var description: String {
        switch self {
        case .notJSON(let preview): "the body is not JSON: \(preview)"
        case .notAnArray(let found): "expected a JSON array of images, found \(found)"
        case .elementNotAnObject(let index, let found):
            "element [\(index)] is \(found), expected an object with a \"url\""
        case .missingURL(let index): "element [\(index)] has no \"url\""
        case .urlNotAString(let index, let found):
            "element [\(index)] has a \"url\" that is \(found), expected a string"
        case .tooLarge(let bytes, let limit): "the body holds \(bytes) bytes, over the limit of \(limit)"
        }
    }
}
