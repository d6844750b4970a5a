import Foundation

/// The admin HTTP API under `/__admin/`: stubs, faults, the journal and reset, for tests written in
/// any language. Spec: docs/mock-server.md.
struct AdminAPI {
    let server: MockServer

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let route = (request.method, request.path)
        switch route {
        case ("GET", "/__admin/health"):
            return .json(200, JSON.object([("status", .string("ok"))]).text)
        case ("POST", "/__admin/stubs"):
            return addStub(request)
        case ("GET", "/__admin/stubs"):
            let list = server.stubs.map { entry in
                JSON.object([
                    ("id", .int(entry.id)), ("method", entry.stub.method.map(JSON.string) ?? .null), ("path", .string(entry.stub.path)),
                    ("query", .object(entry.stub.query.keys.sorted().map { ($0, .string(entry.stub.query[$0]!)) })),
                    ("responses", .int(entry.stub.responses.count)), ("served", .int(entry.served)),
                ])
            }
            return .json(200, JSON.object([("stubs", .array(list))]).text)
        case ("DELETE", "/__admin/stubs"):
            server.removeAllStubs()
            return HTTPResponse(status: 204)
        case ("GET", "/__admin/requests"):
            let entries = server.journal.all
            return .json(200, JSON.object([("count", .int(entries.count)), ("requests", .array(entries.map(Self.encode)))]).text)
        case ("GET", "/__admin/requests/count"):
            return .json(200, JSON.object([("count", .int(server.journal.count))]).text)
        case ("GET", "/__admin/requests/next"):
            let raw = request.queryValue("timeoutMs") ?? "5000"
            guard let milliseconds = Int(raw), (0...60_000).contains(milliseconds) else {
                return error(400, "timeoutMs must be a whole number from 0 to 60000, got \(raw)")
            }
            guard let entry = server.journal.next(timeout: .milliseconds(milliseconds)) else {
                return error(408, "no request arrived within \(milliseconds) ms")
            }
            return .json(200, Self.encode(entry).text)
        case ("DELETE", "/__admin/requests"):
            server.journal.reset()
            return HTTPResponse(status: 204)
        case ("POST", "/__admin/reset"):
            server.reset()
            return HTTPResponse(status: 204)
        default:
            if request.path.hasPrefix("/__admin/stubs/"), request.method == "DELETE" {
                guard let id = Int(request.path.dropFirst("/__admin/stubs/".count)) else { return error(400, "expected /__admin/stubs/<id>") }
                return server.removeStub(id) ? HTTPResponse(status: 204) : error(404, "no stub \(id)")
            }
            return error(404, "no admin route \(request.method) \(request.path); see docs/mock-server.md")
        }
    }

    private func error(_ status: Int, _ message: String) -> HTTPResponse {
        .json(status, JSON.object([("message", .string(message))]).text)
    }

    private func addStub(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let stub = try Self.decodeStub(request.body)
            let id = server.stub(stub)
            return .json(201, JSON.object([("id", .int(id))]).text)
        } catch let failure as AdminError {
            return error(400, failure.message)
        } catch {
            return self.error(400, "\(error)")
        }
    }

    struct AdminError: Error {
        let message: String
    }

    /// Reads a stub from its JSON form (docs/mock-server.md); errors name the field.
    static func decodeStub(_ body: Data) throws -> Stub {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw AdminError(message: "the body must be a JSON object")
        }
        func reject(_ fields: [String: Any], allowed: Set<String>, at place: String) throws {
            if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw AdminError(message: "\(place)\(unknown): unknown field; expected \(allowed.sorted().joined(separator: ", "))")
            }
        }
        try reject(object, allowed: ["method", "path", "query", "response", "responses"], at: "")
        guard let path = object["path"] as? String, path.hasPrefix("/") else { throw AdminError(message: "path: expected a string starting with /") }
        var method: String? = "GET"
        if let raw = object["method"] {
            if raw is NSNull { method = nil } else {
                guard let text = raw as? String, !text.isEmpty else { throw AdminError(message: "method: expected a string or null (any method)") }
                method = text.uppercased()
            }
        }
        var query: [String: String] = [:]
        if let raw = object["query"] {
            guard let fields = raw as? [String: Any] else { throw AdminError(message: "query: expected an object of strings") }
            for (key, value) in fields {
                guard let text = value as? String else { throw AdminError(message: "query.\(key): expected a string") }
                query[key] = text
            }
        }
        let rawResponses: [Any]
        if let list = object["responses"] {
            guard let array = list as? [Any], !array.isEmpty else { throw AdminError(message: "responses: expected a non-empty array") }
            rawResponses = array
        } else if let single = object["response"] {
            rawResponses = [single]
        } else {
            throw AdminError(message: "responses: missing; give responses (an array) or response (one)")
        }
        var responses: [StubResponse] = []
        for (index, raw) in rawResponses.enumerated() {
            let place = "responses[\(index)]."
            guard let fields = raw as? [String: Any] else { throw AdminError(message: "responses[\(index)]: expected an object") }
            try reject(fields, allowed: ["status", "headers", "body", "bodyBase64", "chunked", "chunkSize", "delayMs", "throttle", "fault"], at: place)
            var response = StubResponse()
            if let status = fields["status"] {
                guard let number = status as? Int, (100...599).contains(number) else { throw AdminError(message: "\(place)status: expected 100...599") }
                response.status = number
            }
            if let headers = fields["headers"] {
                guard let map = headers as? [String: Any] else { throw AdminError(message: "\(place)headers: expected an object of strings") }
                for key in map.keys.sorted() {
                    guard let value = map[key] as? String else { throw AdminError(message: "\(place)headers.\(key): expected a string") }
                    response.headers.append((key, value))
                }
            }
            if let body = fields["body"] {
                guard let text = body as? String else { throw AdminError(message: "\(place)body: expected a string") }
                response.body = Data(text.utf8)
            }
            if let encoded = fields["bodyBase64"] {
                guard let text = encoded as? String, let data = Data(base64Encoded: text) else { throw AdminError(message: "\(place)bodyBase64: expected base64") }
                response.body = data
            }
            if let chunked = fields["chunked"] {
                guard let flag = chunked as? Bool else { throw AdminError(message: "\(place)chunked: expected true or false") }
                response.chunked = flag
            }
            if let size = fields["chunkSize"] {
                guard let number = size as? Int, number >= 1 else { throw AdminError(message: "\(place)chunkSize: expected a whole number >= 1") }
                response.chunkSize = number
            }
            if let delay = fields["delayMs"] {
                guard let number = delay as? Int, (0...600_000).contains(number) else { throw AdminError(message: "\(place)delayMs: expected 0...600000") }
                response.delayMilliseconds = number
            }
            if let throttle = fields["throttle"] {
                guard let map = throttle as? [String: Any], let bytes = map["bytes"] as? Int, bytes >= 1, let every = map["everyMs"] as? Int, every >= 0 else {
                    throw AdminError(message: "\(place)throttle: expected {\"bytes\": n >= 1, \"everyMs\": n >= 0}")
                }
                response.throttleBytes = bytes
                response.throttleMilliseconds = every
            }
            if let fault = fields["fault"] {
                guard let name = fault as? String, let value = Fault(rawValue: name) else {
                    throw AdminError(message: "\(place)fault: expected one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                response.fault = value
            }
            responses.append(response)
        }
        return Stub(method: method, path: path, query: query, responses: responses)
    }

    static func encode(_ entry: JournalEntry) -> JSON {
        let request = entry.request
        let body: (String, JSON) =
            if let text = String(data: request.body, encoding: .utf8) { ("body", .string(text)) } else { ("bodyBase64", .string(request.body.base64EncodedString())) }
        return .object([
            ("sequence", .int(entry.sequence)), ("connection", .int(entry.connection)), ("method", .string(request.method)),
            ("target", .string(request.target)), ("path", .string(request.path)),
            ("query", .array(request.query.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })),
            ("headers", .array(request.headers.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })),
            body,
            ("status", entry.status.map(JSON.int) ?? .null), ("fault", entry.fault.map { .string($0.rawValue) } ?? .null),
            ("clientWentAway", .bool(entry.clientWentAway)),
        ])
    }
}
