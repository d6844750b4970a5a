import Foundation
import MockHTTPServer
import Testing

/// Subject: the line per request of `verbose` (`--verbose`): method, target, status, what answered
/// and the time taken, for stubs, faults, scenarios and routes; nothing for admin requests.
@Suite struct VerboseTests {
    /// The line's parts before the time, and whether the time is `<milliseconds>.<3 digits> ms`.
    private static func split(_ line: String) -> (String, Bool) {
        let words = line.split(separator: " ")
        guard words.count >= 3, words.last == "ms" else { return (line, false) }
        let time = words[words.count - 2]
        let parts = time.split(separator: ".")
        let wellFormed = parts.count == 2 && parts[1].count == 3 && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
        return (words.dropLast(2).joined(separator: " "), wellFormed)
    }

    @Test func everyRequestGetsOneLine() throws {
        let lines = Box<[String]>([])
        let server = try startServer { $0.verbose = { line in lines.mutate { $0.append(line) } } }
        defer { server.stop() }
        server.stub(Stub(path: "/teapot", responses: [.text(418, "{}")]))
        server.stub(Stub(path: "/reset", responses: [.fault(.connectionReset)]))
        server.stub(
            Stub(
                pattern: RequestPattern(method: "GET", path: "/s"), scenario: "flow", newState: "done",
                responses: [.text(200, "")]))
        _ = try exchange(server, "GET", "/teapot?x=1")
        _ = try exchange(server, "GET", "/reset")
        _ = try exchange(server, "GET", "/s")
        _ = try exchange(server, "GET", "/s")
        _ = try exchange(server, "GET", "/v1/images/search?limit=2")
        _ = try exchange(server, "GET", "/nowhere")
        _ = try exchange(server, "GET", "/__admin/health")
        let seen = lines.value.map(Self.split)
        #expect(
            seen.map(\.0) == [
                "GET /teapot?x=1 418 stub 1", "GET /reset - stub 2 fault connectionReset",
                "GET /s 200 stub 3 (scenario flow: Started -> done)", "GET /s 200 stub 3 (scenario flow: done -> done)",
                "GET /v1/images/search?limit=2 200 route /v1/images/search", "GET /nowhere 404 route notFound",
            ])
        let printed = lines.value
        #expect(seen.allSatisfy { $0.1 }, "\(printed)")
    }

    @Test func withoutVerboseNothingIsSaid() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(server.configuration.verbose == nil)
    }
}

/// Subject: `mock-server --verbose`, a real process: the lines on standard output.
@Suite(.requires(mockServerExecutable() != nil, "the mock-server executable is built next to the tests"))
struct VerboseProcessTests {
    @Test func theLinesGoToStandardOutput() throws {
        let directory = try folder([
            "teapot.json": #"{"pathPattern": "/tea/.*", "response": {"status": 418, "body": "teapot"}}"#
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: ["--stubs", directory.path, "--verbose"])
        let port = try #require(server.port)
        let client = try RawClient(port: port)
        client.send("GET /tea/pot HTTP/1.1\r\n\r\nGET /images/x.png HTTP/1.1\r\n\r\n")
        #expect(client.readResponses(2).count == 2)
        server.process.terminate()
        #expect(server.waitForExit(timeout: 30))
        let output = String(decoding: server.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("GET /tea/pot 418 stub 1 ") && $0.hasSuffix(" ms") }, "\(output)")
        #expect(lines.contains { $0.hasPrefix("GET /images/x.png 404 route /images/<id>.png ") }, "\(output)")
    }
}
