import Foundation
import Testing

/// Every ```swift block of the README, docs/ and the DocC articles is compiled: it must appear,
/// line for line (leading and trailing spaces aside), in the sample app package's file named after
/// its document (`GettingStarted.md` -> `Examples/LoginApp/Tests/DocSnippetsTests/GettingStarted.swift`),
/// or in the files `compiledIn` names; CI/example.sh builds them from this package outside. Blocks that are not meant to
/// compile (fragments with elisions, SwiftUI views, names defined elsewhere) use the info string
/// `swift-fragment`; manifest excerpts use `swift-manifest` (docs/snippets.md).
@Suite struct DocSnippetSyncTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where each document's blocks are compiled: the sample app package, which depends on this one
    /// by path and sees only its products, as an app does (docs/snippets.md). A document's blocks
    /// may be spread over several files of it (the feature's target, its test target).
    private static let compiledIn = [
        "architecture.md": ["Tests/ConformanceKitTests/Weather/WeatherFeature.swift"],
        "codecs.md": ["Tests/ReplaySeamTests/CodecReferenceTests.swift"],
        "GettingStarted.md": [
            "Examples/LoginApp/Sources/Counter/GettingStarted.swift",
            "Examples/LoginApp/Tests/CounterTests/GettingStarted.swift",
        ],
        "TestingWithTestStore.md": ["Examples/LoginApp/Tests/DocSnippetsTests/TestingWithTestStore.swift"],
        "app-conformance.md": [
            "Examples/LoginApp/Sources/LoginReplay/LoginFeature.swift",
            "Examples/LoginApp/Sources/login-conformance/main.swift",
            "Examples/LoginApp/Tests/LoginConformanceTests/LoginConformanceTests.swift",
            "Examples/LoginApp/Tests/LoginConformanceTests/LoginRecordingTests.swift",
        ],
    ]

    @Test func everySwiftBlockOfTheDocsIsInTheCompiledSnippets() throws {
        let documents = try Self.documents()
        #expect(documents.count > 10, "the documents were not found under \(Self.packageRoot.path)")
        var compiledBlocks = 0
        for document in documents {
            let blocks = SwiftBlocks.extract(from: try String(contentsOf: document, encoding: .utf8))
            guard !blocks.isEmpty else { continue }
            let relative = document.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
            let files =
                Self.compiledIn[document.lastPathComponent]
                ?? [
                    "Examples/LoginApp/Tests/DocSnippetsTests/" + document.deletingPathExtension().lastPathComponent
                        + ".swift"
                ]
            let name = files.joined(separator: " or ")
            let texts = files.compactMap {
                try? String(contentsOf: Self.packageRoot.appendingPathComponent($0), encoding: .utf8)
            }
            guard texts.count == files.count else {
                Issue.record(
                    "\(relative) has \(blocks.count) swift block(s) but \(name) does not exist: copy them there, or mark them swift-fragment"
                )
                continue
            }
            for block in blocks where !texts.contains(where: { SwiftBlocks.contains($0, block.lines) }) {
                Issue.record(
                    "\(relative):\(block.line): this swift block is not in \(name): copy it there so that it is compiled"
                )
            }
            compiledBlocks += blocks.count
        }
        #expect(compiledBlocks >= 8)
    }

    @Test func everyFragmentSaysWhyItIsNotCompiled() throws {
        var fragments = 0
        for document in try Self.documents() {
            let lines = try String(contentsOf: document, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated()
            where line.trimmingCharacters(in: .whitespaces) == "```swift-fragment" {
                fragments += 1
                let next = index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : ""
                let relative = document.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
                #expect(
                    next.hasPrefix("// A fragment: "),
                    "\(relative):\(index + 1): a swift-fragment starts with '// A fragment: <why it is not compiled>'")
            }
        }
        #expect(fragments >= 1)
    }

    /// `TestScheduler` lives in `MVICore` (docs/scheduling.md says why), re-exported by
    /// `MVITestSupport`: a line that names it with `MVITestSupport` names `MVICore` too.
    @Test func theDocsPutTestSchedulerInMVICore() throws {
        var lines = 0
        for document in try Self.documents() + [Self.packageRoot.appendingPathComponent("Package.swift")] {
            let relative = document.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
            for (index, line) in try String(contentsOf: document, encoding: .utf8).split(separator: "\n").enumerated()
            where line.contains("TestScheduler") {
                lines += 1
                if line.contains("MVITestSupport") {
                    #expect(
                        line.contains("MVICore"),
                        "\(relative):\(index + 1): TestScheduler is in MVICore (re-exported by MVITestSupport): \(line)"
                    )
                }
            }
        }
        #expect(lines > 5)
    }

    /// The `swift test` runner an app copies records a failing scenario's diff once, as a comment:
    /// an `#expect` of the outcome printed it twice, first escaped on one line as the compared value.
    @Test func theDocsSwiftTestRunnerPrintsADiffOnce() throws {
        for file in [
            "docs/app-conformance.md", "Examples/LoginApp/Tests/LoginConformanceTests/LoginConformanceTests.swift",
        ] {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(
                text.contains(
                    "Issue.record(Comment(rawValue: \"\\(result.outcome.label): \\(result.outcome.message)\"))"),
                "\(file)")
            #expect(
                !text.contains("#expect(result.outcome == .passed"),
                "\(file) expects the outcome, which prints its diff twice")
        }
    }

    @Test func aChangedBlockIsFound() {
        let document = "Text\n```swift\nlet a = 1\nlet b = 2\n```\n```swift-fragment\nlet c = ...\n```\n"
        let blocks = SwiftBlocks.extract(from: document)
        #expect(blocks.map(\.line) == [2])
        #expect(SwiftBlocks.contains("x\n  let a = 1\n  let b = 2\n", blocks[0].lines))
        #expect(!SwiftBlocks.contains("let a = 1\nlet b = 3\n", blocks[0].lines))
    }

    /// README.md, docs/**/*.md and Sources/**/*.docc/*.md.
    private static func documents() throws -> [URL] {
        var found = [packageRoot.appendingPathComponent("README.md")]
        for folder in ["docs", "Sources"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "md" {
                if folder == "docs" || url.deletingLastPathComponent().pathExtension == "docc" { found.append(url) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}

/// The ```swift blocks of a Markdown text.
enum SwiftBlocks {
    struct Block {
        /// The line of the opening fence, counted from 1.
        let line: Int
        let lines: [String]
    }

    static func extract(from text: String) -> [Block] {
        var blocks: [Block] = []
        var open: (line: Int, lines: [String])?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if line == "```" {
                    blocks.append(Block(line: current.line, lines: current.lines))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if line == "```swift" {
                open = (index + 1, [])
            }
        }
        return blocks
    }

    /// Whether `lines` appear, one after another, among the trimmed lines of `text`.
    static func contains(_ text: String, _ lines: [String]) -> Bool {
        let haystack = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !lines.isEmpty else { return true }
        guard haystack.count >= lines.count else { return false }
        return (0...(haystack.count - lines.count)).contains { start in
            Array(haystack[start..<start + lines.count]) == lines
        }
    }
}
