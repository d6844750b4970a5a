import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `mock-server` executable next to the test bundle (SwiftPM builds every product before testing).
private func mockServerExecutable() -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("mock-server") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Subject: a real process and socket; waits use generous timeouts.
@Suite(.enabled(if: mockServerExecutable() != nil, "the mock-server executable is built next to the tests by `swift build --build-tests`"))
struct ExecutableTests {
    @Test func printsWhereItListensServesAndStopsOnSIGTERM() throws {
        let process = Process()
        let binary = try #require(mockServerExecutable())
        process.executableURL = binary
        process.arguments = ["--port", "0", "--fixtures", FileManager.default.currentDirectoryPath + "/Fixtures"]
        let output = Pipe()
        process.standardOutput = output
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The first line names the address.
        var firstLine = Data()
        let reader = output.fileHandleForReading
        while !firstLine.contains(10) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let line = String(decoding: firstLine, as: UTF8.self).components(separatedBy: "\n")[0]
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let base = try #require(URL(string: String(line.dropFirst("listening on ".count))))
        #expect(get(base.appendingPathComponent("__admin/health"))?.status == 200)

        process.terminate()  // SIGTERM
        // A server that lost the signal would hang the run: give it a generous 30 s, then kill it.
        if exited.wait(timeout: .now() + 30) == .timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self).contains("stopped"))
    }

    @Test func rejectsABadPortWithUsageStatus() throws {
        let process = Process()
        let binary = try #require(mockServerExecutable())
        process.executableURL = binary
        process.arguments = ["--port", "70000"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("--port 70000: expected 0...65535"))
    }
}
