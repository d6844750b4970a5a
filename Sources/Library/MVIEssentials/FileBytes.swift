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

    /// The bytes of the regular file at `url`, at most `limit` of them: the one reader of files that
    /// someone else put there (scenarios, goldens, wire transcripts, reports, stub files).
    ///
    /// What is not a regular file is refused unread, a symbolic link to one included: a FIFO would
    /// block the reader until a writer came, a device such as `/dev/zero` never ends, a socket or a
    /// folder has no bytes to give. The file is opened without blocking (`O_NONBLOCK`), its kind
    /// and size are taken from the open descriptor (`fstat`), and a file over `limit` is refused
    /// before a byte is read. At most `limit + 1` bytes are ever read, so that a file that grows
    /// while it is read, or whose size says less than it holds, is refused too and never held whole.
    public static func readRegular(_ url: URL, limit: Int) throws(FileRefusal) -> Data {
        let path = url.path
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            // Refused before `open`, which on a socket fails with a reason that names no socket.
            var target = stat()
            guard status.st_mode & S_IFMT == S_IFLNK else {
                throw .notRegular(kind: kindName(status.st_mode), link: nil)
            }
            if stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw .notRegular(kind: kindName(target.st_mode), link: destination)
            }
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        // The descriptor, not the path, is what is read: its kind cannot change between check and read.
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular(kind: kindName(status.st_mode), link: nil) }
        let size = Int(clamping: status.st_size)
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        var data = Data()
        do {
            // One read past the size the file gave, and never past `limit + 1` bytes in all.
            while data.count <= limit {
                let wanted = min(max(size - data.count, 0), limit - data.count) + 1
                guard let chunk = try handle.read(upToCount: wanted), !chunk.isEmpty else { break }
                data.append(chunk)
            }
        } catch {
            throw .unreadable(reason: error.localizedDescription)
        }
        guard data.count <= limit else { throw .grew(limit: limit) }
        return data
    }

    /// What a file of mode `mode` is, for a message: "a FIFO", "a character device".
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "not a file of a known kind"
        }
    }
}

/// Why `FileBytes.readRegular` read no bytes. `description` says it in words that follow a file's
/// name: "kittens/x.jsonl: is a FIFO, not a regular file".
public enum FileRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// A FIFO, a device, a socket, a folder; `link` is where the symbolic link that led to it points.
    case notRegular(kind: String, link: String?)
    /// The file's size, over the limit, before anything was read.
    case tooLarge(size: Int, limit: Int)
    /// More than `limit` bytes came although the size said at most `limit`: the file grew while it was read.
    case grew(limit: Int)
    /// The system's reason: a missing file, no permission.
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .notRegular(let kind, nil): "is \(kind), not a regular file"
        case .notRegular(let kind, let link?): "is a symbolic link to \(link), which is \(kind), not a regular file"
        case .tooLarge(let size, let limit): "holds \(size) bytes, over the limit of \(limit)"
        case .grew(let limit): "grew past the limit of \(limit) bytes while it was read"
        case .unreadable(let reason): "cannot be read: \(reason)"
        }
    }
}
