import Foundation
import Testing

/// The store's threading rule, as the compiler enforces it (the article "The store's delivery
/// order"): each snippet under Snippets/ is app code that breaks the rule and must not compile,
/// with the diagnostic its `// expected-error:` comment names on that line; `Allowed.swift` is what
/// the docs allow and compiles with no error and no warning. Each is compiled with the feature in
/// `Feature.swift` against the modules built beside the tests, through the compiler's diagnostic
/// passes (`-emit-sil`: region-based isolation is checked there, not by `-typecheck`).
@Suite struct CompileFailTests {
    static let snippets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snippets")

    /// The modules `swift build --build-tests` wrote beside the test bundle.
    static let modules: URL? = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("Modules") }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("MVICore.swiftmodule").path)
        }
    }()

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: snippets.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") && $0 != "Feature.swift" }.sorted()
    }()

    @Test func everyMisuseTheDocsForbidHasASnippet() {
        #expect(Self.modules != nil, "MVICore.swiftmodule not found beside \(CommandLine.arguments[0])")
        #expect(Self.names.count >= 7, "the snippets were not found under \(Self.snippets.path)")
        #expect(Self.names.contains("Allowed.swift"))
    }

    @Test(arguments: names)
    func theSnippetGetsItsDiagnostics(_ name: String) throws {
        let modules = try #require(Self.modules)
        let source = try String(contentsOf: Self.snippets.appendingPathComponent(name), encoding: .utf8)
        let expected = Self.expectations(in: source)
        let (status, output) = try Self.compile(name, modules: modules)
        #expect(
            !output.split(separator: "\n").contains { $0.contains("Feature.swift:") && $0.contains(": error: ") },
            "the shared feature must compile as it is:\n\(output)")
        if expected.isEmpty {
            #expect(status == 0, "\(name) must compile:\n\(output)")
            #expect(!output.contains("warning:"), "\(name) must compile with no warning:\n\(output)")
            return
        }
        #expect(status != 0, "\(name) compiled, but the rule it breaks must not")
        for (line, message) in expected {
            let found = output.split(separator: "\n").contains { diagnostic in
                diagnostic.contains("\(name):\(line):") && diagnostic.contains("error: ")
                    && diagnostic.contains(message)
            }
            #expect(
                found, "\(name):\(line): expected an error containing \"\(message)\"; the compiler said:\n\(output)")
        }
    }

    /// Each `// expected-error: message` comment, with its line number.
    static func expectations(in source: String) -> [(line: Int, message: String)] {
        let marker = "// expected-error: "
        return source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard let range = line.range(of: marker) else { return nil }
            return (index + 1, String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces))
        }
    }

    static func compile(_ name: String, modules: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-emit-sil", "-wmo", "-module-name", "Snippet", "-o", "/dev/null", "-swift-version", "6",
            "-I", modules.path, snippets.appendingPathComponent("Feature.swift").path,
            snippets.appendingPathComponent(name).path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
