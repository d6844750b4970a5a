import Foundation
import MVIImagePipeline
import MVIKittens
import MVINews
import MockHTTPServer
import ScenarioRecording

/// What the demo's features talk to: the mock server (or the endpoint given), the data sources,
/// the image pipeline and the files of favourites and search history.
final class DemoServices {
    let server: MockServer?
    let baseURL: URL
    let kittens: KittenHTTPDataSource
    let news: NewsHTTPDataSource
    let pipeline: ImagePipeline
    let favorites: JSONFileFavoritesStore
    let history: JSONFileSearchHistoryStore
    /// The temporary folder to remove at exit; nil when the data folder was given.
    private let temporary: URL?

    /// The key sent to the mock server's NewsAPI, which takes any key.
    static let mockNewsKey = "mvi-demo"

    /// What names the in-process mock server, whose port is of the moment, in the image cache's
    /// keys and in recorded scenarios: `http://mock-server.test/images/a.png`.
    static let mockServerOrigin = URL(string: "http://mock-server.test")!

    /// The image cache's key: an image of the in-process mock server (`server`) is named by its path
    /// under `mockServerOrigin`, so a later run, on another port, finds it on disk; any other image
    /// by its address.
    static func imageCacheKey(server: URL?) -> @Sendable (URL) -> String {
        guard let server else { return { $0.absoluteString } }
        let origin = OriginRewrite(from: server, to: mockServerOrigin)
        return { origin.rewrite($0.absoluteString) }
    }

    /// Starts the mock server unless `options` names an endpoint.
    /// - Throws: `DemoError` when the data set, the port or the folders cannot be had.
    init(options: DemoOptions) throws(DemoError) {
        if let endpoint = options.endpoint {
            server = nil
            baseURL = endpoint
        } else {
            do {
                let data = try MockData.locate(fixtures: options.fixtures)
                let server = MockServer(configuration: .init(data: data, log: { _ in }))
                try server.start()
                self.server = server
                baseURL = server.baseURL
            } catch {
                throw .mockServer("\(error)")
            }
        }
        let folder =
            options.dataDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("mvi-demo-\(UUID().uuidString)")
        temporary = options.dataDirectory == nil ? folder : nil
        kittens = KittenHTTPDataSource(baseURL: baseURL, apiKey: options.catAPIKey, timeout: 10)
        news = NewsHTTPDataSource(
            baseURL: baseURL, apiKey: options.newsAPIKey ?? (server != nil ? Self.mockNewsKey : nil), timeout: 10)
        favorites = JSONFileFavoritesStore(url: folder.appendingPathComponent("favourites.json"))
        history = JSONFileSearchHistoryStore(url: folder.appendingPathComponent("search-history.json"))
        do {
            pipeline = ImagePipeline(
                loader: URLSessionImageDataLoader(timeout: 10), memoryCache: try ImageMemoryCache(),
                diskCache: try ImageDiskCache(directory: folder.appendingPathComponent("images")),
                configuration: .init(cacheKey: Self.imageCacheKey(server: server?.baseURL)))
        } catch {
            server?.stop()
            throw .folder(folder.path, "\(error)")
        }
    }

    /// Stops the server and removes the temporary folder.
    func stop() {
        server?.stop()
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
    }
}

/// Why the demo could not start.
public enum DemoError: Error, Equatable, Sendable, CustomStringConvertible {
    case mockServer(String)
    case folder(String, String)

    public var description: String {
        switch self {
        case .mockServer(let detail): "cannot start the mock server: \(detail)"
        case .folder(let path, let detail): "cannot use the data folder \(path): \(detail)"
        }
    }
}
