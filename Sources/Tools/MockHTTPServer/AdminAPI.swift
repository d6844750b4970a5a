import CommandLineSupport
import Foundation
import MVIJSON

/// The admin HTTP API under `/__admin/`: stubs, faults, the journal and reset, for tests written in
/// any language. Spec: docs/mock-server.md.
struct AdminAPI {
    let server: MockServer

    /// An admin answer: compact JSON and a final newline, so that `curl` leaves the shell's prompt
    /// on a line of its own. (The emulated services' bodies are left as their services write them.)
    static func answer(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        .json(status, value.compactText + "\n")
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let route = (request.method, request.path)
        switch route {
        case ("GET", "/__admin/health"):
            // `waiters`: the `requests/next` calls waiting now, so a client can tell that its waiter arrived.
            return Self.answer(200, ["status": "ok", "waiters": .integer(server.journal.waiters)])
        case ("POST", "/__admin/stubs"):
            return addStub(request)
        case ("GET", "/__admin/stubs"):
            return Self.answer(200, ["stubs": .array(server.stubs.map(Self.encode))])
        case ("DELETE", "/__admin/stubs"):
            server.removeAllStubs()
            return HTTPResponse(status: 204)
        case ("GET", "/__admin/requests"), ("GET", "/__admin/requests/count"),
            ("POST", "/__admin/requests/find"), ("POST", "/__admin/requests/count"):
            return findRequests(request, countOnly: request.path.hasSuffix("/count"))
        case ("GET", "/__admin/requests/unmatched"):
            let entries = server.journal.all.filter { $0.stub == nil }
            return Self.answer(200, ["count": .integer(entries.count), "requests": .array(entries.map(Self.encode))])
        case ("GET", "/__admin/requests/next"):
            let raw = request.queryValue("timeoutMs") ?? "5000"
            guard let milliseconds = Int(raw), (0...60_000).contains(milliseconds) else {
                return error(400, "timeoutMs must be a whole number from 0 to 60000, got \(raw)")
            }
            switch server.journal.take(timeout: .milliseconds(milliseconds)) {
            case .entry(let entry): return Self.answer(200, Self.encode(entry))
            case .timedOut: return error(408, "no request arrived within \(milliseconds) ms")
            case .stopped: return error(503, "the server is stopping")
            }
        case ("DELETE", "/__admin/requests"):
            server.journal.reset()
            return HTTPResponse(status: 204)
        case ("POST", "/__admin/reset"):
            server.reset()
            return HTTPResponse(status: 204)
        case ("GET", "/__admin/scenarios"):
            let list = server.scenarios.map { scenario in
                JSONValue.object([
                    "name": .string(scenario.name), "state": .string(scenario.state),
                    "possibleStates": .array(scenario.possibleStates.map(JSONValue.string)),
                ])
            }
            return Self.answer(200, ["scenarios": .array(list)])
        case ("POST", "/__admin/scenarios/reset"):
            server.resetScenarios()
            return HTTPResponse(status: 204)
        default:
            if request.path.hasPrefix("/__admin/requests/"), request.path.hasSuffix("/near-misses"),
                request.method == "GET"
            {
                return nearMisses(request)
            }
            if request.path.hasPrefix("/__admin/requests/"), request.path.hasSuffix("/release"),
                request.method == "POST"
            {
                let middle = request.path.dropFirst("/__admin/requests/".count).dropLast("/release".count)
                guard let sequence = Int(middle) else {
                    return error(400, "expected /__admin/requests/<sequence>/release")
                }
                return server.releaseStaged(sequence)
                    ? HTTPResponse(status: 204) : error(404, "no answer is staged for request \(sequence)")
            }
            if request.path.hasPrefix("/__admin/scenarios/"), request.path.hasSuffix("/state"), request.method == "PUT"
            {
                return setScenarioState(request)
            }
            if request.path.hasPrefix("/__admin/stubs/"), request.method == "DELETE" {
                guard let id = Int(request.path.dropFirst("/__admin/stubs/".count)) else {
                    return error(400, "expected /__admin/stubs/<id>")
                }
                return server.removeStub(id) ? HTTPResponse(status: 204) : error(404, "no stub \(id)")
            }
            return error(404, "no admin route \(request.method) \(request.path); see docs/mock-server.md")
        }
    }

    /// `GET` filters by query parameters (`method`, `path`, `query.NAME`, `header.NAME`); `POST` by
    /// a pattern in the body, in the form a stub uses.
    private func findRequests(_ request: HTTPRequest, countOnly: Bool) -> HTTPResponse {
        let pattern: RequestPattern
        if request.method == "POST" {
            do { pattern = try StubDecoder.requestPattern(request.body) } catch {
                return Self.answer(400, error.adminAnswer)
            }
        } else {
            var filter = RequestPattern()
            for (name, value) in request.query {
                if name == "method" {
                    filter.method = value.uppercased()
                } else if name == "path" {
                    filter.path = value
                } else if name.hasPrefix("query."), name.count > 6 {
                    filter.query[String(name.dropFirst(6))] = value
                } else if name.hasPrefix("header."), name.count > 7 {
                    filter.headers[String(name.dropFirst(7))] = value
                } else {
                    return error(400, "\(name): unknown filter; expected method, path, query.NAME, header.NAME")
                }
            }
            pattern = filter
        }
        let entries = server.journal.all.filter { pattern.matches($0.request) }
        var fields: JSONObject = ["count": .integer(entries.count), "dropped": .integer(server.journal.dropped)]
        if !countOnly { fields["requests"] = .array(entries.map(Self.encode)) }
        return Self.answer(200, .object(fields))
    }

    /// `GET /__admin/requests/<sequence>/near-misses`.
    private func nearMisses(_ request: HTTPRequest) -> HTTPResponse {
        let middle = request.path.dropFirst("/__admin/requests/".count).dropLast("/near-misses".count)
        guard let sequence = Int(middle) else { return error(400, "expected /__admin/requests/<sequence>/near-misses") }
        guard let entry = server.journal.entry(sequence) else {
            return error(404, "no request \(sequence) in the journal")
        }
        let misses = server.nearMisses(for: entry.request).map { miss in
            JSONValue.object([
                "stub": .integer(miss.stub), "method": miss.pattern.method.map(JSONValue.string) ?? .null,
                "path": miss.pattern.path.map(JSONValue.string) ?? .null,
                "reasons": .array(miss.reasons.map(JSONValue.string)),
            ])
        }
        return Self.answer(200, ["sequence": .integer(sequence), "nearMisses": .array(misses)])
    }

    /// `PUT /__admin/scenarios/<name>/state` with `{"state": "..."}`.
    private func setScenarioState(_ request: HTTPRequest) -> HTTPResponse {
        let name = String(request.path.dropFirst("/__admin/scenarios/".count).dropLast("/state".count))
        guard !name.isEmpty else { return error(400, "expected /__admin/scenarios/<name>/state") }
        let value: JSONValue
        do throws(JSONReadError) { value = try JSONValue.parse(String(decoding: request.body, as: UTF8.self)) } catch {
            return self.error(400, StubError.notJSON(error).description)
        }
        guard case .object(let fields) = value else { return error(400, StubError.notAnObject.description) }
        if let unknown = fields.keys.first(where: { $0 != "state" }) {
            let refusal = StubError.unknownField(
                field: unknown, expected: ["state"], suggestion: Suggestion.closest(to: unknown, among: ["state"]))
            return Self.answer(400, refusal.adminAnswer)
        }
        guard case .string(let state)? = fields["state"], !state.isEmpty else {
            return error(400, "state: expected a non-empty string")
        }
        return server.setScenario(name, to: state)
            ? HTTPResponse(status: 204) : error(404, "no stub names scenario \(name)")
    }

    /// A stub as `GET /__admin/stubs` lists it: the parts it has (a path pattern, presence checks,
    /// a body, a scenario only when given), the number of responses and how often it answered.
    private static func encode(_ entry: (id: Int, stub: Stub, served: Int)) -> JSONValue {
        let pattern = entry.stub.pattern
        var fields: JSONObject = [
            "id": .integer(entry.id), "method": pattern.method.map(JSONValue.string) ?? .null,
            "path": pattern.path.map(JSONValue.string) ?? .null,
        ]
        if let pathPattern = pattern.pathPattern { fields["pathPattern"] = .string(pathPattern.source) }
        fields["query"] = encode(pattern.query)
        fields["headers"] = encode(pattern.headers)
        for (key, presence) in [("queryPresence", pattern.queryPresence), ("headerPresence", pattern.headerPresence)]
        where !presence.isEmpty {
            fields[key] = .object(JSONObject(presence.keys.sorted().map { ($0, .bool(presence[$0]!)) }))
        }
        if let body = pattern.body {
            var object = JSONObject()
            object["equalToJSON"] = body.equalToJSON
            object["containsJSON"] = body.containsJSON
            fields["body"] = .object(object)
        }
        fields["scenarioName"] = entry.stub.scenario.map(JSONValue.string)
        fields["requiredScenarioState"] = entry.stub.requiredState.map(JSONValue.string)
        fields["newScenarioState"] = entry.stub.newState.map(JSONValue.string)
        fields["responses"] = .integer(entry.stub.responses.count)
        fields["served"] = .integer(entry.served)
        return .object(fields)
    }

    private static func encode(_ map: [String: String]) -> JSONValue {
        .object(JSONObject(map.keys.sorted().map { ($0, .string(map[$0]!)) }))
    }

    private func error(_ status: Int, _ message: String) -> HTTPResponse {
        Self.answer(status, ["message": .string(message)])
    }

    private func addStub(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let id = server.stub(try StubDecoder.stub(request.body))
            return Self.answer(201, ["id": .integer(id)])
        } catch {
            return Self.answer(400, error.adminAnswer)
        }
    }

    static func encode(_ entry: JournalEntry) -> JSONValue {
        let request = entry.request
        let body: (String, JSONValue) =
            if let text = String(data: request.body, encoding: .utf8) { ("body", .string(text)) } else {
                ("bodyBase64", .string(request.body.base64EncodedString()))
            }
        return .object(
            JSONObject([
                ("sequence", .integer(entry.sequence)), ("connection", .integer(entry.connection)),
                ("method", .string(request.method)),
                ("target", .string(request.target)), ("path", .string(request.path)),
                ("query", .array(request.query.map { ["name": .string($0.name), "value": .string($0.value)] })),
                ("headers", .array(request.headers.map { ["name": .string($0.name), "value": .string($0.value)] })),
                body, ("bodyBytes", .integer(entry.bodyBytes)), ("bodyTruncated", .bool(entry.bodyTruncated)),
                ("stub", entry.stub.map(JSONValue.integer) ?? .null),
                ("route", entry.route.map(JSONValue.string) ?? .null),
                ("status", entry.status.map(JSONValue.integer) ?? .null),
                ("fault", entry.fault.map { .string($0.rawValue) } ?? .null),
                ("clientWentAway", .bool(entry.clientWentAway)),
                ("scenario", entry.scenario.map(JSONValue.string) ?? .null),
                ("scenarioState", entry.scenarioState.map(JSONValue.string) ?? .null),
            ]))
    }
}
