import Foundation
import MVIEssentials
import MVIJSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a proxying server forwards the requests no stub answers, and where it records what came
/// back (`mock-server --proxy UPSTREAM --record DIR`, docs/mock-server.md, "Proxy and record").
public struct ProxyConfiguration: Sendable {
    /// Scheme, host and port (and path prefix) of the real service; the request's path and query follow it.
    public var upstream: URL
    /// The folder stub files are written to, in the `--stubs DIR` format; nil forwards without recording.
    public var recordDirectory: URL?
    /// How long the upstream may take to answer.
    public var timeout: TimeInterval

    public init(upstream: URL, recordDirectory: URL? = nil, timeout: TimeInterval = 30) {
        self.upstream = upstream
        self.recordDirectory = recordDirectory
        self.timeout = timeout
    }
}

/// Forwards requests to the upstream and records each answer as a stub file.
///
/// Secrets stay out of the files: the request's `X-Api-Key` and `Authorization` headers are never
/// written (a stub matches on method, path and query alone), the `apiKey` / `api_key` query
/// parameters are left out of the match, and every key value the request carried is replaced by
/// `[redacted]` where it stands whole in the answer's headers and text body (``KeyRedaction``);
/// a key too short for that to be safe inside text gets one log line. Answers to the same method,
/// path and query go into one stub, in order, so a replay serves them in the order they came (the
/// last one repeats).
final class Proxy: Sendable {
    /// Headers of the upstream's answer that the proxy writes itself or that describe one connection.
    static let droppedResponseHeaders: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "server", "date", "content-encoding",
    ]
    /// Headers of the client's request that are not forwarded.
    static let droppedRequestHeaders: Set<String> = [
        "host", "connection", "content-length", "keep-alive", "transfer-encoding",
    ]

    let configuration: ProxyConfiguration
    private let session: URLSession
    private let log: @Sendable (String) -> Void
    /// The stubs recorded so far, by file name.
    private let recorded = Locked<[String: Stub]>([:])
    /// The short keys already warned about (in memory only, never printed), so that each gets one line.
    private let warnedShortKeys = Locked<Set<String>>([])

    init(_ configuration: ProxyConfiguration, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.log = log
        // The one data-task wrapper every HTTP client of the package uses; no cache, so that every
        // request reaches the upstream and every answer is recorded.
        session = URLSessionTransfer.session(timeout: configuration.timeout, cachesResponses: false)
    }

    deinit { session.invalidateAndCancel() }

    /// Forwards `request` and waits for the upstream's answer (a 502 naming the problem when there
    /// is none); records it when a record folder is set. Runs off the event loop.
    func forward(_ request: HTTPRequest) -> HTTPResponse {
        var prefix = configuration.upstream.absoluteString
        while prefix.hasSuffix("/") { prefix.removeLast() }
        // A target in absolute form (`http://host/path?q`) keeps its path and query.
        let target =
            request.target.hasPrefix("/")
            ? request.target : URL(string: request.target).map { $0.path + ($0.query.map { "?" + $0 } ?? "") } ?? "/"
        guard let url = URL(string: prefix + target) else {
            return .message(502, "cannot forward \(request.target) to \(prefix)")
        }
        var forwarded = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        forwarded.httpMethod = request.method
        for header in request.headers where !Self.droppedRequestHeaders.contains(header.name.lowercased()) {
            forwarded.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if !request.body.isEmpty { forwarded.httpBody = request.body }
        // The forward runs off the event loop (see `forward`'s caller), so it may wait for the answer.
        let answer = Locked<URLSessionTransfer.Answer?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = URLSessionTransfer.start(forwarded, on: session) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        let (data, upstreamResponse, error) = answer.withLock { $0 } ?? (nil, nil, nil)
        guard let http = upstreamResponse as? HTTPURLResponse else {
            let reason = error.map { $0.localizedDescription } ?? "no answer"
            return .message(502, "the upstream \(prefix) did not answer \(request.method) \(request.path): \(reason)")
        }
        var headers: [(name: String, value: String)] = []
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String,
                !Self.droppedResponseHeaders.contains(name.lowercased())
            else { continue }
            headers.append((name, value))
        }
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
        let response = HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data())
        if configuration.recordDirectory != nil { record(request, response) }
        return response
    }

    // MARK: Recording

    /// The key values a request carried: its `X-Api-Key`, `Authorization` (and its token) and `apiKey` query values.
    static func secrets(of request: HTTPRequest) -> [String] {
        var found: [String] = []
        for header in request.headers where ["x-api-key", "authorization"].contains(header.name.lowercased()) {
            found.append(header.value)
            if let token = header.value.split(separator: " ", maxSplits: 1).dropFirst().first {
                found.append(String(token))
            }
        }
        found += request.query.filter { isKeyParameter($0.name) }.map(\.value)
        return found.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    static func isKeyParameter(_ name: String) -> Bool { ["apikey", "api_key"].contains(name.lowercased()) }

    private func record(_ request: HTTPRequest, _ response: HTTPResponse) {
        guard let directory = configuration.recordDirectory else { return }
        let redaction = KeyRedaction(keys: Self.secrets(of: request))
        warnAboutShortKeys(redaction, directory: directory)
        let body = Self.redact(response.body, with: redaction)
        let headers = response.headers.map { (name: $0.name, value: redaction.headerValue($0.value)) }
        var query: [String: String] = [:]
        for parameter in request.query where !Self.isKeyParameter(parameter.name) {
            query[parameter.name] = parameter.value
        }
        let scripted = StubResponse(status: response.status, headers: headers, body: body)
        let name = Self.fileName(method: request.method, path: request.path, query: query)
        let stub = recorded.withLock { stubs -> Stub in
            var stub =
                stubs[name] ?? Stub(method: request.method, path: request.path, query: query, responses: [scripted])
            if stubs[name] != nil { stub.responses.append(scripted) }
            stubs[name] = stub
            return stub
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(StubEncoder.text(stub).utf8).write(to: directory.appendingPathComponent(name), options: .atomic)
        } catch {
            log("--record: cannot write \(directory.appendingPathComponent(name).path): \(error.localizedDescription)")
        }
    }

    /// `body` with the keys taken out: every string of a JSON body, or the whole of a text body;
    /// a body that is not UTF-8 (an image) as it came.
    static func redact(_ body: Data, with redaction: KeyRedaction) -> Data {
        guard let text = String(data: body, encoding: .utf8) else { return body }
        let redacted = redaction.text(text)
        return redacted == text ? body : Data(redacted.utf8)
    }

    /// One log line per short key (the key itself is never printed): it is redacted only where it
    /// stands as a whole value, so a file may still hold it inside a sentence.
    private func warnAboutShortKeys(_ redaction: KeyRedaction, directory: URL) {
        for key in redaction.shortKeys where warnedShortKeys.withLock({ $0.insert(key).inserted }) {
            log(
                "--record: a key of \(key.count) character\(key.count == 1 ? "" : "s") is too short to redact safely inside text "
                    + "(\(KeyRedaction.safeLength) or more are): it is replaced only where it stands whole (a JSON string, a header "
                    + "value or word, an apiKey parameter); check \(directory.path) before sharing it")
        }
    }

    /// `<method>-<path>-<hash of the query>.json`: one file per method, path and query (without keys).
    static func fileName(method: String, path: String, query: [String: String]) -> String {
        let readable = (method + path).map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        let queryText = query.keys.sorted().map { "\($0)=\(query[$0]!)" }.joined(separator: "&")
        return String(readable.prefix(100)) + "-" + FNV1a.hex(queryText.utf8) + ".json"
    }
}

/// Writes a stub in the admin API's format (docs/mock-server.md, "Stubs and faults"): the inverse of
/// the stub reader for what a proxy records (status, headers, a text or base64 body).
enum StubEncoder {
    static func text(_ stub: Stub) -> String {
        var object: JSONObject = [:]
        if let method = stub.method { object["method"] = .string(method) }
        object["path"] = .string(stub.path)
        if !stub.query.isEmpty { object["query"] = strings(stub.query) }
        object["responses"] = .array(stub.responses.map(response))
        return JSONValue.object(object).prettyText
    }

    private static func response(_ response: StubResponse) -> JSONValue {
        var object: JSONObject = ["status": .integer(response.status)]
        if !response.headers.isEmpty {
            object["headers"] = .object(JSONObject(response.headers.map { ($0.name, .string($0.value)) }))
        }
        if !response.body.isEmpty {
            if let text = String(data: response.body, encoding: .utf8) {
                object["body"] = .string(text)
            } else {
                object["bodyBase64"] = .string(response.body.base64EncodedString())
            }
        }
        return .object(object)
    }

    private static func strings(_ map: [String: String]) -> JSONValue {
        .object(JSONObject(map.keys.sorted().map { ($0, .string(map[$0]!)) }))
    }
}
