import Foundation
import MockHTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = """
    USAGE: mock-server [--host HOST] [--port PORT] [--fixtures DIR] [--stubs DIR] [--idle-timeout SECONDS]
                       [--header-timeout SECONDS] [--write-timeout SECONDS] [--max-connections N]
                       [--max-journal-entries N] [--max-journal-body BYTES] [--event-loops N]

    A real HTTP/1.1 server that stands in for The Cat API (/v1/images/search), its images
    (/images/<id>.png) and NewsAPI (/v2/top-headlines, /v2/everything), with scripted stubs,
    faults and a request journal under /__admin/ (see docs/mock-server.md).

    OPTIONS:
      --host HOST              the IPv4 address to bind (default 127.0.0.1: loopback only)
      --port PORT              the port (default 8080; 0 picks a free one)
      --fixtures DIR           the Fixtures folder whose http/ holds the data sets (default ./Fixtures)
      --stubs DIR              load every *.json stub file of DIR at start (the admin API's format)
      --idle-timeout SECONDS   close keep-alive connections idle this long (default 30)
      --header-timeout SECONDS a request must arrive whole this long after its first byte, else 408 (default 10)
      --write-timeout SECONDS  abandon a response the client takes no byte of for this long (default 10)
      --max-connections N      connections served at once; more get 503 (default 1024)
      --max-journal-entries N  requests the journal keeps; older ones are dropped (default 10000)
      --max-journal-body BYTES body bytes the journal keeps per request (default 65536)
      --event-loops N          event-loop threads serving the connections (default 2)
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

/// A positive number of seconds (fractions allowed: 0.5).
func seconds(_ flag: String, _ raw: String) -> Duration {
    guard let number = Double(raw), number > 0, number <= 86_400 else { fail("\(flag) \(raw): expected a number of seconds from 0.001 to 86400") }
    return .milliseconds(max(1, Int(number * 1000)))
}

/// A whole number at least `minimum`.
func count(_ flag: String, _ raw: String, minimum: Int) -> Int {
    guard let number = Int(raw), number >= minimum else { fail("\(flag) \(raw): expected a whole number >= \(minimum)") }
    return number
}

var host = "127.0.0.1"
var port = 8080
var fixtures: String?
var stubsDirectory: String?
var idleTimeout = Duration.seconds(30)
var headerTimeout = Duration.seconds(10)
var writeTimeout = Duration.seconds(10)
var maxConnections = 1024
var journalLimits = JournalLimits()
var eventLoops = 2
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
    case "--stubs": stubsDirectory = value()
    case "--idle-timeout": idleTimeout = seconds(argument, value())
    case "--header-timeout": headerTimeout = seconds(argument, value())
    case "--write-timeout": writeTimeout = seconds(argument, value())
    case "--max-connections": maxConnections = count(argument, value(), minimum: 1)
    case "--max-journal-entries": journalLimits.maxEntries = count(argument, value(), minimum: 1)
    case "--max-journal-body": journalLimits.maxBodyBytes = count(argument, value(), minimum: 0)
    case "--event-loops": eventLoops = count(argument, value(), minimum: 1)
    default: fail("unknown argument \(argument)")
    }
}

// A bad stub file is a usage error: exit 2, naming the file and the field.
var stubs: [Stub] = []
if let stubsDirectory {
    do { stubs = try Stub.load(from: URL(fileURLWithPath: stubsDirectory)) } catch {
        FileHandle.standardError.write(Data("mock-server: --stubs: \(error)\n".utf8))
        exit(2)
    }
}

let server: MockServer
do {
    let data = try MockData.locate(fixtures: fixtures)
    server = MockServer(
        configuration: .init(
            host: host, port: port, data: data, idleTimeout: idleTimeout, headerTimeout: headerTimeout, writeTimeout: writeTimeout,
            maxConnections: maxConnections, journal: journalLimits, eventLoops: eventLoops))
    // Files in name order; a stub added later is tried first, so the last file wins a tie.
    for stub in stubs { server.stub(stub) }
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
