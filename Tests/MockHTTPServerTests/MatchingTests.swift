import Foundation
import MVIJSON
import MockHTTPServer
import Testing

/// Posts `stub` over the admin API and checks that it was taken.
private func post(_ server: MockServer, _ stub: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let answer = try #require(try exchange(server, "POST", "/__admin/stubs", body: stub))
    #expect(answer.status == 201, "\(String(decoding: answer.body, as: UTF8.self))", sourceLocation: sourceLocation)
}

/// The status of one request.
private func status(
    _ server: MockServer, _ method: String, _ target: String, body: String? = nil, headers: [String] = []
) throws -> Int? {
    try exchange(server, method, target, body: body, headers: headers)?.status
}

/// Subject: request matching beyond the exact path, over a real socket: a path pattern, query
/// parameters and headers equal to a value, present or absent, and a JSON body (equal or contained).
@Suite struct MatchingTests {
    @Test func aPathPatternMatchesTheWholeDecodedPath() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(server, #"{"pathPattern": "/users/[0-9]+", "response": {"status": 201}}"#)
        #expect(try status(server, "GET", "/users/42") == 201)
        #expect(try status(server, "GET", "/users/42?x=1") == 201, "the query is not part of the path")
        #expect(try status(server, "GET", "/users/42/photos") == 404, "the whole path must match, not a prefix")
        #expect(try status(server, "GET", "/v2/users/42") == 404, "nor a part in the middle")
        #expect(try status(server, "GET", "/users/abc") == 404)
        #expect(try status(server, "GET", "/users/%34%32") == 201, "the decoded path is matched")
    }

    @Test func anExactPathStubAndAPatternStubLiveSideBySide() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(server, #"{"pathPattern": "/images/.*", "response": {"status": 410}}"#)
        try post(server, #"{"path": "/images/keep.png", "response": {"status": 200, "body": "kept"}}"#)
        #expect(try status(server, "GET", "/images/keep.png") == 200, "the newer stub is tried first")
        #expect(try status(server, "GET", "/images/gone.png") == 410)
        #expect(server.journal.all.map(\.stub) == [2, 1])
    }

    @Test func queryParametersEqualPresentOrAbsent() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(
            server,
            #"""
            {"path": "/q", "query": {"page": {"equalTo": "2"}, "limit": "5", "key": {"present": true},
                                     "debug": {"absent": true}}, "response": {"status": 202}}
            """#)
        #expect(try status(server, "GET", "/q?page=2&limit=5&key=") == 202, "present with an empty value is present")
        #expect(try status(server, "GET", "/q?page=2&limit=5&key=k&other=1") == 202, "other parameters may be there")
        #expect(try status(server, "GET", "/q?page=2&limit=5") == 404, "key is missing")
        #expect(try status(server, "GET", "/q?page=2&limit=5&key=k&debug=0") == 404, "debug must be absent")
        #expect(try status(server, "GET", "/q?page=3&limit=5&key=k") == 404)
        #expect(try status(server, "GET", "/q?page=2&limit=6&key=k") == 404)
    }

    @Test func headersEqualPresentOrAbsentWithNamesInAnyCase() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(
            server,
            #"""
            {"path": "/h", "headers": {"X-Api-Key": "k", "Accept": {"present": true}, "X-Debug": {"absent": true}},
             "response": {"status": 202}}
            """#)
        #expect(try status(server, "GET", "/h", headers: ["x-api-key: k", "ACCEPT: */*"]) == 202)
        #expect(try status(server, "GET", "/h", headers: ["X-API-KEY: k", "accept: a"]) == 202)
        #expect(
            try status(server, "GET", "/h", headers: ["X-Api-Key: K", "Accept: a"]) == 404,
            "the value is compared as is")
        #expect(try status(server, "GET", "/h", headers: ["X-Api-Key: k"]) == 404, "Accept is missing")
        #expect(try status(server, "GET", "/h", headers: ["X-Api-Key: k", "Accept: a", "x-debug: 1"]) == 404)
    }

    @Test func aBodyEqualToJSONIgnoresOrderAndSpellingOfNumbers() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(
            server,
            #"{"method": "POST", "path": "/b", "body": {"equalToJSON": {"a": 1, "b": [true, null]}}, "response": {"status": 202}}"#
        )
        #expect(try status(server, "POST", "/b", body: #"{"b": [true, null], "a": 1}"#) == 202)
        #expect(try status(server, "POST", "/b", body: #" {"a": 1.0, "b": [true, null]} "#) == 202)
        #expect(try status(server, "POST", "/b", body: #"{"a": 1, "b": [true, null], "c": 0}"#) == 404)
        #expect(try status(server, "POST", "/b", body: #"{"a": 1, "b": [null, true]}"#) == 404, "arrays keep order")
        #expect(try status(server, "POST", "/b", body: #"{"a": "1", "b": [true, null]}"#) == 404)
        #expect(try status(server, "POST", "/b", body: "a=1") == 404, "a body that is not JSON")
        #expect(try status(server, "POST", "/b") == 404, "no body")
    }

    @Test func aBodyContainingJSONIsASubsetAtEveryDepth() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(
            server,
            #"""
            {"method": "POST", "path": "/b", "body": {"containsJSON": {"user": {"name": "ann"}, "tags": [{"id": 1}]}},
             "response": {"status": 202}}
            """#)
        #expect(
            try status(
                server, "POST", "/b", body: #"{"user": {"name": "ann", "age": 3}, "tags": [{"id": 1, "x": 2}], "z": 0}"#
            )
                == 202)
        #expect(try status(server, "POST", "/b", body: #"{"user": {"name": "bob"}, "tags": [{"id": 1}]}"#) == 404)
        #expect(try status(server, "POST", "/b", body: #"{"user": {"name": "ann"}}"#) == 404, "tags is missing")
        #expect(
            try status(server, "POST", "/b", body: #"{"user": {"name": "ann"}, "tags": [{"id": 1}, {"id": 2}]}"#)
                == 404,
            "an array must have as many elements")
    }

    @Test func equalToJSONAndContainsJSONTogetherMustBothHold() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(
            server,
            #"{"method": "PUT", "path": "/b", "body": {"equalToJSON": [1, 2], "containsJSON": [1, 2]}, "response": {"status": 204}}"#
        )
        #expect(try status(server, "PUT", "/b", body: "[1,2]") == 204)
        #expect(try status(server, "PUT", "/b", body: "[1,3]") == 404)
    }

    @Test func nearMissesNameThePartThatFailed() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(
            server,
            #"""
            {"method": "POST", "pathPattern": "/orders/[0-9]+", "query": {"dry": {"absent": true}},
             "headers": {"X-Token": {"present": true}}, "body": {"containsJSON": {"qty": 2}}, "response": {}}
            """#)
        #expect(try status(server, "POST", "/orders/x?dry=1", body: #"{"qty": 3}"#) == 404)
        let entry = try #require(server.journal.all.last)
        #expect(
            server.nearMisses(for: entry.request).first?.reasons == [
                "pathPattern: expected a path matching /orders/[0-9]+, got /orders/x",
                "query.dry: expected absent, got 1", "headers.X-Token: expected present, got nothing",
                #"body.containsJSON: expected a body containing {"qty":2}, got {"qty":3}"#,
            ])
    }

    @Test func aJournalSearchTakesTheSameMatchers() throws {
        let server = try startServer()
        defer { server.stop() }
        _ = try status(server, "POST", "/orders/1", body: #"{"qty": 2, "note": "x"}"#)
        _ = try status(server, "POST", "/orders/2", body: #"{"qty": 3}"#)
        _ = try status(server, "GET", "/orders/3?dry=1")
        func count(_ pattern: String) throws -> Int? {
            let answer = try #require(try exchange(server, "POST", "/__admin/requests/count", body: pattern))
            return (json(answer.body) as? [String: Any])?["count"] as? Int
        }
        #expect(try count(#"{"pathPattern": "/orders/[0-9]"}"#) == 3)
        #expect(try count(#"{"pathPattern": "/orders/[0-9]", "body": {"containsJSON": {"qty": 2}}}"#) == 1)
        #expect(try count(#"{"query": {"dry": {"present": true}}}"#) == 1)
        #expect(try count(#"{"query": {"dry": {"absent": true}}}"#) == 2)
    }

    @Test func theStubListShowsEveryMatcherGiven() throws {
        let server = try startServer()
        defer { server.stop() }
        try post(
            server,
            #"""
            {"pathPattern": "/a/.+", "query": {"p": {"present": true}}, "headers": {"X": {"absent": true}},
             "body": {"containsJSON": {"k": 1}}, "response": {}}
            """#)
        let listing = try #require(try exchange(server, "GET", "/__admin/stubs"))
        #expect(
            String(decoding: listing.body, as: UTF8.self)
                == #"{"stubs":[{"id":1,"method":"GET","path":null,"pathPattern":"/a/.+","query":{},"headers":{},"#
                + #""queryPresence":{"p":true},"headerPresence":{"X":false},"body":{"containsJSON":{"k":1}},"#
                + #""responses":1,"served":0}]}"# + "\n")
    }

    @Test func aSwiftStubTakesThePatternWhole() throws {
        let server = try startServer()
        defer { server.stop() }
        let pattern = RequestPattern(
            method: "POST", pathPattern: try PathPattern("/p/[a-z]+"), queryPresence: ["x": false],
            body: BodyPattern(equalToJSON: ["a": 1]))
        server.stub(Stub(pattern: pattern, responses: [.text(201, "{}")]))
        #expect(try status(server, "POST", "/p/abc", body: #"{"a": 1}"#) == 201)
        #expect(try status(server, "POST", "/p/abc?x", body: #"{"a": 1}"#) == 404)
        #expect(throws: StubError.invalidField(field: "pathPattern", problem: "not a valid regular expression: (")) {
            try PathPattern("(")
        }
    }
}
