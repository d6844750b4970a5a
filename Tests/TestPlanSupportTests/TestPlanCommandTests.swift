import Foundation
import MVITestSupport
import Testing

/// The `testplan` executable, built beside the tests by `swift build --build-tests`.
private func testplanExecutable() -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("testplan") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// What a newcomer meets running the README's `swift run testplan check --tests tests.txt` on a
/// fresh clone, where tests.txt does not exist yet: one line that says how to make it.
@Suite(.requires(testplanExecutable() != nil, "the testplan executable is built next to the tests"))
struct TestPlanCommandTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = testplanExecutable()
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aMissingTestsFileIsOneLineThatSaysHowToMakeIt() throws {
        let missing = "/nonexistent-\(UUID().uuidString)/tests.txt"
        let result = try run(["check", "--tests", missing])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "testplan: --tests \(missing): no such file; make it first with `swift test list > \(missing)`, or pass - to read standard input\n"
        )
    }

    @Test func aMissingPlansFolderIsNamed() throws {
        let listing = FileManager.default.temporaryDirectory.appendingPathComponent("tests-\(UUID().uuidString).txt")
        try "MVICoreTests.StoreTests/a()\n".write(to: listing, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: listing) }
        let result = try run(["check", "--tests", listing.path, "--plans", "/nonexistent-plans"])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "testplan: --plans /nonexistent-plans: no such folder; run from the package root, or pass --plans DIR\n"
        )
    }
}
