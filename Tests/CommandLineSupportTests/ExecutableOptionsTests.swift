import Foundation
import Testing

/// An executable built beside the tests by `swift build --build-tests`.
private func executable(_ name: String) -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent(name) }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs `name` with `arguments`; its status and standard error.
private func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = executable(name)
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

/// `testplan` and `benchmarks` read their options once into a type (`TestPlanOptions`,
/// `BenchmarkOptions`); a wrong line is a usage error that names what is wrong, before any work.
@Suite(.enabled(if: executable("benchmarks") != nil && executable("testplan") != nil, "the executables are built"))
struct ExecutableOptionsTests {
    /// `benchmarks` links the allocation counter, which interposes the C allocator that a
    /// sanitizer's runtime owns: built with `--sanitize` (CI/tsan.sh, CI/asan.sh set
    /// `MVI_SANITIZER`) it stops before `main`, so its two tests run in the plain test stage only.
    static let benchmarksRuns = (ProcessInfo.processInfo.environment["MVI_SANITIZER"] ?? "").isEmpty

    @Test(.enabled(if: benchmarksRuns, "benchmarks interposes the allocator a sanitizer owns"))
    func benchmarksRefusesAnUnknownGroupBeforeMeasuring() throws {
        let result = try run("benchmarks", ["--only", "store,nonsense"])
        #expect(result.status == 2)
        #expect(
            result.errors.hasPrefix(
                "benchmarks: --only: unknown group nonsense; expected one of store, effects, replay, pipeline, fuzz, scheduler, server, images\n"
            ), "\(result.errors)")
    }

    @Test(.enabled(if: benchmarksRuns, "benchmarks interposes the allocator a sanitizer owns"))
    func benchmarksRefusesAnArgument() throws {
        let result = try run("benchmarks", ["store"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("benchmarks: unexpected argument store\n"), "\(result.errors)")
    }

    @Test(arguments: [
        (["run"], "testplan: run needs one plan file\n"),
        (["arguments", "a.xctestplan", "b.xctestplan"], "testplan: arguments needs one plan file\n"),
        (["check"], "testplan: check needs --tests FILE (the output of `swift test list`)\n"),
        (["check", "extra", "--tests", "t.txt"], "testplan: check takes no arguments, got extra\n"),
    ])
    func testplanNamesWhatALineLacks(arguments: [String], message: String) throws {
        let result = try run("testplan", arguments)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix(message), "\(result.errors)")
    }
}
