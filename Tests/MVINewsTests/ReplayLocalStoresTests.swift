import FixtureFormat
import NewsReplay
import ReplaySeam
import Testing

@testable import MVINews

/// The replay's stores under each `storageFault` (news.91, news.119): which error a read and a
/// write give, and that only a successful write is recorded.
@Suite struct ReplayLocalStoresTests {
    /// The error kind a read and a write give under `fault`, nil for none. The switch has no
    /// default, so a new fault cannot be added without saying what it does here.
    static func expected(_ fault: ReplayStorageFault?) -> (read: String?, write: String?) {
        switch fault {
        case nil: (nil, nil)
        case .corrupt?: ("corrupt", "corrupt")
        case .unwritable?: (nil, "unwritable")
        case .unreadable?: ("unreadable", "unreadable")
        }
    }

    static let faults: [ReplayStorageFault?] = [nil] + ReplayStorageFault.allCases.map { $0 }

    private static func kind(_ error: NewsStorageError) -> String {
        switch error {
        case .corrupt: "corrupt"
        case .unreadable: "unreadable"
        case .unwritable: "unwritable"
        }
    }

    private static func outcome(_ body: () throws(NewsStorageError) -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return kind(error)
        }
    }

    @Test(arguments: faults)
    func theFavouritesFailAsTheirFileWould(fault: ReplayStorageFault?) {
        let output = OutputLog()
        let store = ReplayFavoritesStore(urls: ["https://a"], fault: fault, output: output)
        let read = Self.outcome { () throws(NewsStorageError) in _ = try store.favorites() }
        let write = Self.outcome { () throws(NewsStorageError) in
            try store.setFavorite(true, article: NewsArticle(source: .init(name: ""), url: "https://b"))
        }
        #expect(read == Self.expected(fault).read)
        #expect(write == Self.expected(fault).write)
        let recorded: [ReplayOutput] =
            write == nil ? [.custom(keyword: "favorites", value: .strings(["https://b", "https://a"]))] : []
        #expect(output.take() == recorded)
    }

    @Test(arguments: faults)
    func theHistoryFailsAsItsFileWould(fault: ReplayStorageFault?) {
        let output = OutputLog()
        let store = ReplaySearchHistoryStore(entries: ["Kotlin"], fault: fault, output: output)
        let read = Self.outcome { () throws(NewsStorageError) in _ = try store.entries() }
        let write = Self.outcome { () throws(NewsStorageError) in try store.save(["swift", "Kotlin"]) }
        #expect(read == Self.expected(fault).read)
        #expect(write == Self.expected(fault).write)
        let recorded: [ReplayOutput] =
            write == nil ? [.custom(keyword: "history", value: .strings(["swift", "Kotlin"]))] : []
        #expect(output.take() == recorded)
    }

    @Test func anUnreadableFileNamesTheStoreAndTheFile() {
        let output = OutputLog()
        let favorites = ReplayFavoritesStore(urls: [], fault: .unreadable, output: output)
        #expect(
            throws: NewsStorageError.unreadable(store: "favourites", file: "favorites.json", detail: "is a directory")
        ) {
            try favorites.favorites()
        }
        let history = ReplaySearchHistoryStore(entries: [], fault: .unreadable, output: output)
        #expect(
            throws: NewsStorageError.unreadable(
                store: "search history", file: "search-history.json", detail: "is a directory")
        ) {
            try history.save(["swift"])
        }
    }
}
