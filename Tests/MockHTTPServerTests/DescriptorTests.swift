import Foundation
import MVITestSupport
import Testing

/// Subject: a `mock-server` process run out of file descriptors (`ulimit -n 64`) by real clients.
@Suite(.requires(mockServerExecutable() != nil, "the mock-server executable is built next to the tests"))
struct DescriptorTests {
    @Test func outOfDescriptorsNewClientsGet503OldOnesAreServedAndServiceRecovers() throws {
        let server = try ServerProcess(arguments: [], limit: "ulimit -n 64")
        let port = try #require(server.port)
        defer { server.process.terminate() }
        let first = try RawClient(port: port)
        first.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(first.readResponses(1).first?.hasPrefix("HTTP/1.1 200") == true)
        // More clients than the server has descriptors: the later ones are refused.
        var crowd = try (0..<100).map { _ in try RawClient(port: port) }
        let refused = crowd.suffix(20).map { $0.readAll(timeout: 10) }
        #expect(
            refused.allSatisfy { $0.hasPrefix("HTTP/1.1 503") || $0.isEmpty }, "got: \(refused.map { $0.prefix(12) })")
        #expect(refused.contains { $0.hasPrefix("HTTP/1.1 503") })
        // A connection open before is still served.
        first.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(first.readResponses(1).first?.hasPrefix("HTTP/1.1 200") == true)
        // Descriptors free up: service recovers by itself.
        crowd.removeAll()
        var recovered = false
        let deadline = Date().addingTimeInterval(30)
        while !recovered, Date() < deadline {
            let client = try RawClient(port: port)
            client.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
            recovered = client.readResponses(1).first?.hasPrefix("HTTP/1.1 200") == true
        }
        #expect(recovered)
        server.process.terminate()
        #expect(server.waitForExit(timeout: 30))
        let lines = server.errorText.components(separatedBy: "\n").filter { $0.contains("out of file descriptors") }
        // One line per episode, not one per refused client (20 here). A second episode may begin
        // during recovery: an accept succeeds more than a second after the last refusal while the
        // crowd's connections are still closing, and the recovering clients run out again.
        #expect((1...2).contains(lines.count), "one log line per episode: \(lines)")
    }
}
