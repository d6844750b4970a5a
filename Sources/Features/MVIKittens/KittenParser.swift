import Foundation

/// Reads The Cat API's `/v1/images/search` body: a JSON array whose elements carry a `"url"` string.
///
/// Everything else in an element is ignored. `[]` is zero images, not an error.
public struct KittenParser: Sendable {
    public init() {}

    /// The image URLs in `body`, in order.
    public func parse(_ body: Data) throws(KittenParseError) -> [String] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        } catch {
            throw .notJSON(Self.preview(body))
        }
        guard let elements = json as? [Any] else {
            throw .notAnArray(found: Self.typeName(json))
        }
        var urls: [String] = []
        urls.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let object = element as? [String: Any] else {
                throw .elementNotAnObject(index: index, found: Self.typeName(element))
            }
            guard let url = object["url"] else {
                throw .missingURL(index: index)
            }
            guard let string = url as? String else {
                throw .urlNotAString(index: index, found: Self.typeName(url))
            }
            urls.append(string)
        }
        return urls
    }

    /// The JSON type of a value from `JSONSerialization`.
    static func typeName(_ value: Any) -> String {
        switch value {
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        case is NSNull: return "null"
        case let number as NSNumber:
            // JSON booleans come back as NSNumber with the "char" encoding on every platform.
            return String(cString: number.objCType) == "c" ? "boolean" : "number"
        default: return String(describing: type(of: value))
        }
    }

    /// The start of a body for messages: at most 40 characters, invisible ones escaped.
    static func preview(_ body: Data) -> String {
        if body.isEmpty { return "an empty body" }
        let text = String(decoding: body.prefix(40), as: UTF8.self)
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(escaped)\"" + (body.count > 40 ? " (\(body.count) bytes)" : "")
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

    public var description: String {
        switch self {
        case .notJSON(let preview): "the body is not JSON: \(preview)"
        case .notAnArray(let found): "expected a JSON array of images, found \(found)"
        case .elementNotAnObject(let index, let found): "element [\(index)] is \(found), expected an object with a \"url\""
        case .missingURL(let index): "element [\(index)] has no \"url\""
        case .urlNotAString(let index, let found): "element [\(index)] has a \"url\" that is \(found), expected a string"
        }
    }
}
