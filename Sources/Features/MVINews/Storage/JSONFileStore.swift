import Foundation
import MVIEssentials

/// A value kept in one JSON file `{"value":...,"version":1}`, written atomically.
///
/// Reading a missing file gives `empty`. A file that exists but does not decode is `corrupt`, and
/// writing over it is refused with the same error, so that nothing the user had is lost silently.
/// Errors name the file as the store was given it (`URL.relativePath`): its whole path for an
/// absolute URL, the name alone for a URL relative to a folder.
/// Every call holds a lock, so that two read-modify-writes in one process never interleave.
final class JSONFileStore<Value: Codable & Sendable>: Sendable {
    /// The store's name in errors: "favourites", "search history".
    let store: String
    let empty: Value
    /// The file, taken under its lock by every operation. (A `Locked<Void>` beside a `url` did the
    /// same, but ThreadSanitizer reported a Swift access race on its empty value under the lock in
    /// every run of concurrentTogglesLoseNoFavourite.)
    private let file: Locked<URL>

    var url: URL { file.withLock { $0 } }

    static var version: Int { 1 }

    init(store: String, url: URL, empty: Value) {
        self.store = store
        self.empty = empty
        file = Locked(url)
    }

    private struct Envelope: Codable {
        let version: Int
        let value: Value
    }

    func read() throws(NewsStorageError) -> Value {
        try file.withLock { url throws(NewsStorageError) in try readUnlocked(url) }
    }

    /// Replaces the value with `transform(value)`, in one step under the lock. Refused when the
    /// file now there is corrupt or unreadable.
    func update(_ transform: (Value) -> Value) throws(NewsStorageError) {
        try file.withLock { url throws(NewsStorageError) in try writeUnlocked(transform(try readUnlocked(url)), to: url)
        }
    }

    private func readUnlocked(_ url: URL) throws(NewsStorageError) -> Value {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: url.path) else { return empty }
            data = try FileBytes.read(url)
        } catch {
            throw .unreadable(store: store, file: url.relativePath, detail: String(describing: error))
        }
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            guard envelope.version == Self.version else {
                throw NewsStorageError.corrupt(
                    store: store, file: url.relativePath,
                    detail: "version \(envelope.version), expected \(Self.version)")
            }
            return envelope.value
        } catch let error as NewsStorageError {
            throw error
        } catch let error as DecodingError {
            throw .corrupt(store: store, file: url.relativePath, detail: DecodingErrorText.describe(error))
        } catch {
            throw .corrupt(store: store, file: url.relativePath, detail: String(describing: error))
        }
    }

    /// Writes `value` to a temporary file, then renames it over the file.
    private func writeUnlocked(_ value: Value, to url: URL) throws(NewsStorageError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let data = try encoder.encode(Envelope(version: Self.version, value: value))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .unwritable(store: store, file: url.relativePath, detail: String(describing: error))
        }
    }

    /// Moves a corrupt file aside to `<name>.corrupt` (replacing an older one there) and returns
    /// where it went; nil when the file is missing or reads fine.
    func discardCorruptFile() throws(NewsStorageError) -> URL? {
        try file.withLock { url throws(NewsStorageError) -> URL? in
            do throws(NewsStorageError) {
                _ = try readUnlocked(url)
                return nil
            } catch {
                guard case .corrupt = error else { throw error }
            }
            let aside = url.appendingPathExtension("corrupt")
            do {
                if FileManager.default.fileExists(atPath: aside.path) { try FileManager.default.removeItem(at: aside) }
                try FileManager.default.moveItem(at: url, to: aside)
                return aside
            } catch {
                throw .unwritable(store: store, file: aside.relativePath, detail: String(describing: error))
            }
        }
    }
}
