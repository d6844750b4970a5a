import Foundation
import MVIEssentials
import Testing

@Suite struct FileBytesTests {
    private func temporaryFile(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try contents.write(to: url)
        return url
    }

    @Test func readsWhatWasWrittenAnEmptyFileIncluded() throws {
        for contents in [Data(), Data("hello".utf8), Data(repeating: 7, count: 100_000)] {
            let url = try temporaryFile(contents)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(try FileBytes.read(url) == contents)
        }
    }

    @Test func aMissingFileThrows() {
        #expect(throws: (any Error).self) {
            try FileBytes.read(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        }
    }
}

/// `FileBytes.readRegular` against every kind of file that is not a regular one, a link to each,
/// and files over the limit: each is refused unread, without blocking, and named for what it is.
@Suite struct RegularFileReadingTests {
    /// A fresh folder for one test's files, removed at the end.
    private final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("regular-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func link(_ name: String, to target: String) throws -> URL {
            try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: target)
            return url.appendingPathComponent(name)
        }
    }

    /// A Unix socket bound at `path`; the caller closes the descriptor.
    private static func bindSocket(at path: String) -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return bound == 0 ? descriptor : -1
    }

    @Test func aRegularFileAndALinkToOneAreRead() throws {
        let folder = try Folder()
        let url = URL(fileURLWithPath: folder.path("x.jsonl"))
        try Data("hello\n".utf8).write(to: url)
        #expect(try FileBytes.readRegular(url, limit: 6) == Data("hello\n".utf8))
        #expect(try FileBytes.readRegular(try folder.link("y.jsonl", to: url.path), limit: 100) == Data("hello\n".utf8))
        try Data().write(to: url)
        #expect(try FileBytes.readRegular(url, limit: 0) == Data())
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try Folder()
        #expect(mkfifo(folder.path("bad.jsonl"), 0o644) == 0)
        let url = URL(fileURLWithPath: folder.path("bad.jsonl"))
        #expect(throws: FileRefusal.notRegular(kind: "a FIFO", link: nil)) {
            try FileBytes.readRegular(url, limit: 100)
        }
        #expect(
            throws: FileRefusal.notRegular(kind: "a FIFO", link: url.path),
            performing: { try FileBytes.readRegular(try folder.link("link.jsonl", to: url.path), limit: 100) })
        #expect(
            FileRefusal.notRegular(kind: "a FIFO", link: nil).description == "is a FIFO, not a regular file")
    }

    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aCharacterDeviceAndALinkToOneAreRefused(device: String) throws {
        let folder = try Folder()
        #expect(throws: FileRefusal.notRegular(kind: "a character device", link: nil)) {
            try FileBytes.readRegular(URL(fileURLWithPath: device), limit: 100)
        }
        let link = try folder.link("zero.jsonl", to: device)
        #expect(throws: FileRefusal.notRegular(kind: "a character device", link: device)) {
            try FileBytes.readRegular(link, limit: 100)
        }
        #expect(
            FileRefusal.notRegular(kind: "a character device", link: device).description
                == "is a symbolic link to \(device), which is a character device, not a regular file")
    }

    @Test func aSocketAndALinkToOneAreRefused() throws {
        let folder = try Folder()
        let path = folder.path("s.jsonl")
        let descriptor = Self.bindSocket(at: path)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: FileRefusal.notRegular(kind: "a socket", link: nil)) {
            try FileBytes.readRegular(URL(fileURLWithPath: path), limit: 100)
        }
        #expect(throws: FileRefusal.notRegular(kind: "a socket", link: path)) {
            try FileBytes.readRegular(try folder.link("link.jsonl", to: path), limit: 100)
        }
    }

    @Test func aFolderAndAMissingFileAreRefused() throws {
        let folder = try Folder()
        #expect(throws: FileRefusal.notRegular(kind: "a folder", link: nil)) {
            try FileBytes.readRegular(folder.url, limit: 100)
        }
        #expect(throws: FileRefusal.unreadable(reason: "No such file or directory")) {
            try FileBytes.readRegular(URL(fileURLWithPath: folder.path("none")), limit: 100)
        }
    }

    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        let folder = try Folder()
        let url = URL(fileURLWithPath: folder.path("large.jsonl"))
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 40)  // sparse: a terabyte that is never written, nor read
        try handle.close()
        #expect(throws: FileRefusal.tooLarge(size: 1 << 40, limit: 100)) { try FileBytes.readRegular(url, limit: 100) }
        try Data(repeating: 1, count: 101).write(to: url)
        #expect(throws: FileRefusal.tooLarge(size: 101, limit: 100)) { try FileBytes.readRegular(url, limit: 100) }
        #expect(
            FileRefusal.tooLarge(size: 101, limit: 100).description == "holds 101 bytes, over the limit of 100")
    }

    #if os(Linux)
        /// A file of /proc gives its size as 0 and holds more: what a file that grows after `fstat`
        /// looks like to the reader, made deterministic. Past the limit it is refused, and no more
        /// than `limit + 1` bytes are read; under it, every byte is read whatever the size said.
        @Test func aFileThatHoldsMoreThanItsSizeSaysIsReadOnlyToTheLimit() throws {
            let url = URL(fileURLWithPath: "/proc/self/maps")
            #expect(throws: FileRefusal.grew(limit: 10)) { try FileBytes.readRegular(url, limit: 10) }
            #expect(
                FileRefusal.grew(limit: 10).description == "grew past the limit of 10 bytes while it was read")
            let whole = try FileBytes.readRegular(URL(fileURLWithPath: "/proc/self/cmdline"), limit: 1 << 20)
            #expect(!whole.isEmpty)
        }
    #endif
}
