import Foundation

/// The scenarios under a `Fixtures/` folder: `Fixtures/<feature>/<name>.jsonl`, each with its
/// golden transcript `Fixtures/<feature>/<name>.golden.txt` beside it.
public struct FixtureCatalog: Sendable {
    public struct Entry: Sendable, Equatable {
        public let id: String
        public let feature: String
        public let scenarioURL: URL
        public let goldenURL: URL
    }

    /// The `Fixtures` folder.
    public let root: URL
    /// The folder as messages name it, so that a printed path opens from where the command ran:
    /// `--fixtures` or `$CONFORMANCE_FIXTURES` as given, `Fixtures` for the working folder's, the
    /// whole path for the checkout's.
    public let displayRoot: String
    /// Whether the command line must name the folder to find it again: false only for the working
    /// folder's `./Fixtures`, which a command without `--fixtures` finds first.
    public let needsOption: Bool

    /// A catalog of `root`, named in messages as `displayRoot` (default: its last path component,
    /// `Fixtures/kittens/x.jsonl`).
    public init(root: URL, displayRoot: String? = nil, needsOption: Bool = true) {
        self.root = root
        var shown = displayRoot ?? root.lastPathComponent
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        self.displayRoot = shown
        self.needsOption = needsOption
    }

    /// ` --fixtures <folder>` when a command line that repeats this run must name the folder, else
    /// empty: for the re-record hint and the fuzzer's `again:` line.
    public var fixturesOption: String { needsOption ? " --fixtures \(Self.shellQuoted(displayRoot))" : "" }

    /// `text` as one shell word: as it is when it holds only safe characters, else in single quotes.
    public static func shellQuoted(_ text: String) -> String {
        let safe =
            !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@%".contains($0)) }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The suffix of golden transcripts.
    public static let goldenSuffix = ".golden.txt"
    /// A scenario's wire transcript beside its golden (docs/wire.md).
    public static let wireSuffix = ".wire.txt"

    /// Finds the fixtures folder: `explicit` if given, else `$CONFORMANCE_FIXTURES`, else
    /// `./Fixtures`, else the `Fixtures` folder of this package's source checkout.
    public static func locate(
        explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws(CatalogError) -> FixtureCatalog
    {
        let fileManager = FileManager.default
        // Each place: how messages name it, the folder, and whether a command must name it again.
        var candidates: [(source: String, shown: String, url: URL, needsOption: Bool)] = []
        if let explicit {
            candidates.append(("--fixtures", explicit, URL(fileURLWithPath: explicit), true))
        } else if let variable = environment["CONFORMANCE_FIXTURES"], !variable.isEmpty {
            candidates.append(("CONFORMANCE_FIXTURES", variable, URL(fileURLWithPath: variable), true))
        } else {
            let local = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent("Fixtures")
            candidates.append(("the current directory", "Fixtures", local, false))
            let checkout = packageRoot.appendingPathComponent("Fixtures").standardizedFileURL
            candidates.append(("the package checkout", checkout.path, checkout, true))
        }
        for candidate in candidates {
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                return FixtureCatalog(
                    root: candidate.url.standardizedFileURL, displayRoot: candidate.shown,
                    needsOption: candidate.needsOption)
            }
        }
        throw .noFixturesFolder(searched: candidates.map { (path: $0.url.path, source: $0.source) })
    }

    /// This package's root, from this source file's place in it (`Sources/Conformance/ConformanceKit/`).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every scenario, sorted by id. Goldens without a scenario are reported as problems.
    public func entries() throws(CatalogError) -> [Entry] {
        let fileManager = FileManager.default
        let features: [String]
        do {
            features = try fileManager.contentsOfDirectory(atPath: root.path).sorted()
        } catch {
            throw .unreadable(path: root.path, reason: error.localizedDescription)
        }
        var entries: [Entry] = []
        var problems: [String] = []
        for feature in features {
            // The kind of each path is given, so that no path is looked up on disk to build its URL.
            let folder = root.appendingPathComponent(feature, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            let files = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            let scenarios = Set(files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) })
            for name in scenarios.sorted() {
                entries.append(
                    Entry(
                        id: "\(feature)/\(name)", feature: feature,
                        scenarioURL: folder.appendingPathComponent(name + ".jsonl", isDirectory: false),
                        goldenURL: folder.appendingPathComponent(name + Self.goldenSuffix, isDirectory: false)))
            }
            for file in files.sorted() {
                guard let suffix = [Self.goldenSuffix, Self.wireSuffix].first(where: file.hasSuffix) else { continue }
                let name = String(file.dropLast(suffix.count))
                if !scenarios.contains(name) {
                    problems.append("\(feature)/\(file) has no scenario \(feature)/\(name).jsonl")
                }
            }
        }
        if !problems.isEmpty {
            throw .orphanedGoldens(problems)
        }
        return entries.sorted { $0.id < $1.id }
    }

    /// The path of `url` relative to the fixtures folder itself (`kittens/x.golden.txt`).
    public func relativePath(_ url: URL) -> String {
        let base = root.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : url.lastPathComponent
    }

    /// The path of `url` for messages: under the folder as it is named (`Fixtures/kittens/x.jsonl`,
    /// `../other/Fixtures/kittens/x.jsonl` for `--fixtures ../other/Fixtures`), so that it opens
    /// from where the command ran.
    public func displayPath(_ url: URL) -> String {
        let base = root.path
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(base + "/") else { return path }
        return (displayRoot == "/" ? "" : displayRoot) + "/" + path.dropFirst(base.count + 1)
    }
}

/// A file or folder of the harness (the fixtures folder, a report, an expected failures file, a
/// golden being written) cannot be used: what, where, and why, each case with its fields.
public enum CatalogError: Error, CustomStringConvertible, Equatable {
    /// No fixtures folder in any place searched: each place's path and where it came from.
    case noFixturesFolder(searched: [(path: String, source: String)])
    /// A file or folder that cannot be read, and why.
    case unreadable(path: String, reason: String)
    /// Goldens without their scenario, one problem each.
    case orphanedGoldens([String])
    /// A file that is not a JSON report written by `conformance run --json`, and why.
    case notAReport(file: String, reason: String)
    /// A file that is not a finding record written by `conformance fuzz`, and why.
    case notAFinding(file: String, reason: String)
    /// A file that is not a mutation report in Stryker's schema, and why.
    case notAMutationReport(file: String, reason: String)
    /// A JSON report of another version than the one this harness `reads`.
    case reportVersion(file: String, version: Int, reads: Int)
    /// An environment variable that does not name a record mode.
    case notARecordMode(variable: String, value: String)
    /// A line of an expected failures file that cannot be read (its 1-based number).
    case expectedFailuresLine(file: String, line: Int, problem: String)
    /// An expected failures file that cannot be read as UTF-8 text.
    case unreadableExpectedFailures(path: String)
    /// No temporary file could be created in `folder` for an atomic write.
    case temporaryFile(folder: String, reason: String)
    /// A file that cannot be written, and why.
    case unwritable(path: String, reason: String)
    /// An atomic write's final rename failed.
    case rename(to: String, reason: String)
    /// Any other problem, as text (for tools and tests built on the harness).
    case other(String)

    /// An error that is only its text.
    public init(message: String) { self = .other(message) }

    /// The sentence a person reads.
    public var message: String {
        switch self {
        case .noFixturesFolder(let searched):
            "no Fixtures folder found (looked in: "
                + searched.map { "\($0.path) from \($0.source)" }.joined(separator: ", ")
                + "); pass --fixtures DIR or set CONFORMANCE_FIXTURES"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .orphanedGoldens(let problems): "orphaned golden files: " + problems.joined(separator: "; ")
        case .notAReport(let file, let reason):
            "\(file) is not a JSON report written by `conformance run --json`: \(reason)"
        case .notAFinding(let file, let reason):
            "\(file) is not a finding written by `conformance fuzz`: \(reason)"
        case .notAMutationReport(let file, let reason):
            "\(file) is not a mutation report in Stryker's schema: \(reason)"
        case .reportVersion(let file, let version, let reads):
            "\(file) is a version \(version) report; this conformance reads version \(reads): run it again to rewrite it"
        case .notARecordMode(let variable, let value):
            "\(variable)=\(value) is not a record mode; use one of never, missing, failed, all"
        case .expectedFailuresLine(let file, let line, let problem): "\(file):\(line): \(problem)"
        case .unreadableExpectedFailures(let path): "cannot read the expected failures file \(path)"
        case .temporaryFile(let folder, let reason): "cannot create a temporary file in \(folder): \(reason)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .rename(let path, let reason): "rename to \(path) failed: \(reason)"
        case .other(let text): text
        }
    }

    public var description: String { message }

    /// Two errors are equal when they say the same: a case and the `other` text it reads as are one error.
    public static func == (lhs: CatalogError, rhs: CatalogError) -> Bool { lhs.message == rhs.message }
}

/// Matches ids against a pattern with `*` (any run of characters) and `?` (one character).
public enum IDPattern {
    public static func matches(_ pattern: String, _ id: String) -> Bool {
        let p = Array(pattern)
        let s = Array(id)
        var pi = 0
        var si = 0
        var star = -1
        var mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == "?" || p[pi] == s[si] {
                pi += 1
                si += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = si
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                si = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
