import Foundation
import MockHTTPServer
import Testing

/// Subject: reading the data sets; a file that is not what the server serves names the file and field.
@Suite struct MockDataTests {
    /// A folder with `cats.json` and, unless nil, `news-articles.json` holding `news`.
    private func folder(news: String?, cats: String = #"{"images": [{"id": "a", "width": 1, "height": 2}]}"#) throws
        -> URL
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(cats.utf8).write(to: directory.appendingPathComponent(MockData.catsFile))
        if let news { try Data(news.utf8).write(to: directory.appendingPathComponent(MockData.newsFile)) }
        return directory
    }

    @Test func theDataSetsInFixturesLoad() throws {
        let data = try MockData.locate()
        #expect(data.cats.count == 120)
        #expect(data.articles.count == 181)
    }

    @Test(arguments: [
        (#"{"articles": [{"url": "u"}]}"#, "articles[0]: needs a string url and a source object"),
        (#"{"articles": {}}"#, "articles: expected an array of objects"),
        (#"{"articles": [7]}"#, "articles[0]: expected an object"),
        (#"[]"#, "the top level: expected an object"),
        (#"{"articles": [], "articles": []}"#, #"the text: not valid JSON (duplicate key "articles" at column 18)"#),
    ])
    func aBadNewsFileNamesTheFileAndTheField(news: String, message: String) throws {
        let directory = try folder(news: news)
        let path = directory.appendingPathComponent(MockData.newsFile).path
        #expect(throws: MockServerError.self) { try MockData.load(from: directory) }
        do {
            _ = try MockData.load(from: directory)
        } catch {
            #expect(error.description == "\(path): \(message)")
        }
    }

    @Test func aCatWithoutItsSizeNamesTheImage() throws {
        let directory = try folder(
            news: #"{"articles": []}"#,
            cats: #"{"images": [{"id": "a", "width": 1, "height": 2}, {"id": "b", "width": 1.5}]}"#)
        #expect(
            throws: MockServerError.invalidData(
                path: directory.appendingPathComponent(MockData.catsFile).path, field: "images[1]",
                problem: "needs a string id and whole number width and height")
        ) { try MockData.load(from: directory) }
    }

    @Test func aMissingNewsFileIsUnreadable() throws {
        let directory = try folder(news: nil)
        do {
            _ = try MockData.load(from: directory)
            Issue.record("expected an error")
        } catch {
            guard case .unreadableData(let path, _) = error else {
                Issue.record("expected unreadableData, got \(error)")
                return
            }
            #expect(path == directory.appendingPathComponent(MockData.newsFile).path)
        }
    }

    /// A FIFO in a data set file's place is refused unread and without blocking, and named.
    @Test(.timeLimit(.minutes(1))) func aDataSetFileThatIsAFIFOIsRefusedUnread() throws {
        let directory = try folder(news: nil)
        let path = directory.appendingPathComponent(MockData.newsFile).path
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: MockServerError.unreadableData(path: path, reason: "the file is a FIFO, not a regular file")) {
            try MockData.load(from: directory)
        }
    }
}
