import Foundation
import MockHTTPServer
import Testing

/// Subject: what the admin API refuses, each refusal naming the field, over a real socket.
@Suite struct StubValidationTests {
    @Test(arguments: [
        (
            #"{"path": "/x", "response": {"headers": {"X-A": "1\r\nSet-Cookie: evil=1"}}}"#,
            "responses[0].headers.X-A: a header value must not contain CR, LF or NUL"
        ),
        (
            #"{"path": "/x", "response": {"headers": {"X-A": "1\u0000"}}}"#,
            "responses[0].headers.X-A: a header value must not contain CR, LF or NUL"
        ),
        (
            #"{"path": "/x", "response": {"headers": {"Bad Name": "1"}}}"#,
            "responses[0].headers.Bad Name: a header name must be a token (letters, digits, !#$%&'*+-.^_`|~)"
        ),
        (#"{"path": "/x", "response": {"status": 204, "body": "x"}}"#, "responses[0].body: a 204 response has no body"),
        (#"{"path": "/x", "response": {"status": 304, "body": "x"}}"#, "responses[0].body: a 304 response has no body"),
        (
            #"{"path": "/x", "response": {"status": 101, "bodyBase64": "eA=="}}"#,
            "responses[0].bodyBase64: a 101 response has no body"
        ),
        (
            #"{"method": "HEAD", "path": "/x", "response": {"body": "x"}}"#,
            "responses[0].body: a response to HEAD has no body"
        ),
        (
            #"{"path": "/x", "response": {"headers": {"content-length": "5"}}}"#,
            "responses[0].headers.content-length: the server writes Content-Length, Transfer-Encoding and Connection itself; use chunked for chunked bodies"
        ),
        (
            #"{"path": "/x", "response": {"headers": {"Transfer-Encoding": "chunked"}}}"#,
            "responses[0].headers.Transfer-Encoding: the server writes Content-Length, Transfer-Encoding and Connection itself; use chunked for chunked bodies"
        ),
        (#"{"path": "/x", "response": {"chunked": 1}}"#, "responses[0].chunked: expected true or false"),
        (
            #"{"path": "/x", "response": {"delayMs": true}}"#,
            "responses[0].delayMs: expected a whole number from 0 to 600000"
        ),
        (
            #"{"path": "/x", "response": {"delayMs": 1.5}}"#,
            "responses[0].delayMs: expected a whole number from 0 to 600000"
        ),
        (
            #"{"path": "/x", "response": {"status": "200"}}"#,
            "responses[0].status: expected a whole number from 100 to 599"
        ),
        (
            #"{"path": "/x", "response": {"throttle": {"bytes": 1, "everyMs": 1, "burst": 2}}}"#,
            "responses[0].throttle.burst: unknown field; expected bytes, everyMs"
        ),
        (
            #"{"path": "/x", "response": {"throttle": {"bytes": 1}}}"#,
            "responses[0].throttle.everyMs: missing; expected a whole number from 0 to 600000"
        ),
        (
            #"{"path": "/x", "response": {"body": "x", "bodyBase64": "eA=="}}"#,
            "responses[0].bodyBase64: give body or bodyBase64, not both"
        ),
        (
            #"{"path": "/x", "response": {}, "responses": [{}]}"#,
            "responses: give responses (an array) or response (one), not both"
        ),
        (
            #"{"path": "/x", "method": "GE T", "response": {}}"#,
            "method: expected a method name such as GET, or null (any method)"
        ),
        (#"{"path": "/x", "headers": {"X": 1}, "response": {}}"#, "headers.X: expected a string"),
        (
            #"{"pth": "/x", "response": {}}"#,
            "pth: unknown field; expected body, headers, method, newScenarioState, path, pathPattern, query, "
                + "requiredScenarioState, response, responses, scenarioName; did you mean path?"
        ),
        (
            #"{"path": "/x", "response": {"fault": "stal"}}"#,
            "responses[0].fault: expected one of connectionReset, emptyResponse, malformedChunk, garbageThenClose, stall, truncatedBody; did you mean stall?"
        ),
        (
            #"{"path": "/x", "responses": [{}, {"status": 200, "extra": 1}]}"#,
            "responses[1].extra: unknown field; expected body, bodyBase64, chunkSize, chunked, delayMs, fault, headers, status, throttle"
        ),
    ])
    func aBadStubIsRefusedNamingTheField(body: String, message: String) throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(try exchange(server, "POST", "/__admin/stubs", body: body))
        #expect(response.status == 400)
        #expect((json(response.body) as? [String: String])?["message"] == message)
        #expect(server.stubs.isEmpty)
    }

    /// The one place where an absent part does not mean "any": a stub without `method` stands in for
    /// a GET route, while a search without `method` finds every method (docs/mock-server.md).
    @Test func aStubWithoutMethodIsGETButASearchWithoutMethodIsAny() throws {
        let server = try startServer()
        defer { server.stop() }
        #expect(
            try exchange(server, "POST", "/__admin/stubs", body: #"{"path": "/x", "response": {"status": 202}}"#)?
                .status == 201)
        #expect(server.stubs.first?.stub.pattern.method == "GET")
        #expect(try exchange(server, "GET", "/x")?.status == 202)
        #expect(try exchange(server, "POST", "/x", body: "")?.status != 202, "a stub without method is not a POST stub")
        let count = try #require(try exchange(server, "POST", "/__admin/requests/count", body: #"{"path": "/x"}"#))
        #expect(
            (json(count.body) as? [String: Any])?["count"] as? Int == 2,
            "the search without method finds the GET and the POST")
    }

    @Test func aGoodStubWithEveryFieldIsTaken() throws {
        let server = try startServer()
        defer { server.stop() }
        let body = #"""
            {"method": null, "path": "/x", "query": {"a": "1"}, "headers": {"X-Key": "k"},
             "responses": [{"status": 201, "headers": {"X-A": "b"}, "body": "hi", "chunked": true, "chunkSize": 1, "delayMs": 0,
                            "throttle": {"bytes": 1, "everyMs": 0}}, {"status": 204}, {"fault": "truncatedBody"}]}
            """#
        let response = try #require(try exchange(server, "POST", "/__admin/stubs", body: body))
        #expect(response.status == 201)
        let stub = try #require(server.stubs.first?.stub)
        #expect(stub.method == nil)
        #expect(stub.headers == ["X-Key": "k"])
        #expect(stub.responses.map(\.status) == [201, 204, 200])
        #expect(stub.responses.last?.fault == .truncatedBody)
    }
}
