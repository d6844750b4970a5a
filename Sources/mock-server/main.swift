import Foundation
import MockHTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = """
    USAGE: mock-server [--host HOST] [--port PORT] [--fixtures DIR] [--idle-timeout SECONDS]

    A real HTTP/1.1 server that stands in for The Cat API (/v1/images/search), its images
    (/images/<id>.png) and NewsAPI (/v2/top-headlines, /v2/everything), with scripted stubs,
    faults and a request journal under /__admin/ (see docs/mock-server.md).

    OPTIONS:
      --host HOST              the IPv4 address to bind (default 127.0.0.1: loopback only)
      --port PORT              the port (default 8080; 0 picks a free one)
      --fixtures DIR           the Fixtures folder whose http/ holds the data sets (default ./Fixtures)
      --idle-timeout SECONDS   close connections idle this long (default 30)
      -h, --help               show this help

    The first line on standard output is `listening on http://HOST:PORT`.
    SIGINT or SIGTERM stops the server gracefully.
    """

// SIGINT and SIGTERM are blocked on every thread from the very start (threads inherit the mask)
// and taken by `sigwait` at the end: a signal that comes early, even before the server is up,
// stays pending instead of being lost or killing the process, so a stop is always graceful.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

/// Writes a line to standard output at once (unbuffered), so a parent process sees it immediately.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("mock-server: \(message)\nRun 'mock-server --help' for usage.\n".utf8))
    exit(2)
}

var host = "127.0.0.1"
var port = 8080
var fixtures: String?
var idleTimeout = 30
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    func value() -> String {
        guard let next = arguments.popFirst() else { fail("\(argument) needs a value") }
        return next
    }
    switch argument {
    case "-h", "--help":
        say(usage)
        exit(0)
    case "--host": host = value()
    case "--port":
        let raw = value()
        guard let number = Int(raw), (0...65535).contains(number) else { fail("--port \(raw): expected 0...65535") }
        port = number
    case "--fixtures": fixtures = value()
    case "--idle-timeout":
        let raw = value()
        guard let number = Int(raw), number >= 1 else { fail("--idle-timeout \(raw): expected a whole number of seconds >= 1") }
        idleTimeout = number
    default: fail("unknown argument \(argument)")
    }
}

let server: MockServer
do {
    let data = try MockData.locate(fixtures: fixtures)
    server = MockServer(configuration: .init(host: host, port: port, data: data, idleTimeout: .seconds(idleTimeout)))
    try server.start()
} catch {
    FileHandle.standardError.write(Data("mock-server: \(error)\n".utf8))
    exit(1)
}
say("listening on http://\(host):\(server.port)")

// Stop gracefully on SIGINT and SIGTERM.
var received: Int32 = 0
sigwait(&stopSignals, &received)
server.stop()
say("stopped")
exit(0)
