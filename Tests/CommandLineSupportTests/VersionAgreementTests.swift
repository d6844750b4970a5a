import CommandLineSupport
import Foundation
import Testing

/// One version across the package: what `--version` prints, the changelog's next release, the
/// manifests the docs show and what the README says `--version` prints (docs/releasing.md).
@Suite struct VersionAgreementTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every version `pattern` captures in `text` (its first group).
    static func versions(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test(arguments: [
        ("README.md", #"from: "([0-9]+\.[0-9]+\.[0-9]+)""#),
        ("README.md", #"`--version` prints `([0-9]+\.[0-9]+\.[0-9]+)`"#),
        ("Sources/Library/MVICore/MVICore.docc/GettingStarted.md", #"from: "([0-9]+\.[0-9]+\.[0-9]+)""#),
        ("docs/app-conformance.md", #"from: "([0-9]+\.[0-9]+\.[0-9]+)""#),
        ("docs/mock-server.md", #"`mock-server ([0-9]+\.[0-9]+\.[0-9]+)`"#),
        ("CHANGELOG.md", #"## \[Unreleased\]\s+To be released as ([0-9]+\.[0-9]+\.[0-9]+)"#),
    ])
    func everyPlaceNamesTheVersionThatVersionPrints(file: String, pattern: String) throws {
        let found = try Self.versions(pattern, in: Self.text(file))
        #expect(!found.isEmpty, "\(file) states no version where \(pattern) looks")
        for version in found {
            #expect(version == packageVersion, "\(file) names \(version); --version prints \(packageVersion)")
        }
    }

    @Test func theVersionIsNotAReleasedOne() throws {
        let released = try Self.versions(#"## \[([0-9]+\.[0-9]+\.[0-9]+)\] - [0-9]{4}"#, in: Self.text("CHANGELOG.md"))
        #expect(released.contains("0.1.0"), "the changelog's release headings were not found")
        #expect(
            !released.contains(packageVersion),
            "\(packageVersion) is released already: set the next version (docs/releasing.md)")
    }

    @Test func aDifferentVersionIsFound() throws {
        #expect(try Self.versions(#"from: "([0-9]+\.[0-9]+\.[0-9]+)""#, in: #"x from: "9.9.9"), y"#) == ["9.9.9"])
    }
}
