import Foundation
import MVIEssentials

/// The layout of one disk-cache file: a one-line JSON header, a line feed, then the bytes.
///
/// ```
/// {"checksum":"<FNV-1a 64 of the bytes, 16 hex digits>","etag":"\"v1\"","format":1,"key":"<cache key>","length":<byte count>,"storedAt":<seconds since 1970>}
/// <length bytes>
/// ```
/// JSON escapes every line feed inside strings, so the first line feed ends the header.
/// Public for tools that read cache files on their own (the fuzz targets of FuzzTesting/).
public enum DiskEntryFormat {
    static let version = 1

    struct Header: Codable, Equatable {
        var format: Int
        var key: String
        var etag: String?
        var storedAt: Double
        var length: Int
        var checksum: String
    }

    /// The file's bytes for `entry` under `key`.
    public static func encode(_ entry: ImageCacheEntry, key: String) -> Data {
        let header = Header(
            format: version, key: key, etag: entry.etag, storedAt: wholeMilliseconds(entry.storedAt),
            length: entry.bytes.count, checksum: FNV1a.hex(entry.bytes))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings and numbers cannot fail.
        var file = (try? encoder.encode(header)) ?? Data()
        file.append(0x0A)
        file.append(entry.bytes)
        return file
    }

    /// Seconds since 1970 in whole milliseconds (the precision freshness is compared in), so the
    /// header writes the shortest decimal of that value: `1577836800.123`, never the
    /// `1577836800.1230001` a date made by adding seconds to another can hold. Its length decides
    /// the file's size, and so what the disk trims, for every port alike.
    static func wholeMilliseconds(_ date: Date) -> Double {
        (date.timeIntervalSince1970 * 1000).rounded() / 1000
    }

    /// The entry in `file`, which must be stored under `key`.
    public static func decode(_ file: Data, key: String) throws(DiskEntryError) -> ImageCacheEntry {
        guard let newline = file.firstIndex(of: 0x0A) else { throw .noHeader }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: file[file.startIndex..<newline])
        } catch {
            throw .unreadableHeader
        }
        guard header.format == version else { throw .unknownFormat(header.format) }
        guard header.key == key else { throw .otherKey(header.key) }
        let bytes = Data(file[(newline + 1)...])
        guard bytes.count == header.length else { throw .wrongLength(expected: header.length, found: bytes.count) }
        guard FNV1a.hex(bytes) == header.checksum else { throw .checksumMismatch }
        return ImageCacheEntry(bytes: bytes, etag: header.etag, storedAt: Date(timeIntervalSince1970: header.storedAt))
    }
}

/// Why a disk-cache file could not be read back. The cache removes such a file and reports a miss.
public enum DiskEntryError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// No line feed: not even a header (an empty or cut-off file).
    case noHeader
    /// The first line is not the JSON header.
    case unreadableHeader
    /// A header of a format this version does not read.
    case unknownFormat(Int)
    /// The file belongs to another key whose name hashes the same.
    case otherKey(String)
    /// Fewer (truncated) or more bytes than the header promises.
    case wrongLength(expected: Int, found: Int)
    /// The bytes are not the ones the header's checksum describes.
    case checksumMismatch

    public var description: String {
        switch self {
        case .noHeader: "no header line (the file is empty or cut off)"
        case .unreadableHeader: "the first line is not a readable JSON header"
        case .unknownFormat(let format):
            "format \(format) is unknown; this version reads format \(DiskEntryFormat.version)"
        case .otherKey(let key): "the file holds the key \"\(key)\""
        case .wrongLength(let expected, let found): "the header promises \(expected) bytes, the file holds \(found)"
        case .checksumMismatch: "the bytes do not match the header's checksum"
        }
    }
}
