import ConformanceKit
import FixtureFormat
import Foundation
import ReferenceFeatures
import Testing

/// The adapter protocol's JSON Schemas (`Fixtures/schema/protocol/`) agree with the runner and the
/// reference adapter: what they send validates, and replies the runner refuses are refused by the schema.
@Suite struct ProtocolSchemaTests {
    static func schema(_ name: String) throws -> SchemaValidator {
        let url = PortFixtures.corpus.root.appendingPathComponent("schema/protocol/\(name).schema.json")
        return SchemaValidator(root: try JSONValue.parse(try String(contentsOf: url, encoding: .utf8)))
    }

    /// For each fixture, the messages the runner sends and the reference adapter's replies to them.
    static func conversations() throws -> [(messages: [String], replies: [String])] {
        try PortFixtures.corpus.entries().map { entry in
            let lines = try String(contentsOf: entry.scenarioURL, encoding: .utf8).split(separator: "\n").map(
                String.init)
            let events = lines.dropFirst().joined(separator: ",")
            let messages = [
                #"{"cmd":"start","seq":1,"version":2}"#,
                #"{"cmd":"run","seq":2,"header":\#(lines[0]),"events":[\#(events)]}"#, #"{"cmd":"stop"}"#,
            ]
            var input = messages[...]
            var replies: [String] = []
            ReferenceAdapter(features: .reference).serve(readLine: { input.popFirst() }, write: { replies.append($0) })
            return (messages, replies)
        }
    }

    @Test func everyMessageAndReferenceReplyOfEveryFixtureIsValid() throws {
        let runner = try Self.schema("runner-message")
        let reply = try Self.schema("port-reply")
        let conversations = try Self.conversations()
        #expect(conversations.count > 30)
        for (messages, replies) in conversations {
            #expect(replies.count == messages.count - 1, "every message but stop is answered")
            for message in messages { #expect(try runner.isValid(try JSONValue.parse(message)), "\(message)") }
            for line in replies {
                #expect(try reply.isValid(try JSONValue.parse(line)), "\(line.prefix(300))")
                #expect(!line.contains("\"errored\""), "\(line.prefix(300))")
            }
        }
    }

    @Test(arguments: [
        #"{"seq": 3, "steps": [[{"render": {"record": "M", "fields": [["a"]]}}]]}"#,
        #"{"seq": 3, "steps": [[{"render": 1, "colour": "red"}]]}"#,
        #"{"seq": 3, "steps": [[{"cancel": 0}]]}"#,
        #"{"seq": 3, "steps": [[{"shout": 1}]]}"#,
        #"{"seq": 3, "steps": [[{"reaction": "Stack", "value": 1}]]}"#,
        #"{"seq": 3, "steps": [[{"omitted": 0}]]}"#,
        #"{"seq": 3, "steps": [{"render": 1}]}"#,
        #"{"seq": 3, "ready": true}"#,
        #"{"seq": 3, "outputs": []}"#,
        #"{"steps": []}"#,
        #"{"seq": 3, "skipped": {"issue": "https://x.test"}}"#,
        #"{"seq": 3, "errored": {"message": "m"}}"#,
        #"{"seq": 3, "errored": {"step": -1, "message": "m"}}"#,
        #"{"seq": 1, "version": 1, "implementation": {"name": "p", "language": "python", "version": "1", "features": [], "issues": "i"}}"#,
        #"{"seq": 1, "version": 2, "implementation": {"name": "p", "language": "python", "version": "1", "features": []}}"#,
        #"{"seq": 1, "version": 2, "implementation": {"name": "p", "language": "python", "version": "1", "features": [], "issues": "i", "wire": "yes"}}"#,
    ])
    func replyTheRunnerRefusesTheSchemaRefusesToo(line: String) throws {
        #expect(!(try Self.schema("port-reply").isValid(try JSONValue.parse(line))))
    }

    @Test(arguments: [
        #"{"seq": 3, "steps": [[], [{"omitted": 2}, {"render": {"enum": "Phase", "case": "idle"}, "screen": "list"}, {"reaction": "stack", "value": [1]}]]}"#,
        #"{"seq": 3, "errored": {"step": 2, "message": "m", "details": "d"}}"#,
        #"{"seq": 3, "errored": {"step": 0, "message": "m"}}"#,
        #"{"seq": 1, "version": 2, "implementation": {"name": "p", "language": "python", "version": "1", "features": ["kittens"], "issues": "i"}}"#,
        #"{"seq": 1, "version": 2, "implementation": {"name": "p", "language": "python", "version": "1", "features": ["kittens"], "issues": "i", "wire": true}}"#,
    ])
    func replyTheRunnerAcceptsTheSchemaAccepts(line: String) throws {
        #expect(try Self.schema("port-reply").isValid(try JSONValue.parse(line)))
        if case .object(let reply) = try JSONValue.parse(line),
            case .object(let implementation)? = reply["implementation"]
        {
            #expect(throws: Never.self) { try ImplementationInfo.read(.object(implementation)) }
        }
    }

    /// The wire level's `run` message: its `wire` object (docs/porting.md, "The wire level").
    @Test(arguments: [
        (#"{"baseURL": "http://127.0.0.1:50123", "apiKey": "wire-level-key", "timeoutSeconds": 20}"#, true),
        (#"{"baseURL": "http://127.0.0.1:50123", "apiKey": "wire-level-key", "timeoutSeconds": 1}"#, true),
        (#"{"baseURL": "http://example.com:80", "apiKey": "wire-level-key", "timeoutSeconds": 20}"#, false),
        (#"{"baseURL": "http://127.0.0.1:50123", "apiKey": "", "timeoutSeconds": 20}"#, false),
        (#"{"baseURL": "http://127.0.0.1:50123", "apiKey": "k", "timeoutSeconds": 0}"#, false),
        (#"{"baseURL": "http://127.0.0.1:50123", "apiKey": "k"}"#, false),
        (#"{"baseURL": "http://127.0.0.1:50123", "apiKey": "k", "timeoutSeconds": 20, "proxy": 1}"#, false),
    ])
    func theRunMessageAtTheWireLevel(wire: String, valid: Bool) throws {
        let header = #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d"}"#
        let message = #"{"cmd": "run", "seq": 2, "header": \#(header), "events": [], "wire": \#(wire)}"#
        #expect(try Self.schema("runner-message").isValid(try JSONValue.parse(message)) == valid, "\(message)")
    }

    /// The runner refuses a `wire` in the handshake that is not a boolean, as the schema does.
    @Test func aWireThatIsNoBooleanIsRefusedByTheRunner() throws {
        let implementation = try JSONValue.parse(
            #"{"name": "p", "language": "python", "version": "1", "features": [], "issues": "i", "wire": "yes"}"#)
        #expect(throws: AdapterError.malformed("implementation.wire", "expected true or false")) {
            try ImplementationInfo.read(implementation)
        }
        let declared = try JSONValue.parse(
            #"{"name": "p", "language": "python", "version": "1", "features": [], "issues": "i", "wire": true}"#)
        #expect(try ImplementationInfo.read(declared).wire)
    }
}
