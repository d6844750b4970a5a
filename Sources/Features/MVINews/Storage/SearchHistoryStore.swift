import Foundation
import MVICore
import MVIEssentials

/// Where the search history is kept, most recent first (the rules are `SearchHistory`'s).
public protocol SearchHistoryStore: Sendable {
    func entries() throws(NewsStorageError) -> [String]
    func save(_ entries: [String]) throws(NewsStorageError)
}

/// A search history in memory, for tests and previews.
public final class InMemorySearchHistoryStore: SearchHistoryStore {
    private let stored: Locked<[String]>

    public init(_ entries: [String] = []) { stored = Locked(entries) }

    public func entries() -> [String] { stored.withLock { $0 } }

    public func save(_ entries: [String]) { stored.withLock { $0 = entries } }
}

/// A search history in a JSON file, written atomically. A corrupt file is reported and left as it is.
public final class JSONFileSearchHistoryStore: SearchHistoryStore {
    private let file: JSONFileStore<[String]>

    /// - Parameter url: the file; it and its folder are created on the first write.
    public init(url: URL) { file = JSONFileStore(store: "search history", url: url, empty: []) }

    public var url: URL { file.url }

    public func entries() throws(NewsStorageError) -> [String] {
        try file.read()
    }

    public func save(_ entries: [String]) throws(NewsStorageError) {
        try file.update { _ in entries }
    }

    /// Moves a corrupt file aside to `<file>.corrupt`; returns where it went, nil when there was nothing to move.
    public func discardCorruptFile() throws(NewsStorageError) -> URL? {
        try file.discardCorruptFile()
    }
}
