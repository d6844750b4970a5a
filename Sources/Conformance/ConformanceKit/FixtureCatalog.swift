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
        let safe = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@%".contains($0)) }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The suffix of golden transcripts.
    public static let goldenSuffix = ".golden.txt"

    /// Finds the fixtures folder: `explicit` if given, else `$CONFORMANCE_FIXTURES`, else
    /// `./Fixtures`, else the `Fixtures` folder of this package's source checkout.
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
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
                return FixtureCatalog(root: candidate.url.standardizedFileURL, displayRoot: candidate.shown, needsOption: candidate.needsOption)
            }
        }
        throw CatalogError(
            message: "no Fixtures folder found (looked in: "
                + candidates.map { "\($0.url.path) from \($0.source)" }.joined(separator: ", ")
                + "); pass --fixtures DIR or set CONFORMANCE_FIXTURES")
    }

    /// This package's root, from this source file's place in it (`Sources/Conformance/ConformanceKit/`).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every scenario, sorted by id. Goldens without a scenario are reported as problems.
    public func entries() throws(CatalogError) -> [Entry] {
        let fileManager = FileManager.default
        let features: [String]
        do {
            features = try fileManager.contentsOfDirectory(atPath: root.path).sorted()
        } catch {
            throw CatalogError(message: "cannot read \(root.path): \(error.localizedDescription)")
        }
        var entries: [Entry] = []
        var problems: [String] = []
        for feature in features {
            let folder = root.appendingPathComponent(feature)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let files = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            let scenarios = Set(files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(".jsonl".count)) })
            for name in scenarios.sorted() {
                entries.append(
                    Entry(
                        id: "\(feature)/\(name)", feature: feature,
                        scenarioURL: folder.appendingPathComponent(name + ".jsonl"),
                        goldenURL: folder.appendingPathComponent(name + Self.goldenSuffix)))
            }
            for file in files.sorted() where file.hasSuffix(Self.goldenSuffix) {
                let name = String(file.dropLast(Self.goldenSuffix.count))
                if !scenarios.contains(name) {
                    problems.append("\(feature)/\(file) has no scenario \(feature)/\(name).jsonl")
                }
            }
        }
        if !problems.isEmpty {
            throw CatalogError(message: "orphaned golden files: " + problems.joined(separator: "; "))
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

/// The fixtures folder cannot be used.
public struct CatalogError: Error, CustomStringConvertible, Equatable {
    public let message: String

    public init(message: String) { self.message = message }

    public var description: String { message }
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
