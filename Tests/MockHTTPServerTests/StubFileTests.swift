import Foundation
import MVITestSupport
import MockHTTPServer
import Testing

/// A fresh folder under the temporary directory with these files.
func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stubs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    return url
}

/// Subject: stub files, read from a real folder.
@Suite struct StubFileTests {
    @Test func everyJSONFileIsOneStubInNameOrder() throws {
        let directory = try folder([
            "b.json": #"{"path": "/b", "response": {"status": 202}}"#,
            "a.json": #"{"method": "POST", "path": "/a", "response": {"status": 201}}"#,
            "notes.txt": "not a stub",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let stubs = try Stub.load(from: directory)
        #expect(stubs.map(\.path) == ["/a", "/b"])
        #expect(stubs.map(\.method) == ["POST", "GET"])
    }

    @Test func aBadFileNamesTheFileAndTheField() throws {
        let directory = try folder([
            "good.json": #"{"path": "/a", "response": {}}"#, "bad.json": #"{"path": "/b", "response": {"status": 99}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: StubError.self) { try Stub.load(from: directory) }
        #expect(
            error.description == directory.appendingPathComponent("bad.json").path
                + ": responses[0].status: expected a whole number from 100 to 599, got 99")
    }

    /// A FIFO or a device named like a stub is refused unread, without blocking, and named.
    @Test(.timeLimit(.minutes(1))) func aStubFileThatIsNotARegularFileIsRefusedUnread() throws {
        let directory = try folder([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a.json").path
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: StubError.unreadable(path: path, reason: "the file is a FIFO, not a regular file")) {
            try Stub.load(from: directory)
        }
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        #expect(
            throws: StubError.unreadable(
                path: path,
                reason: "the file is a symbolic link to /dev/zero, which is a character device, not a regular file")
        ) { try Stub.load(from: directory) }
    }

    @Test func aMissingFolderIsNamed() throws {
        let error = try #require(throws: StubError.self) {
            try Stub.load(from: URL(fileURLWithPath: "/nonexistent/stubs"))
        }
        #expect(error.description.hasPrefix("/nonexistent/stubs: cannot list the folder"))
    }
}

/// Subject: `mock-server --stubs DIR`, a real process.
@Suite(.requires(mockServerExecutable() != nil, "the mock-server executable is built next to the tests"))
struct StubFileProcessTests {
    @Test func theServerAnswersFromItsStubFiles() throws {
        let directory = try folder([
            "teapot.json": #"{"path": "/v1/images/search", "response": {"status": 418, "body": "teapot"}}"#
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: ["--stubs", directory.path])
        let port = try #require(server.port)
        let client = try RawClient(port: port)
        client.send("GET /v1/images/search HTTP/1.1\r\n\r\n")
        #expect(client.readResponses(1).first?.hasPrefix("HTTP/1.1 418") == true)
        server.process.terminate()
        #expect(server.waitForExit(timeout: 30))
    }

    @Test func aBadStubFileStopsTheStartWithStatus2() throws {
        let directory = try folder(["bad.json": #"{"path": "/x", "response": {"chunked": "yes"}}"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: ["--stubs", directory.path])
        #expect(server.port == nil)
        #expect(server.waitForExit(timeout: 30))
        #expect(server.process.terminationStatus == 2)
        #expect(server.errorText.contains("bad.json: responses[0].chunked: expected true or false"))
    }
}
