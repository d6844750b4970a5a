import Foundation
import MVITestSupport
import Testing

@Suite(.requires(demoExecutable() != nil, "mvi-demo is built next to the tests by `swift build --build-tests`"))
struct NotATerminalTests {
    /// With its output in a pipe the demo draws nothing: one line on standard error, status 2.
    @Test func itRefusesWithOneLineAndStatus2() throws {
        let executable = try #require(demoExecutable())
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let written = output.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(written.isEmpty)
        #expect(said == "mvi-demo: standard output is not a terminal; run it in a terminal (or in tmux)\n")
    }
}
