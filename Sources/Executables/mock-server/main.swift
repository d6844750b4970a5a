import CommandLineSupport
import Foundation
import MockHTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let spec = CommandSpec(
    name: "mock-server",
    abstract: """
        A real HTTP/1.1 server that stands in for The Cat API (/v1/images/search), its images
        (/images/<id>.png) and NewsAPI (/v2/top-headlines, /v2/everything), with scripted stubs,
        faults and a request journal under /__admin/ (see docs/mock-server.md).
        """,
    options: [
        .value("host", "HOST", "the IPv4 address to bind (default 127.0.0.1: loopback only)"),
        .value("port", "PORT", "the port (default 8080; 0 picks a free one)"),
        .value("fixtures", "DIR", "the Fixtures folder whose http/ holds the data sets (default ./Fixtures)"),
        .value("stubs", "DIR", "load every *.json stub file of DIR at start (the admin API's format)"),
        .value("idle-timeout", "SECONDS", "close keep-alive connections idle this long (default 30)"),
        .value("header-timeout", "SECONDS", "a request must arrive whole this long after its first byte, else 408 (default 10)"),
        .value("write-timeout", "SECONDS", "abandon a response the client takes no byte of for this long (default 10)"),
        .value("max-connections", "N", "connections served at once; more get 503 (default 1024)"),
        .value("max-journal-entries", "N", "requests the journal keeps; older ones are dropped (default 10000)"),
        .value("max-journal-body", "BYTES", "body bytes the journal keeps per request (default 65536)"),
        .value("event-loops", "N", "event-loop threads serving the connections (default 2)"),
        .value("news-api-keys", "LIST", "the NewsAPI keys accepted, comma-separated; others get 401 apiKeyInvalid (default: any key)"),
        .value("news-request-limit", "N", "NewsAPI requests one key may make before 429 rateLimited (default: no limit)"),
        .value("news-disabled-keys", "LIST", "NewsAPI keys, comma-separated, that get 401 apiKeyDisabled"),
        .value("proxy", "UPSTREAM", "forward requests no stub answers to UPSTREAM (an http or https URL) instead of the built-in routes"),
        .value("record", "DIR", "with --proxy: write each upstream answer to DIR as a stub file (the --stubs format), keys redacted"),
    ],
    discussion: """
        The first line on standard output is `listening on http://HOST:PORT`; the second names the data set and where it was found.
        SIGINT or SIGTERM stops the server gracefully. A bad argument or stub file exits with
        status 2; data sets that cannot be read or a port that cannot be bound, with status 1.
        """)

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

let parsed = spec.parseOrExit()

func fail(_ message: String) -> Never {
    spec.exit(usage: UsageError(command: "mock-server", message))
}

/// The value of `--name` read by `read`, or `fallback` when the option is absent.
func option<Value>(_ name: String, _ fallback: Value, _ read: (String) -> Value?, expected: String) -> Value {
    guard let raw = parsed.value(name) else { return fallback }
    guard let value = read(raw) else { fail("--\(name) \(raw): expected \(expected)") }
    return value
}

/// A positive number of seconds (fractions allowed: 0.5).
func seconds(_ name: String, default fallback: Duration) -> Duration {
    option(name, fallback, { raw in
        Double(raw).flatMap { $0 > 0 && $0 <= 86_400 ? Duration.milliseconds(max(1, Int($0 * 1000))) : nil }
    }, expected: "a number of seconds from 0.001 to 86400")
}

/// A whole number at least `minimum`.
func count(_ name: String, default fallback: Int, minimum: Int) -> Int {
    option(name, fallback, { Int($0).flatMap { $0 >= minimum ? $0 : nil } }, expected: "a whole number >= \(minimum)")
}

if let extra = (parsed.arguments + parsed.passthrough).first { fail("unexpected argument \(extra)") }
let host = parsed.value("host") ?? "127.0.0.1"
let port = option("port", 8080, { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } }, expected: "0...65535")
let fixtures = parsed.value("fixtures")
let stubsDirectory = parsed.value("stubs")
let journalLimits = JournalLimits(
    maxEntries: count("max-journal-entries", default: 10_000, minimum: 1), maxBodyBytes: count("max-journal-body", default: 65_536, minimum: 0))
var newsAPI = NewsAPIKeys()
if let list = parsed.value("news-api-keys") {
    newsAPI.accepted = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    if newsAPI.accepted.isEmpty { fail("--news-api-keys \(list): expected one key or more, comma-separated") }
}
if let list = parsed.value("news-disabled-keys") {
    newsAPI.disabled = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    if newsAPI.disabled.isEmpty { fail("--news-disabled-keys \(list): expected one key or more, comma-separated") }
}
if parsed.flag("news-request-limit") { newsAPI.requestLimit = count("news-request-limit", default: 0, minimum: 0) }
let idleTimeout = seconds("idle-timeout", default: .seconds(30))
let headerTimeout = seconds("header-timeout", default: .seconds(10))
let writeTimeout = seconds("write-timeout", default: .seconds(10))
let maxConnections = count("max-connections", default: 1024, minimum: 1)
let eventLoops = count("event-loops", default: 2, minimum: 1)
let proxy = option("proxy", nil as ProxyConfiguration?, { raw in
    guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else { return nil }
    return ProxyConfiguration(upstream: url, recordDirectory: parsed.value("record").map { URL(fileURLWithPath: $0, isDirectory: true) })
}, expected: "an http or https URL such as https://api.thecatapi.com")
if parsed.value("record") != nil, proxy == nil { fail("--record needs --proxy UPSTREAM: it records what the upstream answers") }

/// The stubs of `--stubs DIR`, or the message of the usage error that names the bad file and field.
/// The error is gone when this returns, so that nothing of it is left when the process exits.
func loadStubs() -> (stubs: [Stub], problem: String?) {
    guard let stubsDirectory else { return ([], nil) }
    do { return (try Stub.load(from: URL(fileURLWithPath: stubsDirectory)), nil) } catch { return ([], "--stubs: \(error)") }
}

/// Starts the server and serves until SIGINT or SIGTERM; returns the exit status.
///
/// The server, its data sets and its stubs live in this function alone, so that all of it is
/// released before the process exits and a leak checker run at exit (the address sanitizer's)
/// finds nothing left.
@MainActor func serve() -> Int32 {
    // A bad stub file is a usage error: exit 2, naming the file and the field.
    let (stubs, stubProblem) = loadStubs()
    if let stubProblem { fail(stubProblem) }

    // Data sets that cannot be read and a port that cannot be bound are failures: exit 1.
    let server: MockServer
    let data: MockData
    do {
        data = try MockData.locate(fixtures: fixtures)
        server = MockServer(
            configuration: .init(
                host: host, port: port, data: data, idleTimeout: idleTimeout, headerTimeout: headerTimeout, writeTimeout: writeTimeout,
                maxConnections: maxConnections, journal: journalLimits, eventLoops: eventLoops, newsAPI: newsAPI, proxy: proxy))
        // Files in name order; a stub added later is tried first, so the last file wins a tie.
        for stub in stubs { server.stub(stub) }
        try server.start()
    } catch {
        FileHandle.standardError.write(Data("mock-server: \(error)\n".utf8))
        return ExitStatus.failure
    }
    say("listening on http://\(host):\(server.port)")
    say(data.summary)

    // Stop gracefully on SIGINT and SIGTERM.
    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    server.stop()
    say("stopped")
    return ExitStatus.success
}

exit(serve())
