import Foundation
import MVIEssentials

/// Images on disk in a directory of their own, bounded by size, least recently used first out.
///
/// One file per key, named after the FNV-1a 64 hash of the key (`<16 hex digits>.image`, see
/// `DiskEntryFormat`), holding the key, the `ETag`, the time stored and a checksum beside the bytes.
/// Files are written atomically (a temporary file renamed into place), so a reader never sees half
/// a file. A file that cannot be read back (cut off, corrupted, another key's) is a miss: it is
/// removed, and the caller fetches the image again; so no write waits for the disk (`fsync`), since
/// a file that a crash left short or empty is caught that way. When a write takes the total over
/// `sizeLimit`, the least recently used files are removed until the total is at most
/// `sizeLimit * trimRatio`.
///
/// "Recently used" is the file's modification date, set from the injected clock on every write and
/// every hit, so the order survives a restart. All file work is serialised by one lock.
public final class ImageDiskCache: Sendable {
    /// The directory the cache owns.
    public let directory: URL
    /// The most bytes all files may take together.
    public let sizeLimit: Int
    /// The share of `sizeLimit` a trim brings the total down to.
    public let trimRatio: Double

    private let now: @Sendable () -> Date
    private let state: Locked<State>

    private struct State {
        /// File names (not keys) by recency; the cost is the file's size.
        var index = LRUList<Void>()
        var corruptEntriesRemoved = 0
    }

    static let fileExtension = "image"

    /// Opens (and creates, if needed) the cache in `directory` and indexes the files already there.
    ///
    /// - Parameters:
    ///   - directory: a directory for this cache alone.
    ///   - sizeLimit: total bytes on disk, at least 1 (default 150 MiB).
    ///   - trimRatio: in (0, 1]; a trim stops at `sizeLimit * trimRatio` (default 0.7). A file larger
    ///     than that is not stored.
    ///   - now: the clock for recency (`Date.init` in apps, a fixed one in tests).
    /// - Throws: `ImageDiskCacheError.configuration` for a limit out of range,
    ///   `.directory` when the directory cannot be created or listed.
    public init(
        directory: URL, sizeLimit: Int = 150 << 20, trimRatio: Double = 0.7,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(ImageDiskCacheError) {
        do {
            try ImageCacheConfigurationError.requireAtLeast(1, sizeLimit, "sizeLimit")
            try ImageCacheConfigurationError.requireFraction(trimRatio, "trimRatio")
        } catch {
            throw .configuration(error)
        }
        self.directory = directory
        self.sizeLimit = sizeLimit
        self.trimRatio = trimRatio
        self.now = now
        let files: [(name: String, size: Int, modified: Date)]
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            files = try Self.listEntries(in: directory)
        } catch {
            throw .directory(path: directory.path, reason: Self.describe(error))
        }
        var state = State()
        for file in files.sorted(by: { ($0.modified, $0.name) < ($1.modified, $1.name) }) {
            state.index.insert((), forKey: file.name, cost: file.size)
        }
        self.state = Locked(state)
        self.state.withLock { trimIfNeeded(&$0) }
    }

    /// The total a trim brings the cache down to, and the largest file it stores.
    public var trimTarget: Int { Int((Double(sizeLimit) * trimRatio).rounded(.down)) }

    /// The name of the file that holds `key`.
    public static func fileName(forKey key: String) -> String {
        FNV1a.hex(key.utf8) + "." + fileExtension
    }

    /// The entry for `key`, which becomes the most recently used; `nil` on a miss.
    /// A file that cannot be read back is removed and reported as a miss.
    public func entry(forKey key: String) -> ImageCacheEntry? {
        let name = Self.fileName(forKey: key)
        let file = directory.appendingPathComponent(name)
        return state.withLock { state in
            guard state.index.touch(name) != nil else { return nil }
            do {
                let entry = try DiskEntryFormat.decode(try FileBytes.read(file), key: key)
                setModificationDate(of: file)
                return entry
            } catch {
                // Unreadable or gone: a miss either way, and the file must not be tried again.
                if error is DiskEntryError { state.corruptEntriesRemoved += 1 }
                try? FileManager.default.removeItem(at: file)
                state.index.remove(name)
                return nil
            }
        }
    }

    /// Writes `entry` for `key` atomically, then trims the cache if it went over `sizeLimit`.
    ///
    /// - Returns: whether it was stored; a file larger than `trimTarget` is not (an older file for
    ///   the key is then removed, since it is no longer current).
    /// - Throws: `ImageDiskCacheError.write` when the file system refuses the write.
    @discardableResult
    public func store(_ entry: ImageCacheEntry, forKey key: String) throws(ImageDiskCacheError) -> Bool {
        let name = Self.fileName(forKey: key)
        let file = directory.appendingPathComponent(name)
        let data = DiskEntryFormat.encode(entry, key: key)
        let limit = trimTarget
        let outcome: Result<Bool, ImageDiskCacheError> = state.withLock { state in
            guard data.count <= limit else {
                if state.index.remove(name) != nil { try? FileManager.default.removeItem(at: file) }
                return .success(false)
            }
            do {
                try Self.write(data, replacing: file)
            } catch {
                return .failure(.write(path: file.path, reason: Self.describe(error)))
            }
            setModificationDate(of: file)
            state.index.insert((), forKey: name, cost: data.count)
            trimIfNeeded(&state)
            return .success(true)
        }
        return try outcome.get()
    }

    /// Removes the file for `key`.
    public func removeEntry(forKey key: String) {
        let name = Self.fileName(forKey: key)
        state.withLock { state in
            state.index.remove(name)
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Removes every cache file in the directory (files the cache did not write are left alone).
    public func removeAll() {
        state.withLock { state in
            let names = Set(state.index.keysOldestFirst).union(
                (try? Self.listEntries(in: directory))?.map(\.name) ?? [])
            for name in names { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
            state.index.removeAll()
        }
    }

    /// The number of files.
    public var count: Int { state.withLock { $0.index.count } }

    /// The bytes all files take.
    public var totalSize: Int { state.withLock { $0.index.totalCost } }

    /// How many unreadable files lookups have found and removed since the cache was opened.
    public var corruptEntriesRemoved: Int { state.withLock { $0.corruptEntriesRemoved } }

    /// The file names from the least to the most recently used, for tests and diagnostics.
    public var fileNamesLeastRecentlyUsedFirst: [String] { state.withLock { $0.index.keysOldestFirst } }

    private func trimIfNeeded(_ state: inout State) {
        guard state.index.totalCost > sizeLimit else { return }
        let target = trimTarget
        while state.index.totalCost > target, let oldest = state.index.removeOldest() {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(oldest.key))
        }
    }

    private func setModificationDate(of file: URL) {
        // Recency only orders eviction; a file system that refuses the date costs nothing worse.
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file.path)
    }

    /// Writes `data` to a temporary file beside `file` and renames it over `file`, which is atomic
    /// within a directory: a reader finds the old bytes or the new, never a mix. Unlike
    /// `Data.write(to:options: .atomic)`, nothing waits for the bytes to reach the disk (see the
    /// type's note). The temporary name is the file's own with a leading dot and `.writing` after
    /// it: `store` runs under the cache's lock, so no two writes share it, and a file a crash left
    /// behind is written over by the key's next store (and is not an entry: it does not end in
    /// `.image`).
    private static func write(_ data: Data, replacing file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(
            "." + file.lastPathComponent + ".writing")
        // Not `Data.write(to:)`: on Linux it calls `fsync` even without `.atomic`.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.lastPOSIXError() }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        let written = Result { try handle.write(contentsOf: data) }
        let closed = Result { try handle.close() }
        do {
            try written.get()
            try closed.get()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, file.path) == 0 else {
            let error = Self.lastPOSIXError()
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The error the last system call set `errno` to.
    private static func lastPOSIXError() -> POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }

    private static func listEntries(in directory: URL) throws -> [(name: String, size: Int, modified: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
            .filter { $0.pathExtension == fileExtension }
            .compactMap { url in
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                    return nil
                }
                return (url.lastPathComponent, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
            }
    }

    private static func describe(_ error: any Error) -> String {
        (error as NSError).localizedDescription
    }
}

/// Why a disk cache could not open or write.
public enum ImageDiskCacheError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A limit out of range.
    case configuration(ImageCacheConfigurationError)
    /// The directory could not be created or listed.
    case directory(path: String, reason: String)
    /// A file could not be written.
    case write(path: String, reason: String)

    public var description: String {
        switch self {
        case .configuration(let error): "disk cache: \(error)"
        case .directory(let path, let reason): "disk cache directory \(path): \(reason)"
        case .write(let path, let reason): "disk cache file \(path) could not be written: \(reason)"
        }
    }
}
