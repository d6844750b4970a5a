import Foundation

/// A JSON value read from one fixture line, with the accessors the scenario reader needs.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses one JSON text. Throws a message that says what is wrong.
    public static func parse(_ text: String) throws(JSONReadError) -> JSONValue {
        let raw: Any
        do {
            raw = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            throw JSONReadError(message: "not valid JSON (\(Self.reason(error)))")
        }
        return convert(raw)
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }

    private static func convert(_ raw: Any) -> JSONValue {
        switch raw {
        case let text as String: return .string(text)
        case let array as [Any]: return .array(array.map(convert))
        case let object as [String: Any]: return .object(object.mapValues(convert))
        case is NSNull: return .null
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        default: return .null
        }
    }

    /// The JSON type's name, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Serializes the value (keys sorted, no spaces), e.g. to make a response body from `"json"`.
    public var compactText: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .string(let text): return Self.quoteJSON(text)
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { Self.quoteJSON($0) + ":" + fields[$0]!.compactText }.joined(separator: ",") + "}"
        }
    }

    private static func quoteJSON(_ text: String) -> String {
        "\"" + TextEscaping.map(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? "\\u" + TextEscaping.hex(scalar, minimumDigits: 4, uppercase: false) : nil
            }
        } + "\""
    }
}

/// Why a line is not JSON.
public struct JSONReadError: Error, Equatable {
    public let message: String
}
