import FixtureFormat
import MVINews
import ReplaySeam

/// A way a replay's local store fails, as a scenario's config sets it: the disk under the store.
public enum ReplayStorageFault: String, Sendable, CaseIterable {
    /// The file does not decode: reads fail with `corrupt`, and so do writes (the file is never overwritten).
    case corrupt
    /// The file reads, but every write fails with `unwritable`.
    case unwritable
    /// The file is there but cannot be read at all (a folder where the file should be): reads fail
    /// with `unreadable`, and so do writes, which read the file first as the JSON file stores'
    /// read-modify-write does (the file is never written).
    case unreadable
}

/// The "disk" under a replay store: its fault, and the reaction each successful write records.
struct ReplayDisk: Sendable {
    /// The store's name in error texts (`favourites`, `search history`).
    let store: String
    /// The file named in error texts.
    let file: String
    /// The reaction keyword of a write (`favorites`, `history`).
    let keyword: String
    let fault: ReplayStorageFault?
    let output: OutputLog

    /// Fails as a read of the file would.
    func checkRead() throws(NewsStorageError) {
        switch fault {
        case .corrupt?: throw .corrupt(store: store, file: file, detail: "not valid JSON")
        case .unreadable?: throw .unreadable(store: store, file: file, detail: "is a directory")
        case .unwritable?, nil: break
        }
    }

    /// Fails as a write would; otherwise `write` runs and its result is recorded as `<keyword> [n]`.
    func write(_ write: () throws(NewsStorageError) -> [String]) throws(NewsStorageError) {
        switch fault {
        case .corrupt?: throw .corrupt(store: store, file: file, detail: "not valid JSON")
        case .unwritable?: throw .unwritable(store: store, file: file, detail: "no space left on device")
        case .unreadable?: throw .unreadable(store: store, file: file, detail: "is a directory")
        case nil: output.append(.custom(keyword: keyword, value: .strings(try write())))
        }
    }
}

/// The favourites of a replay: in memory for one scenario (they outlive `restore`, as a file
/// outlives the process), or at the wire level a file store (`init(recording:output:)`), each
/// write recorded as `favorites [n]` with the urls, most recent first.
public final class ReplayFavoritesStore: FavoritesStore {
    /// The file named in storage errors.
    public static let file = "favorites.json"
    private let stored: any FavoritesStore
    private let disk: ReplayDisk

    /// - Parameters:
    ///   - urls: the favourites the scenario starts with, most recent first (articles with only a url).
    ///   - fault: how the store fails, if it does.
    public convenience init(urls: [String], fault: ReplayStorageFault?, output: OutputLog) {
        self.init(articles: urls.map { NewsArticle(source: .init(name: ""), url: $0) }, fault: fault, output: output)
    }

    /// - Parameters:
    ///   - articles: the favourites the scenario starts with, most recent first, whole (an app
    ///     opening a favourite by its url shows all of it).
    ///   - fault: how the store fails, if it does.
    public convenience init(articles: [NewsArticle], fault: ReplayStorageFault?, output: OutputLog) {
        self.init(InMemoryFavoritesStore(articles), fault: fault, output: output)
    }

    /// The writes of `store`, whose faults are its own (a file store at the wire level), recorded.
    public convenience init(recording store: any FavoritesStore, output: OutputLog) {
        self.init(store, fault: nil, output: output)
    }

    private init(_ store: any FavoritesStore, fault: ReplayStorageFault?, output: OutputLog) {
        stored = store
        disk = ReplayDisk(store: "favourites", file: Self.file, keyword: "favorites", fault: fault, output: output)
    }

    public func favorites() throws(NewsStorageError) -> [NewsArticle] {
        try disk.checkRead()
        return try stored.favorites()
    }

    public func setFavorite(_ isFavorite: Bool, article: NewsArticle) throws(NewsStorageError) {
        try disk.write { () throws(NewsStorageError) in
            try stored.setFavorite(isFavorite, article: article)
            return try stored.favorites().map(\.url)
        }
    }
}

/// The search history of a replay: in memory for one scenario (it outlives `restore`), or at the
/// wire level a file store (`init(recording:output:)`), each save recorded as `history [n]` with
/// the entries, most recent first.
public final class ReplaySearchHistoryStore: SearchHistoryStore {
    /// The file named in storage errors.
    public static let file = "search-history.json"
    private let stored: any SearchHistoryStore
    private let disk: ReplayDisk

    /// - Parameters:
    ///   - entries: the history the scenario starts with, most recent first, as given.
    ///   - fault: how the store fails, if it does.
    public convenience init(entries: [String], fault: ReplayStorageFault?, output: OutputLog) {
        self.init(InMemorySearchHistoryStore(entries), fault: fault, output: output)
    }

    /// The saves of `store`, whose faults are its own (a file store at the wire level), recorded.
    public convenience init(recording store: any SearchHistoryStore, output: OutputLog) {
        self.init(store, fault: nil, output: output)
    }

    private init(_ store: any SearchHistoryStore, fault: ReplayStorageFault?, output: OutputLog) {
        stored = store
        disk = ReplayDisk(store: "search history", file: Self.file, keyword: "history", fault: fault, output: output)
    }

    public func entries() throws(NewsStorageError) -> [String] {
        try disk.checkRead()
        return try stored.entries()
    }

    public func save(_ entries: [String]) throws(NewsStorageError) {
        try disk.write { () throws(NewsStorageError) in
            try stored.save(entries)
            return entries
        }
    }
}
