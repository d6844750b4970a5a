import Foundation
import MockHTTPServer
import Testing

/// Subject: stateful scenarios, as WireMock has them, over a real socket: stubs that answer only in
/// a given state and move their scenario on, the states in the journal and the admin API.
@Suite struct ScenarioTests {
    /// A to-do list that is empty until an item is posted, then holds it.
    private func startToDoServer() throws -> MockServer {
        let server = try startServer()
        for stub in [
            #"""
            {"scenarioName": "to-do", "requiredScenarioState": "Started", "path": "/todos",
             "response": {"status": 200, "body": "[]"}}
            """#,
            #"""
            {"scenarioName": "to-do", "requiredScenarioState": "Started", "newScenarioState": "added",
             "method": "POST", "path": "/todos", "response": {"status": 201}}
            """#,
            #"""
            {"scenarioName": "to-do", "requiredScenarioState": "added", "path": "/todos",
             "response": {"status": 200, "body": "[\"milk\"]"}}
            """#,
        ] {
            #expect(try exchange(server, "POST", "/__admin/stubs", body: stub)?.status == 201)
        }
        return server
    }

    private func get(_ server: MockServer) throws -> String? {
        try exchange(server, "GET", "/todos").map { String(decoding: $0.body, as: UTF8.self) }
    }

    private func scenarios(_ server: MockServer) throws -> String {
        String(decoding: try #require(try exchange(server, "GET", "/__admin/scenarios")).body, as: UTF8.self)
    }

    @Test func aStubAnswersOnlyInItsStateAndMovesTheScenarioOn() throws {
        let server = try startToDoServer()
        defer { server.stop() }
        #expect(try get(server) == "[]")
        #expect(try get(server) == "[]", "a stub without newScenarioState leaves the state")
        #expect(try exchange(server, "POST", "/todos", body: "milk")?.status == 201)
        #expect(try get(server) == #"["milk"]"#)
        #expect(
            try exchange(server, "POST", "/todos", body: "eggs")?.status == 404,
            "the POST stub answers only in Started")
        let entries = server.journal.all
        #expect(entries.map(\.scenario) == Array(repeating: "to-do", count: 4) + [nil])
        #expect(entries.map(\.scenarioState) == ["Started", "Started", "Started", "added", nil])
    }

    @Test func theAdminAPIListsSetsAndResetsTheStates() throws {
        let server = try startToDoServer()
        defer { server.stop() }
        #expect(
            try scenarios(server)
                == #"{"scenarios":[{"name":"to-do","state":"Started","possibleStates":["Started","added"]}]}"# + "\n")
        #expect(try exchange(server, "POST", "/todos", body: "milk")?.status == 201)
        #expect(try scenarios(server).contains(#""state":"added""#))
        #expect(try exchange(server, "POST", "/__admin/scenarios/reset")?.status == 204)
        #expect(try scenarios(server).contains(#""state":"Started""#))
        #expect(try get(server) == "[]")
        #expect(
            try exchange(server, "PUT", "/__admin/scenarios/to-do/state", body: #"{"state": "added"}"#)?.status == 204)
        #expect(try get(server) == #"["milk"]"#)
        let unknown = try #require(
            try exchange(server, "PUT", "/__admin/scenarios/nope/state", body: #"{"state": "added"}"#))
        #expect(unknown.status == 404)
        #expect((json(unknown.body) as? [String: String])?["message"] == "no stub names scenario nope")
        let typo = try #require(
            try exchange(server, "PUT", "/__admin/scenarios/to-do/state", body: #"{"stat": "added"}"#))
        #expect(typo.status == 400)
        #expect(
            MatcherRefusalTests.refusal(typo.body) == "stat: unknown field; expected state; did you mean state?")
        #expect(try exchange(server, "POST", "/__admin/reset")?.status == 204)
        #expect(
            try scenarios(server) == #"{"scenarios":[]}"# + "\n", "a reset removes the stubs and so their scenarios")
    }

    @Test func theJournalEntryOverTheAdminAPINamesTheState() throws {
        let server = try startToDoServer()
        defer { server.stop() }
        _ = try get(server)
        let answer = try #require(try exchange(server, "GET", "/__admin/requests/next?timeoutMs=1000"))
        let entry = try #require(json(answer.body) as? [String: Any])
        #expect(entry["scenario"] as? String == "to-do")
        #expect(entry["scenarioState"] as? String == "Started")
    }

    @Test func aStubOfAScenarioWithoutARequiredStateAnswersInEveryState() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(
            Stub(pattern: RequestPattern(method: "GET", path: "/any"), scenario: "s", responses: [.text(200, "")]))
        server.stub(
            Stub(
                pattern: RequestPattern(method: "GET", path: "/go"), scenario: "s", newState: "gone",
                responses: [.text(200, "")]))
        #expect(try exchange(server, "GET", "/any")?.status == 200)
        #expect(try exchange(server, "GET", "/go")?.status == 200)
        #expect(server.scenarios.first?.state == "gone")
        #expect(try exchange(server, "GET", "/any")?.status == 200)
        #expect(server.journal.all.map(\.scenarioState) == ["Started", "Started", "gone"])
    }

    @Test func aStubInAnotherStateIsANearMissThatSaysSo() throws {
        let server = try startToDoServer()
        defer { server.stop() }
        #expect(try exchange(server, "POST", "/todos", body: "milk")?.status == 201)
        #expect(try exchange(server, "POST", "/todos", body: "eggs")?.status == 404)
        let entry = try #require(server.journal.all.last)
        #expect(
            server.nearMisses(for: entry.request).map(\.reasons).contains([
                "scenario to-do: answers in state Started, the scenario is in added"
            ]))
    }
}
