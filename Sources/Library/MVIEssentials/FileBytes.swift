import Foundation

/// Reads whole files through a `FileHandle`.
///
/// `Data(contentsOf:)` and `FileManager.contents(atPath:)` on Linux (Swift 6.3.1's
/// FoundationEssentials) keep the 4,096-byte read buffer they allocate for an empty file: a leak
/// the address sanitizer reports on every read of one. The package's code that may read an empty
/// file (a store's file, a cache entry) reads through here instead, so CI's leak check needs no
/// suppression that would also hide a leak of file data the package itself holds on to.
public enum FileBytes {
    /// The file's bytes; throws what `FileHandle` throws for a missing or unreadable file.
    public static func read(_ url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
