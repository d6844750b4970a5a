import CommandLineSupport
import Foundation

/// The `mock-server` command: its options, read once from the parsed command line, and its run.
public struct MockServerCommand: Sendable {
    public static let spec = CommandSpec(
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
            .value(
                "header-timeout", "SECONDS",
                "a request must arrive whole this long after its first byte, else 408 (default 10)"),
            .value(
                "write-timeout", "SECONDS", "abandon a response the client takes no byte of for this long (default 10)"),
            .value("max-connections", "N", "connections served at once; more get 503 (default 1024)"),
            .value("max-journal-entries", "N", "requests the journal keeps; older ones are dropped (default 10000)"),
            .value("max-journal-body", "BYTES", "body bytes the journal keeps per request (default 65536)"),
            .value("event-loops", "N", "event-loop threads serving the connections (default 2)"),
            .value(
                "news-api-keys", "LIST",
                "the NewsAPI keys accepted, comma-separated; others get 401 apiKeyInvalid (default: any key)"),
            .value(
                "news-request-limit", "N",
                "NewsAPI requests one key may make before 429 rateLimited (default: no limit)"),
            .value("news-disabled-keys", "LIST", "NewsAPI keys, comma-separated, that get 401 apiKeyDisabled"),
            .value(
                "proxy", "UPSTREAM",
                "forward requests no stub answers to UPSTREAM (an http or https URL) instead of the built-in routes"),
            .value(
                "record", "DIR",
                "with --proxy: write each upstream answer to DIR as a stub file (the --stubs format), keys redacted"),
            .flag(
                "verbose",
                "print a line per request on standard output: method, target, status, what answered, time taken"),
        ],
        discussion: """
            The first line on standard output is `listening on http://HOST:PORT`; the second names the data set and where it was found.
            SIGINT or SIGTERM stops the server gracefully. A bad argument or stub file exits with
            status 2; data sets that cannot be read or a port that cannot be bound, with status 1.
            """)

    /// What the command writes to, and how it waits for its stop.
    public struct IO {
        /// Standard output, written at once (unbuffered) so that a parent process sees each line immediately.
        public var out: (String) -> Void
        public var err: (String) -> Void
        /// Blocks until the server is asked to stop (SIGINT or SIGTERM for the executable).
        public var waitForStop: () -> Void

        public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, waitForStop: @escaping () -> Void)
        {
            self.out = out
            self.err = err
            self.waitForStop = waitForStop
        }

        func say(_ line: String) { out(line + "\n") }
    }

    public var host: String
    public var port: Int
    /// `--fixtures`: the folder whose http/ holds the data sets.
    public var fixtures: String?
    /// `--stubs`: a folder of stub files loaded at start.
    public var stubs: String?
    public var journal: JournalLimits
    public var newsAPI: NewsAPIKeys
    public var idleTimeout: Duration
    public var headerTimeout: Duration
    public var writeTimeout: Duration
    public var maxConnections: Int
    public var eventLoops: Int
    public var proxy: ProxyConfiguration?
    /// `--verbose`: a line per request on standard output.
    public var verbose: Bool

    /// Reads the parsed command line; a mistake is a usage error that names the option.
    public init(_ parsed: ParsedCommand) throws(UsageError) {
        func fail(_ message: String) -> UsageError { UsageError(command: "mock-server", message) }
        /// The value of `--name` read by `read`, or `fallback` when the option is absent.
        func option<Value>(_ name: String, _ fallback: Value, _ read: (String) -> Value?, expected: String)
            throws(UsageError) -> Value
        {
            guard let raw = parsed.value(name) else { return fallback }
            guard let value = read(raw) else { throw fail("--\(name) \(raw): expected \(expected)") }
            return value
        }
        /// A positive number of seconds (fractions allowed: 0.5).
        func seconds(_ name: String, default fallback: Duration) throws(UsageError) -> Duration {
            try option(
                name, fallback,
                { raw in
                    Double(raw).flatMap { $0 > 0 && $0 <= 86_400 ? Duration.milliseconds(max(1, Int($0 * 1000))) : nil }
                }, expected: "a number of seconds from 0.001 to 86400")
        }
        /// A whole number at least `minimum`.
        func count(_ name: String, default fallback: Int, minimum: Int) throws(UsageError) -> Int {
            try option(
                name, fallback, { Int($0).flatMap { $0 >= minimum ? $0 : nil } },
                expected: "a whole number >= \(minimum)")
        }
        /// A comma-separated list of one key or more.
        func keys(_ name: String) throws(UsageError) -> Set<String>? {
            guard let list = parsed.value(name) else { return nil }
            let keys = Set(
                list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            if keys.isEmpty { throw fail("--\(name) \(list): expected one key or more, comma-separated") }
            return keys
        }

        if let extra = (parsed.arguments + parsed.passthrough).first { throw fail("unexpected argument \(extra)") }
        host = parsed.value("host") ?? "127.0.0.1"
        port = try option(
            "port", 8080, { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } }, expected: "0...65535")
        fixtures = parsed.value("fixtures")
        stubs = parsed.value("stubs")
        journal = JournalLimits(
            maxEntries: try count("max-journal-entries", default: 10_000, minimum: 1),
            maxBodyBytes: try count("max-journal-body", default: 65_536, minimum: 0))
        newsAPI = NewsAPIKeys()
        if let accepted = try keys("news-api-keys") { newsAPI.accepted = accepted }
        if let disabled = try keys("news-disabled-keys") { newsAPI.disabled = disabled }
        if parsed.flag("news-request-limit") {
            newsAPI.requestLimit = try count("news-request-limit", default: 0, minimum: 0)
        }
        idleTimeout = try seconds("idle-timeout", default: .seconds(30))
        headerTimeout = try seconds("header-timeout", default: .seconds(10))
        writeTimeout = try seconds("write-timeout", default: .seconds(10))
        maxConnections = try count("max-connections", default: 1024, minimum: 1)
        eventLoops = try count("event-loops", default: 2, minimum: 1)
        verbose = parsed.flag("verbose")
        let record = parsed.value("record").map { URL(fileURLWithPath: $0, isDirectory: true) }
        proxy = try option(
            "proxy", nil as ProxyConfiguration?,
            { raw in
                guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                    return nil
                }
                return ProxyConfiguration(upstream: url, recordDirectory: record)
            }, expected: "an http or https URL such as https://api.thecatapi.com")
        if record != nil, proxy == nil {
            throw fail("--record needs --proxy UPSTREAM: it records what the upstream answers")
        }
    }

    /// Parses `arguments` (without the program's name) and runs the server until `io` says stop;
    /// help, the version and usage errors as every command prints them. Returns the exit status.
    public static func run(_ arguments: [String], io: IO) -> Int32 {
        spec.run(arguments, out: io.out, err: io.err) { parsed throws(UsageError) in
            try MockServerCommand(parsed).run(io: io)
        }
    }

    /// Starts the server and serves until `io.waitForStop` returns; the exit status. A bad stub
    /// file is a usage error (2, naming the file and the field); data sets that cannot be read and
    /// a port that cannot be bound are failures (1).
    ///
    /// The server, its data sets and its stubs live in this function alone, so that all of it is
    /// released before the process exits and a leak checker run at exit (the address sanitizer's)
    /// finds nothing left.
    public func run(io: IO) throws(UsageError) -> Int32 {
        let stubs: [Stub]
        do {
            stubs = try self.stubs.map { try Stub.load(from: URL(fileURLWithPath: $0)) } ?? []
        } catch {
            throw UsageError(command: "mock-server", "--stubs: \(error)")
        }
        let server: MockServer
        let data: MockData
        do {
            data = try MockData.locate(fixtures: fixtures)
            server = MockServer(
                configuration: .init(
                    host: host, port: port, data: data, idleTimeout: idleTimeout, headerTimeout: headerTimeout,
                    writeTimeout: writeTimeout,
                    maxConnections: maxConnections, journal: journal, eventLoops: eventLoops, newsAPI: newsAPI,
                    proxy: proxy, verbose: verbose ? LineSink(io.out).say : nil))
            // Files in name order; a stub added later is tried first, so the last file wins a tie.
            for stub in stubs { server.stub(stub) }
            try server.start()
        } catch {
            io.err("mock-server: \(error)\n")
            return ExitStatus.failure
        }
        io.say("listening on http://\(host):\(server.port)")
        io.say(data.summary)
        io.waitForStop()
        server.stop()
        io.say("stopped")
        return ExitStatus.success
    }
}

/// Standard output shared by the event loops for `--verbose`: one whole line at a time.
private final class LineSink: @unchecked Sendable {  // `out` is called only with `lock` held
    private let lock = NSLock()
    private let out: (String) -> Void

    init(_ out: @escaping (String) -> Void) { self.out = out }

    @Sendable func say(_ line: String) { lock.withLock { out(line + "\n") } }
}
