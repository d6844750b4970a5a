import Foundation
import MVIEssentials
import Testing

@testable import MVIImagePipeline

@Suite struct DiskCacheTests {
    private let clock = ManualClock()

    private func withCache(
        sizeLimit: Int = 1 << 20, trimRatio: Double = 0.7, _ body: (ImageDiskCache, URL) throws -> Void
    ) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = try ImageDiskCache(
            directory: directory.url, sizeLimit: sizeLimit, trimRatio: trimRatio, now: clock.function)
        try body(cache, directory.url)
    }

    private func entry(_ text: String, etag: String? = nil) -> ImageCacheEntry {
        ImageCacheEntry(bytes: bytes(text), etag: etag, storedAt: clock.now)
    }

    private func file(for key: String, in directory: URL) -> URL {
        directory.appendingPathComponent(ImageDiskCache.fileName(forKey: key))
    }

    private func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aStoredEntryReadsBackWithItsETagAndDate() throws {
        try withCache { cache, _ in
            let stored = try cache.store(entry("cat", etag: "\"v1\""), forKey: "k")
            #expect(stored)
            #expect(cache.entry(forKey: "k") == entry("cat", etag: "\"v1\""))
            #expect(cache.entry(forKey: "missing") == nil)
        }
    }

    @Test func theFileIsNamedAfterTheKeysHashAndHoldsAHeaderLineThenTheBytes() throws {
        try withCache { cache, directory in
            try cache.store(entry("cat", etag: "\"v1\""), forKey: "https://images.test/a.jpg")
            let name = ImageDiskCache.fileName(forKey: "https://images.test/a.jpg")
            #expect(try names(in: directory) == [name])
            let text = String(decoding: try Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
            #expect(
                text == """
                    {"checksum":"\(FNV1a.hex(bytes("cat")))","etag":"\\"v1\\"","format":1,"key":"https://images.test/a.jpg","length":3,"storedAt":1000000}
                    cat
                    """)
        }
    }

    @Test func writesLeaveNoTemporaryFilesBehind() throws {
        try withCache { cache, directory in
            for index in 0..<5 { try cache.store(entry("image \(index)"), forKey: "k\(index % 2)") }
            #expect(try names(in: directory).allSatisfy { $0.hasSuffix(".image") })
            #expect(try names(in: directory).count == 2)
        }
    }

    @Test func goingOverTheSizeLimitEvictsTheLeastRecentlyUsedDownToTheTrimRatio() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let probe = try ImageDiskCache(directory: directory.url.appendingPathComponent("probe"), now: clock.function)
        try probe.store(entry(String(repeating: "x", count: 100)), forKey: "a")
        let fileSize = probe.totalSize
        // Room for 3.5 files; a trim keeps at most 2.1 of them.
        let cache = try ImageDiskCache(
            directory: directory.url.appendingPathComponent("cache"), sizeLimit: fileSize * 7 / 2, trimRatio: 0.6,
            now: clock.function)
        for key in ["a", "b", "c"] {
            clock.advance(by: 1)
            try cache.store(entry(String(repeating: "x", count: 100)), forKey: key)
        }
        clock.advance(by: 1)
        #expect(cache.entry(forKey: "a") != nil)  // a is now the most recently used
        clock.advance(by: 1)
        try cache.store(entry(String(repeating: "x", count: 100)), forKey: "d")
        #expect(cache.fileNamesLeastRecentlyUsedFirst == ["a", "d"].map(ImageDiskCache.fileName(forKey:)))
        #expect(cache.totalSize == 2 * fileSize)
        #expect(cache.entry(forKey: "b") == nil && cache.entry(forKey: "c") == nil)
    }

    @Test func recencySurvivesReopeningTheDirectory() throws {
        try withCache { cache, directory in
            for key in ["a", "b", "c"] {
                clock.advance(by: 10)
                try cache.store(entry(key), forKey: key)
            }
            clock.advance(by: 10)
            _ = cache.entry(forKey: "a")
            let reopened = try ImageDiskCache(directory: directory, now: clock.function)
            #expect(reopened.fileNamesLeastRecentlyUsedFirst == ["b", "c", "a"].map(ImageDiskCache.fileName(forKey:)))
            #expect(reopened.entry(forKey: "b") == cache.entry(forKey: "b"))
        }
    }

    @Test func reopeningWithASmallerLimitTrimsAtOnce() throws {
        try withCache { cache, directory in
            for key in ["a", "b", "c"] {
                clock.advance(by: 10)
                try cache.store(entry(key), forKey: key)
            }
            let oneFile = cache.totalSize / 3
            let reopened = try ImageDiskCache(
                directory: directory, sizeLimit: oneFile * 2, trimRatio: 0.5, now: clock.function)
            #expect(reopened.fileNamesLeastRecentlyUsedFirst == [ImageDiskCache.fileName(forKey: "c")])
        }
    }

    @Test func aFileLargerThanTheTrimTargetIsNotStoredAndReplacesNothing() throws {
        try withCache(sizeLimit: 1000, trimRatio: 0.5) { cache, _ in
            try cache.store(entry("small"), forKey: "k")
            let stored = try cache.store(entry(String(repeating: "x", count: 600)), forKey: "k")
            #expect(!stored)
            #expect(cache.entry(forKey: "k") == nil)
            #expect(cache.count == 0)
        }
    }

    /// A write cut off by a crash leaves its temporary file (`.<name>.writing`): it is no entry
    /// when the cache opens, and the key's next store writes over it and renames it into place.
    @Test func aTemporaryFileLeftByACrashIsNoEntryAndTheNextStoreTakesItsPlace() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let name = ImageDiskCache.fileName(forKey: "k")
        // Longer than the entry written over it: a write that did not truncate would leave its tail.
        try Data(String(repeating: "half a file ", count: 100).utf8).write(
            to: directory.url.appendingPathComponent("." + name + ".writing"))
        let cache = try ImageDiskCache(directory: directory.url, now: clock.function)
        #expect(cache.count == 0 && cache.totalSize == 0)
        #expect(cache.entry(forKey: "k") == nil)
        try cache.store(entry("cat"), forKey: "k")
        #expect(try names(in: directory.url) == [name])
        #expect(cache.entry(forKey: "k") == entry("cat"))
    }

    @Test func removeAllDeletesEveryCacheFileAndLeavesOthers() throws {
        try withCache { cache, directory in
            try cache.store(entry("a"), forKey: "a")
            try cache.store(entry("b"), forKey: "b")
            try Data("notes".utf8).write(to: directory.appendingPathComponent("README.txt"))
            cache.removeAll()
            #expect(try names(in: directory) == ["README.txt"])
            #expect(cache.count == 0 && cache.totalSize == 0 && cache.entry(forKey: "a") == nil)
        }
    }

    // MARK: Unreadable files are misses that are removed

    private func expectCorruptFileIsAMissAndRemoved(_ damage: (Data) -> Data) throws {
        try withCache { cache, directory in
            try cache.store(entry("the image bytes", etag: "\"v1\""), forKey: "k")
            let file = file(for: "k", in: directory)
            try damage(try Data(contentsOf: file)).write(to: file)
            #expect(cache.entry(forKey: "k") == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(cache.count == 0 && cache.totalSize == 0)
            #expect(cache.corruptEntriesRemoved == 1)
            // And the key can be stored again.
            try cache.store(entry("fresh"), forKey: "k")
            #expect(cache.entry(forKey: "k")?.bytes == bytes("fresh"))
        }
    }

    @Test func aTruncatedFileIsAMissAndIsRemoved() throws {
        try expectCorruptFileIsAMissAndRemoved { $0.dropLast(4) }
    }

    @Test func anEmptyFileIsAMissAndIsRemoved() throws {
        try expectCorruptFileIsAMissAndRemoved { _ in Data() }
    }

    @Test func aFileWithAFlippedByteIsAMissAndIsRemoved() throws {
        try expectCorruptFileIsAMissAndRemoved { data in
            var data = data
            data[data.count - 2] ^= 0xFF
            return data
        }
    }

    @Test func aFileWithGarbageInsteadOfAHeaderIsAMissAndIsRemoved() throws {
        try expectCorruptFileIsAMissAndRemoved { _ in Data("\u{0}\u{1}garbage\nmore".utf8) }
    }

    @Test func aFileWithTrailingBytesIsAMissAndIsRemoved() throws {
        try expectCorruptFileIsAMissAndRemoved { $0 + Data("extra".utf8) }
    }

    @Test func aFileDeletedBehindTheCachesBackIsAMiss() throws {
        try withCache { cache, directory in
            try cache.store(entry("cat"), forKey: "k")
            try FileManager.default.removeItem(at: file(for: "k", in: directory))
            #expect(cache.entry(forKey: "k") == nil)
            #expect(cache.count == 0)
            #expect(cache.corruptEntriesRemoved == 0)
        }
    }

    @Test func theDefaultsAre150MiBTrimmedTo70Percent() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = try ImageDiskCache(directory: directory.url)
        #expect(cache.sizeLimit == 157_286_400)
        #expect(cache.trimRatio == 0.7)
        #expect(cache.trimTarget == 110_100_480)
    }

    @Test func decodingNamesWhatIsWrongWithAFile() {
        let good = DiskEntryFormat.encode(entry("cat"), key: "k")
        func failure(_ file: Data, key: String = "k") -> DiskEntryError? {
            do {
                _ = try DiskEntryFormat.decode(file, key: key)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure(good) == nil)
        #expect(failure(Data("no line feed".utf8)) == .noHeader)
        #expect(failure(Data("{not json\ncat".utf8)) == .unreadableHeader)
        #expect(failure(good, key: "other") == .otherKey("k"))
        #expect(failure(good.dropLast()) == .wrongLength(expected: 3, found: 2))
        let future = Data(
            String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"format\":1", with: "\"format\":2").utf8)
        #expect(failure(future) == .unknownFormat(2))
        #expect(
            DiskEntryError.wrongLength(expected: 3, found: 2).description
                == "the header promises 3 bytes, the file holds 2")
        #expect(DiskEntryError.otherKey("k").description == "the file holds the key \"k\"")
        #expect(DiskEntryError.noHeader.description == "no header line (the file is empty or cut off)")
        #expect(DiskEntryError.unreadableHeader.description == "the first line is not a readable JSON header")
        #expect(DiskEntryError.unknownFormat(2).description == "format 2 is unknown; this version reads format 1")
        #expect(DiskEntryError.checksumMismatch.description == "the bytes do not match the header's checksum")
    }

    // MARK: Refusals

    @Test func limitsOutOfRangeAreRefusedWithTheParameterNamed() {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        #expect(
            throws: ImageDiskCacheError.configuration(
                ImageCacheConfigurationError(parameter: "sizeLimit", value: "0", expected: "an integer of at least 1"))
        ) {
            try ImageDiskCache(directory: directory.url, sizeLimit: 0)
        }
        #expect(
            throws: ImageDiskCacheError.configuration(
                ImageCacheConfigurationError(
                    parameter: "trimRatio", value: "0.0", expected: "a fraction greater than 0 and at most 1"))
        ) {
            try ImageDiskCache(directory: directory.url, trimRatio: 0)
        }
    }

    @Test func aWriteTheFileSystemRefusesIsAnErrorWithThePath() throws {
        try withCache { cache, directory in
            try cache.store(entry("old"), forKey: "k")
            // The directory is replaced by a plain file: nothing can be written inside it any more.
            try FileManager.default.removeItem(at: directory)
            try Data("x".utf8).write(to: directory)
            let file = self.file(for: "k", in: directory)
            #expect {
                try cache.store(entry("new"), forKey: "k")
            } throws: { error in
                guard case .write(let path, let reason) = error as? ImageDiskCacheError else { return false }
                return path == file.path && reason.contains("Not a directory")
            }
            #expect(cache.entry(forKey: "k") == nil)
            try FileManager.default.removeItem(at: directory)
        }
    }

    /// The temporary file is written but cannot be renamed into place (a folder that is not empty
    /// holds the entry's name): the error names the entry's file, and the temporary file is gone.
    @Test func aRenameTheFileSystemRefusesIsAnErrorWithThePathAndLeavesNoTemporaryFile() throws {
        try withCache { cache, directory in
            let file = self.file(for: "k", in: directory)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file.appendingPathComponent("inside"))
            #expect {
                try cache.store(entry("new"), forKey: "k")
            } throws: { error in
                guard case .write(let path, _) = error as? ImageDiskCacheError else { return false }
                return path == file.path
            }
            #expect(try names(in: directory) == [file.lastPathComponent])
            #expect(cache.entry(forKey: "k") == nil)
        }
    }

    /// The temporary file opens but its bytes cannot be written (it is a link to `/dev/full`, where
    /// every write fails for want of space): the error names the entry's file and the
    /// system's reason, nothing is renamed into place, and the temporary file is gone.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aWriteThatFailsOnceOpenIsAnErrorAndLeavesNothingBehind() throws {
        try withCache { cache, directory in
            let file = self.file(for: "k", in: directory)
            let temporary = directory.appendingPathComponent("." + file.lastPathComponent + ".writing")
            try FileManager.default.createSymbolicLink(atPath: temporary.path, withDestinationPath: "/dev/full")
            #expect {
                try cache.store(entry("new"), forKey: "k")
            } throws: { error in
                guard case .write(let path, let reason) = error as? ImageDiskCacheError else { return false }
                return path == file.path && reason.contains("enough space")
            }
            #expect(try names(in: directory).isEmpty)
            #expect(cache.entry(forKey: "k") == nil)
        }
    }

    @Test func aDirectoryPathThatIsAFileIsRefusedWithThePath() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let blocker = directory.url.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: blocker)
        do {
            _ = try ImageDiskCache(directory: blocker)
            Issue.record("a file was accepted as the cache directory")
        } catch {
            guard case .directory(let path, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == blocker.path)
            #expect(error.description.hasPrefix("disk cache directory \(blocker.path): "))
        }
    }
}
