import Foundation
import MockHTTPServer
import Testing

/// Subject: what the admin API and stub files refuse in the matchers and scenarios, each refusal
/// naming the field (and in a file, the file and the stub's index), with the nearest valid name
/// for a typo (in the admin API's answer in the message, and apart as `didYouMean`).
@Suite struct MatcherRefusalTests {
    /// The admin API's refusal: its message, which ends with the suggestion as a file's message does.
    static func refusal(_ body: Data) -> String? {
        guard let fields = json(body) as? [String: String], let message = fields["message"] else { return nil }
        return message
    }

    static let stubFields =
        "body, headers, method, newScenarioState, path, pathPattern, query, requiredScenarioState, response, responses, scenarioName"

    @Test(arguments: [
        (#"{"pth": "/x", "response": {}}"#, "pth: unknown field; expected \(stubFields); did you mean path?"),
        (
            #"{"path": "/x", "scenarioName": "s", "requiredScenarioStat": "a", "response": {}}"#,
            "requiredScenarioStat: unknown field; expected \(stubFields); did you mean requiredScenarioState?"
        ),
        (
            #"{"path": "/x", "respons": {}}"#,
            "respons: unknown field; expected \(stubFields); did you mean response?"
        ),
        (
            #"{"path": "/x", "pathPattern": "/x", "response": {}}"#,
            "pathPattern: give path (exact) or pathPattern (a regular expression), not both"
        ),
        (
            #"{"pathPattern": "/x/(", "response": {}}"#,
            "pathPattern: not a valid regular expression: /x/("
        ),
        (#"{"pathPattern": 5, "response": {}}"#, "pathPattern: expected a regular expression, as a string"),
        (
            #"{"response": {}}"#,
            "path: missing; expected a string starting with /"
        ),
        (
            #"{"path": "/x", "query": {"a": {"equalTo": 1}}, "response": {}}"#,
            "query.a.equalTo: expected a string"
        ),
        (
            #"{"path": "/x", "query": {"a": {"presnt": true}}, "response": {}}"#,
            "query.a.presnt: unknown field; expected absent, equalTo, present; did you mean present?"
        ),
        (
            #"{"path": "/x", "query": {"a": {"present": true, "absent": true}}, "response": {}}"#,
            "query.a: give one of equalTo, present, absent"
        ),
        (
            #"{"path": "/x", "headers": {"X": {"absent": false}}, "response": {}}"#,
            "headers.X.absent: expected true (present: true says the opposite)"
        ),
        (
            #"{"path": "/x", "headers": {"X": 1}, "response": {}}"#,
            "headers.X: expected a string"
        ),
        (
            #"{"path": "/x", "headers": {"Bad Name": {"present": true}}, "response": {}}"#,
            "headers.Bad Name: a header name must be a token (letters, digits, !#$%&'*+-.^_`|~)"
        ),
        (
            #"{"path": "/x", "body": "x", "response": {}}"#,
            #"body: expected {"equalToJSON": value} and/or {"containsJSON": value}"#
        ),
        (
            #"{"path": "/x", "body": {"equalToJson": {}}, "response": {}}"#,
            "body.equalToJson: unknown field; expected containsJSON, equalToJSON; did you mean equalToJSON?"
        ),
        (
            #"{"path": "/x", "requiredScenarioState": "a", "response": {}}"#,
            "requiredScenarioState: needs scenarioName, the scenario whose state it names"
        ),
        (
            #"{"path": "/x", "newScenarioState": "b", "response": {}}"#,
            "newScenarioState: needs scenarioName, the scenario whose state it names"
        ),
        (#"{"path": "/x", "scenarioName": "", "response": {}}"#, "scenarioName: expected a non-empty string"),
        (
            #"{"path": "/x", "scenarioName": "s", "newScenarioState": 2, "response": {}}"#,
            "newScenarioState: expected a non-empty string"
        ),
    ])
    func aBadMatcherIsRefusedNamingTheField(body: String, message: String) throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(try exchange(server, "POST", "/__admin/stubs", body: body))
        #expect(response.status == 400)
        #expect(Self.refusal(response.body) == message)
        #expect(server.stubs.isEmpty)
    }

    @Test func aSearchRefusesABadMatcherToo() throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(
            try exchange(server, "POST", "/__admin/requests/find", body: #"{"pathPatern": "/x"}"#))
        #expect(response.status == 400)
        #expect(
            Self.refusal(response.body)
                == "pathPatern: unknown field; expected body, headers, method, path, pathPattern, query; did you mean pathPattern?"
        )
    }

    @Test func theAdminAPIGivesTheSuggestionInTheMessageAndApart() throws {
        let server = try startServer()
        defer { server.stop() }
        let response = try #require(
            try exchange(server, "POST", "/__admin/stubs", body: #"{"path": "/x", "response": {"stauts": 200}}"#))
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"message":"responses[0].stauts: unknown field; expected body, bodyBase64, chunkSize, chunked, "#
                + #"delayMs, fault, headers, status, throttle; did you mean status?","didYouMean":"status"}"# + "\n")
    }

    @Test func aFileOfSeveralStubsIsReadInOrder() throws {
        let directory = try folder([
            "all.json": #"""
            {"mappings": [{"path": "/a", "response": {"status": 201}},
                          {"pathPattern": "/b/.*", "scenarioName": "s", "response": {"status": 202}}]}
            """#,
            "z.json": #"{"path": "/z", "response": {}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let stubs = try Stub.load(from: directory)
        #expect(stubs.map(\.path) == ["/a", "", "/z"])
        #expect(stubs[1].pattern.pathPattern?.source == "/b/.*")
        #expect(stubs[1].scenario == "s")
    }

    @Test(arguments: [
        (
            #"{"mappings": [{"path": "/a", "response": {}}, {"pth": "/b", "response": {}}]}"#,
            "mappings[1].pth: unknown field; expected \(stubFields); did you mean path?"
        ),
        (
            #"{"mappings": [{"path": "/a", "response": {}}, {"pathPattern": "[", "response": {}}]}"#,
            "mappings[1].pathPattern: not a valid regular expression: ["
        ),
        (
            #"{"mappings": [{"path": "/a", "responses": [{}, {"status": true}]}]}"#,
            "mappings[0].responses[1].status: expected a whole number from 100 to 599"
        ),
        (#"{"mappings": [{"path": "/a", "response": {}}, 3]}"#, "mappings[1]: expected a stub"),
        (#"{"mappings": []}"#, "mappings: expected a non-empty array of stubs"),
        (
            #"{"mappings": [{"path": "/a", "response": {}}], "path": "/b"}"#,
            "path: unknown field; expected mappings"
        ),
        (
            #"{"path": "/x", "scenarioName": "s", "requiredScenarioSate": "a", "response": {}}"#,
            "requiredScenarioSate: unknown field; expected \(stubFields); did you mean requiredScenarioState?"
        ),
    ])
    func aBadStubFileNamesTheFileTheIndexAndTheField(text: String, message: String) throws {
        let directory = try folder(["a-good.json": #"{"path": "/ok", "response": {}}"#, "bad.json": text])
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: StubError.self) { try Stub.load(from: directory) }
        #expect(error.description == directory.appendingPathComponent("bad.json").path + ": " + message)
    }
}
