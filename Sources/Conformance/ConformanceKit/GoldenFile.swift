import Foundation
import MVIEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One golden file and the rules for comparing and recording it.
///
/// A golden matches only when its bytes equal the transcript's UTF-8 bytes: no Unicode
/// normalisation, no byte-order mark dropped, line ends and trailing spaces count.
public struct GoldenFile {
    public let url: URL
    /// The path to show in messages.
    public let displayPath: String
    public let recordMode: RecordMode
    public let isCI: Bool
    /// The fixtures folder the golden must stay inside when recorded (nil: only the golden's own
    /// place is checked).
    public let root: URL?

    public init(url: URL, displayPath: String, recordMode: RecordMode, isCI: Bool, root: URL? = nil) {
        self.url = url
        self.displayPath = displayPath
        self.recordMode = recordMode
        self.isCI = isCI
        self.root = root
    }

    /// Compares `actual` with the golden, recording it when the mode says so (never under CI).
    public func check(_ actual: String, rerecordCommand: String?, label: String) -> Outcome {
        compare(actual, rerecordCommand: rerecordCommand, label: label).outcome
    }

    /// Compares `actual` with the golden as `check` does, and returns the outcome and the golden's bytes as read (nil when there was none to read), so
    /// that a failure's first difference is found without reading the file again.
    ///
    /// - Parameters:
    ///   - rerecordCommand: the command that re-records this golden, for messages; nil when the
    ///     transcript is not the reference's (a port's failure is the port's to fix).
    ///   - label: what the golden is of (a scenario id), for messages.
    public func compare(_ actual: String, rerecordCommand: String?, label: String) -> (outcome: Outcome, golden: Data?)
    {
        let golden: Data?
        switch contents() {
        case .success(let data): golden = data
        case .failure(let refusal): return (.errored(refusal.message), nil)
        }
        guard let golden else {
            guard recordMode != .never else {
                let how =
                    rerecordCommand.map { "; record it with `\($0)`" } ?? "; record it against the reference first"
                return (.failed("\(displayPath) is missing (record mode never)\(how)"), nil)
            }
            return (write(actual, reason: "recorded the missing golden \(displayPath)"), nil)
        }
        let actualBytes = Data(actual.utf8)
        if golden == actualBytes {
            return (
                recordMode == .all
                    ? write(actual, reason: "re-recorded \(displayPath) (record mode all; unchanged)") : .passed, golden
            )
        }
        let diff = LineDiff.unified(golden: golden, actual: actualBytes, goldenName: displayPath) ?? ""
        if recordMode == .failed || recordMode == .all {
            return (write(actual, reason: "re-recorded \(displayPath); it differed:\n\(diff)"), golden)
        }
        let hint = rerecordCommand.map {
            "re-record with `\($0)` once the change is intended"
        }
        return (.failed("\(label): the transcript differs from \(displayPath)\n\(diff)" + (hint ?? "")), golden)
    }

    /// Why a golden was not read.
    public struct ReadRefusal: Error, Equatable, Sendable {
        public let message: String
    }

    /// The golden's bytes, or nil when there is none. A golden that resolves outside the fixtures
    /// folder (a symbolic link leading out of it) is refused unread, so that no other file's lines
    /// reach a diff, and through it a CI log.
    public func contents() -> Result<Data?, ReadRefusal> {
        guard FileManager.default.fileExists(atPath: url.path) else { return .success(nil) }
        if let root {
            let real = url.resolvingSymlinksInPath().path
            let base = root.resolvingSymlinksInPath().path
            guard real.hasPrefix(base + "/") else {
                return .failure(
                    ReadRefusal(
                        message:
                            "refusing to read \(displayPath): it resolves to \(real), outside the fixtures folder \(base) "
                            + "(a symbolic link leads out of it); a golden is a file inside the fixtures folder"))
            }
        }
        // A FIFO, a device or a socket in a golden's place is refused unread and without blocking.
        do {
            return .success(try FileBytes.readRegular(url, limit: HarnessLimits.maximumFileBytes))
        } catch {
            return .failure(ReadRefusal(message: "refusing to read \(displayPath): \(ScenarioText.message(error))"))
        }
    }

    private func write(_ text: String, reason: String) -> Outcome {
        if isCI {
            return .failed(
                "recording refused because CI=true (would have \(reason)); record locally and commit the golden")
        }
        if let refusal = placeRefusal() { return .errored(refusal) }
        do {
            try Self.writeAtomically(text, to: url)
        } catch {
            return .errored("could not write \(displayPath): \(error)")
        }
        return .recorded("\(reason)\nrun again to verify it")
    }

    /// Why the golden may not be written where it is, or nil: it is a symbolic link, or its folder
    /// resolves outside the fixtures folder.
    func placeRefusal() -> String? {
        var status = stat()
        if lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
            return "refusing to record \(displayPath): it is a symbolic link; replace it with a regular file"
        }
        guard let root else { return nil }
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        let base = root.resolvingSymlinksInPath().path
        guard folder == base || folder.hasPrefix(base + "/") else {
            return
                "refusing to record \(displayPath): its folder resolves to \(folder), outside the fixtures folder \(base) "
                + "(a symbolic link leads out of it)"
        }
        return nil
    }

    /// Writes to a new temporary file with an unpredictable name beside `url`, created exclusively
    /// (never through an existing file or link), then renames it over `url`: a reader never sees half
    /// a file, and a planted file at a guessable name cannot redirect the write.
    public static func writeAtomically(_ text: String, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let bytes = Array(text.utf8)
        for _ in 0..<16 {
            let name = ".\(url.lastPathComponent).\(UUID().uuidString).tmp"
            let temporary = folder.appendingPathComponent(name)
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw CatalogError.temporaryFile(folder: folder.path, reason: String(cString: strerror(errno)))
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try handle.write(contentsOf: bytes)
                try handle.close()
            } catch {
                unlink(temporary.path)
                throw CatalogError.unwritable(path: temporary.path, reason: error.localizedDescription)
            }
            guard rename(temporary.path, url.path) == 0 else {
                let code = errno
                unlink(temporary.path)
                throw CatalogError.rename(to: url.path, reason: String(cString: strerror(code)))
            }
            return
        }
        throw CatalogError.temporaryFile(folder: folder.path, reason: "every name tried exists")
    }
}
