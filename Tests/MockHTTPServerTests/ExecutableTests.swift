import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Subject: a real process and socket; waits use generous timeouts.
@Suite(.enabled(if: mockServerExecutable() != nil, "the mock-server executable is built next to the tests by `swift build --build-tests`"))
struct ExecutableTests {
    @Test func printsWhereItListensServesAndStopsOnSIGTERM() throws {
        let server = try ServerProcess(arguments: [])
        // The first line names the address.
        let port = try #require(server.port)
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        #expect(get(base.appendingPathComponent("__admin/health"))?.status == 200)

        server.process.terminate()  // SIGTERM
        // A server that lost the signal would hang the run: give it a generous 30 s, then kill it.
        #expect(server.waitForExit(timeout: 30))
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(String(decoding: server.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains("stopped"))
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

    @Test(arguments: [
        (["--header-timeout", "0"], "--header-timeout 0: expected a number of seconds from 0.001 to 86400"),
        (["--write-timeout", "soon"], "--write-timeout soon: expected a number of seconds from 0.001 to 86400"),
        (["--max-journal-entries", "0"], "--max-journal-entries 0: expected a whole number >= 1"),
        (["--event-loops", "-1"], "--event-loops -1: expected a whole number >= 1"),
        (["--stubs"], "--stubs needs a value"),
    ])
    func rejectsBadLimitsWithUsageStatus(arguments: [String], message: String) throws {
        let process = Process()
        let binary = try #require(mockServerExecutable())
        process.executableURL = binary
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(message))
    }
}
