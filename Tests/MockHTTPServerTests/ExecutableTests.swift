import Foundation
import MVITestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Subject: a real process and socket; waits use generous timeouts.
@Suite(
    .requires(
        mockServerExecutable() != nil,
        "the mock-server executable is built next to the tests by `swift build --build-tests`"))
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
        #expect(
            String(decoding: server.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(
                "stopped"))
    }

    /// Runs the executable to its end: its status, standard output and standard error.
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = mockServerExecutable()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }

    @Test func helpAndVersionPrintAndExitZero() throws {
        let help = try run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("USAGE: mock-server [options]"))
        #expect(help.output.contains("--news-api-keys LIST"))
        #expect(help.output.contains("Exit status: 0 success, 1 failures found, 2 usage error"))
        let version = try run(["--port", "0", "--version"])
        #expect(version.status == 0)
        #expect(version.output == "mock-server 0.2.0\n")
    }

    @Test func takesFlagEqualsValueAsWellAsFlagValue() throws {
        let server = try ServerProcess(arguments: [
            "--news-api-keys=good", "--news-request-limit", "1", "--event-loops=1",
        ])
        let port = try #require(server.port)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/v2/top-headlines?language=en"))
        #expect(get(url, headers: ["X-Api-Key": "bad"])?.status == 401)
        #expect(get(url, headers: ["X-Api-Key": "good"])?.status == 200)
        #expect(get(url, headers: ["X-Api-Key": "good"])?.status == 429)
        server.process.terminate()
        #expect(server.waitForExit(timeout: 30))
    }

    /// The folder given with --fixtures is named as the one searched; the message does not ask
    /// for the --fixtures that was passed.
    @Test func aDataSetThatCannotBeFoundExitsOne() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mock-server-no-data-\(UUID().uuidString)")
        let result = try run(["--port", "0", "--fixtures", empty.path])
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "no data set in --fixtures \(empty.path): looked for cats.json in \(empty.path)/http, which does not hold it; "
                    + "give the folder whose http/ subfolder holds the data set (the checkout's Fixtures does)"),
            "\(result.errors)")
        #expect(!result.errors.contains("pass --fixtures"))
    }

    @Test func aMisspeltOptionSuggestsTheOneMeant() throws {
        let result = try run(["--prot", "0"])
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown option --prot; did you mean --port?"), "\(result.errors)")
    }

    @Test func rejectsABadPortWithUsageStatus() throws {
        let result = try run(["--port", "70000"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--port 70000: expected 0...65535"))
    }

    @Test(arguments: [
        (["--header-timeout", "0"], "--header-timeout 0: expected a number of seconds from 0.001 to 86400"),
        (["--write-timeout", "soon"], "--write-timeout soon: expected a number of seconds from 0.001 to 86400"),
        (["--max-journal-entries", "0"], "--max-journal-entries 0: expected a whole number >= 1"),
        (["--event-loops", "-1"], "--event-loops -1: expected a whole number >= 1"),
        (["--event-loops=-1"], "--event-loops -1: expected a whole number >= 1"),
        (["--stubs"], "--stubs needs a value"),
        (["--news-request-limit", "many"], "--news-request-limit many: expected a whole number >= 0"),
        (["--news-api-keys", ","], "--news-api-keys ,: expected one key or more, comma-separated"),
        (["--news-disabled-keys", " , "], "--news-disabled-keys  , : expected one key or more, comma-separated"),
        (["--verbose=yes"], "--verbose takes no value"),
        (["--help=yes"], "unknown option --help"),
        (["serve"], "unexpected argument serve"),
        (["--record", "/tmp/recorded"], "--record needs --proxy UPSTREAM: it records what the upstream answers"),
        (
            ["--proxy", "ftp://cats.test"],
            "--proxy ftp://cats.test: expected an http or https URL such as https://api.thecatapi.com"
        ),
        (
            ["--proxy", "not a url"],
            "--proxy not a url: expected an http or https URL such as https://api.thecatapi.com"
        ),
    ])
    func rejectsBadArgumentsWithUsageStatus(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message))
        #expect(result.errors.contains("Run 'mock-server --help' for usage."))
    }
}
