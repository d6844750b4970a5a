import Foundation
import MVIEssentials
import MVIJSON

/// The server's fixed data sets, read from `Fixtures/http/`: `cats.json` for The Cat API and
/// `news-articles.json` for NewsAPI.
public struct MockData: Sendable {
    public struct Cat: Sendable {
        public let id: String
        public let width: Int
        public let height: Int
    }

    /// Where a data set was found.
    public enum Source: Sendable, Equatable {
        /// `--fixtures DIR` (or the `fixtures:` argument).
        case explicit
        /// `./Fixtures` of the working folder.
        case workingDirectory
        /// The package checkout's `Fixtures`, when neither was there.
        case checkout
    }

    /// The folder the data set was read from (`.../Fixtures/http`).
    public let folder: URL
    /// How `locate` found it; `.explicit` for `load(from:)`.
    public var source = Source.explicit
    public let cats: [Cat]
    /// Articles in the order served (newest first), each with `language` and `country` kept for filtering.
    public let articles: [JSONObject]
    /// The fields of an article as NewsAPI sends them, in its order.
    static let articleFields = [
        "source", "author", "title", "description", "url", "urlToImage", "publishedAt", "content",
    ]

    /// The data set files, in `Fixtures/http/`.
    public static let catsFile = "cats.json"
    public static let newsFile = "news-articles.json"

    /// No cats and no articles: for a server that answers only stubs, or holds every request.
    public static let empty = MockData(folder: URL(fileURLWithPath: "/dev/null"), cats: [], articles: [])

    /// Reads the data sets from `directory`.
    public static func load(from directory: URL) throws(MockServerError) -> MockData {
        let catsFile = directory.appendingPathComponent(Self.catsFile).path
        let images = try objects(try read(catsFile)["images"], field: "images", in: catsFile)
        var cats: [Cat] = []
        for (index, image) in images.enumerated() {
            guard case .string(let id)? = image["id"], let width = image["width"]?.wholeNumber,
                let height = image["height"]?.wholeNumber
            else {
                throw .invalidData(
                    path: catsFile, field: "images[\(index)]",
                    problem: "needs a string id and whole number width and height")
            }
            cats.append(Cat(id: id, width: width, height: height))
        }
        let newsFile = directory.appendingPathComponent(Self.newsFile).path
        let articles = try objects(try read(newsFile)["articles"], field: "articles", in: newsFile)
        for (index, article) in articles.enumerated() {
            guard case .string? = article["url"], case .object? = article["source"] else {
                throw .invalidData(
                    path: newsFile, field: "articles[\(index)]", problem: "needs a string url and a source object")
            }
        }
        return MockData(folder: directory, cats: cats, articles: articles)
    }

    private static func read(_ path: String) throws(MockServerError) -> JSONObject {
        let data: Data
        do { data = try FileBytes.readRegular(URL(fileURLWithPath: path), limit: Stub.maximumFileBytes) } catch {
            throw .unreadableData(path: path, reason: "the file \(error)")
        }
        let value: JSONValue
        do throws(JSONReadError) { value = try JSONValue.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw .invalidData(path: path, field: "the text", problem: error.description)
        }
        guard case .object(let object) = value else {
            throw .invalidData(path: path, field: "the top level", problem: "expected an object")
        }
        return object
    }

    private static func objects(_ value: JSONValue?, field: String, in path: String) throws(MockServerError)
        -> [JSONObject]
    {
        guard case .array(let items)? = value else {
            throw .invalidData(path: path, field: field, problem: "expected an array of objects")
        }
        var objects: [JSONObject] = []
        for (index, item) in items.enumerated() {
            guard case .object(let object) = item else {
                throw .invalidData(path: path, field: "\(field)[\(index)]", problem: "expected an object")
            }
            objects.append(object)
        }
        return objects
    }

    /// Finds `Fixtures/http`: under `explicit` (a Fixtures folder) if given, else `./Fixtures`,
    /// else the package checkout's. `source` says which, so that a server can say where its data
    /// comes from rather than fall back without a word.
    public static func locate(
        fixtures explicit: String? = nil, workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(MockServerError) -> MockData {
        var candidates: [(URL, Source)] = []
        if let explicit {
            candidates.append((URL(fileURLWithPath: explicit).appendingPathComponent("http"), .explicit))
        } else {
            candidates.append(
                (URL(fileURLWithPath: workingDirectory).appendingPathComponent("Fixtures/http"), .workingDirectory))
            let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
            candidates.append((checkout.appendingPathComponent("Fixtures/http"), .checkout))
        }
        for (candidate, source) in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent(catsFile).path) {
            var data = try load(from: candidate)
            data.source = source
            return data
        }
        throw .noDataSet(searched: candidates.map(\.0.path), fixtures: explicit)
    }

    /// The line a server prints about its data set: where it is and how it was found.
    public var summary: String {
        switch source {
        case .explicit: "data set: \(folder.path)"
        case .workingDirectory: "data set: \(folder.path) (./Fixtures; pass --fixtures DIR for another)"
        case .checkout:
            "data set: \(folder.path) (the package checkout's: there is no Fixtures/http in the working folder; pass --fixtures DIR for another)"
        }
    }
}

/// Errors of the mock server's setup.
public enum MockServerError: Error, CustomStringConvertible, Equatable {
    case invalidHost(String)
    /// A data set file could not be read.
    case unreadableData(path: String, reason: String)
    /// A data set file is not what the server serves: the file, the field and what is wrong.
    case invalidData(path: String, field: String, problem: String)
    /// No folder with the data sets was found in these places; `fixtures` is the `--fixtures` folder
    /// when one was given.
    case noDataSet(searched: [String], fixtures: String?)
    case alreadyStarted

    public var description: String {
        switch self {
        case .invalidHost(let host): "invalid host \"\(host)\": give an IPv4 address such as 127.0.0.1 (or localhost)"
        case .unreadableData(let path, let reason): "cannot read \(path): \(reason)"
        case .invalidData(let path, let field, let problem): "\(path): \(field): \(problem)"
        case .noDataSet(let searched, let fixtures?):
            "no data set in --fixtures \(fixtures): looked for \(MockData.catsFile) in \(searched.joined(separator: ", ")), which "
                + "does not hold it; give the folder whose http/ subfolder holds the data set (the checkout's Fixtures does)"
        case .noDataSet(let searched, nil):
            "no data set found (looked for \(MockData.catsFile) in \(searched.joined(separator: ", "))); pass --fixtures DIR"
        case .alreadyStarted: "the server is already started"
        }
    }
}
