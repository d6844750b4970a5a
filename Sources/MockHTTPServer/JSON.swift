import Foundation

/// JSON with ordered object keys, so responses are byte-for-byte deterministic.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.text == rhs.text }

    /// Compact text.
    public var text: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .string(let string): Self.quote(string)
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.map { Self.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Converts a `JSONSerialization` value (objects get sorted keys).
    static func from(_ value: Any) -> JSON {
        switch value {
        case let string as String: return .string(string)
        case let array as [Any]: return .array(array.map(from))
        case let object as [String: Any]: return .object(object.keys.sorted().map { ($0, from(object[$0]!)) })
        case is NSNull: return .null
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .int(number.intValue)
        default: return .null
        }
    }
}

/// The server's fixed data sets, read from `Fixtures/http/`.
public struct MockData: Sendable {
    public struct Cat: Sendable {
        public let id: String
        public let width: Int
        public let height: Int
    }

    public let cats: [Cat]
    /// Articles as JSON objects in the order served, with `language` and `country` kept for filtering.
    public let articles: [[String: JSON]]
    let articleOrder = ["source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content"]

    /// Reads `cats.json` and `news.json` from `directory`.
    public static func load(from directory: URL) throws -> MockData {
        func read(_ name: String) throws -> [String: Any] {
            let url = directory.appendingPathComponent(name)
            let data: Data
            do { data = try Data(contentsOf: url) } catch { throw MockServerError.data("cannot read \(url.path): \(error.localizedDescription)") }
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw MockServerError.data("\(url.path) is not a JSON object")
            }
            return object
        }
        let catsObject = try read("cats.json")
        guard let images = catsObject["images"] as? [[String: Any]] else { throw MockServerError.data("cats.json: field \"images\" must be an array of objects") }
        var cats: [Cat] = []
        for (index, image) in images.enumerated() {
            guard let id = image["id"] as? String, let width = image["width"] as? Int, let height = image["height"] as? Int else {
                throw MockServerError.data("cats.json: images[\(index)] needs a string id and integer width and height")
            }
            cats.append(Cat(id: id, width: width, height: height))
        }
        let newsObject = try read("news.json")
        guard let rawArticles = newsObject["articles"] as? [[String: Any]] else {
            throw MockServerError.data("news.json: field \"articles\" must be an array of objects")
        }
        let articles = rawArticles.map { raw in raw.mapValues(JSON.from) }
        return MockData(cats: cats, articles: articles)
    }

    /// Finds `Fixtures/http`: under `explicit` (a Fixtures folder) if given, else `./Fixtures`,
    /// else the package checkout's.
    public static func locate(fixtures explicit: String? = nil) throws -> MockData {
        var candidates: [URL] = []
        if let explicit {
            candidates.append(URL(fileURLWithPath: explicit).appendingPathComponent("http"))
        } else {
            candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures/http"))
            let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            candidates.append(checkout.appendingPathComponent("Fixtures/http"))
        }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("cats.json").path) {
            return try load(from: candidate)
        }
        throw MockServerError.data("no data set found (looked for cats.json in \(candidates.map(\.path).joined(separator: ", "))); pass --fixtures DIR")
    }
}

/// Errors of the mock server's setup.
public enum MockServerError: Error, CustomStringConvertible, Equatable {
    case invalidHost(String)
    case data(String)
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host): "invalid host \"\(host)\": give an IPv4 address such as 127.0.0.1 (or localhost)"
        case .data(let message): message
        case .alreadyStarted: "the server is already started"
        }
    }
}
