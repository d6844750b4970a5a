import FixtureFormat
import Foundation
import ReplaySeam
import Testing

@testable import ConformanceFuzzing
@testable import ConformanceKit

/// A data source with two calls (issue 49, item 4): each kind of request takes its own answers,
/// the replay refuses another with the file, line and field, and the fuzzer answers in kind.
@Suite struct RequestKindTests {
    static let todos = FeatureRegistry([TodosFeature.module()])

    static func scenario(_ lines: String...) -> String {
        (["{\"format\": 1, \"id\": \"todos/x\", \"feature\": \"todos\", \"description\": \"d\"}"] + lines)
            .map { $0 + "\n" }.joined()
    }

    @Test func eachRequestTakesTheAnswersOfItsKind() throws {
        let replayer = ReferenceImplementation(features: Self.todos)
        let text = Self.scenario(
            #"{"event": "create"}"#, #"{"event": "respond", "request": 1, "items": ["a", "b"]}"#,
            #"{"event": "view", "name": "save"}"#, #"{"event": "respond", "request": 2, "saved": "yes"}"#)
        let transcript = TranscriptFormatter.text(try replayer.replay(try replayer.read(text, file: "todos/x.jsonl")))
        #expect(transcript.contains("  request #2 save(2)\n"), "\(transcript)")
        #expect(transcript.contains("> 4 respond #2 saved yes\n"), "\(transcript)")
    }

    /// `{"event":"respond","request":1,"saved":"yes"}` once answered a `load()`: the line is refused.
    @Test func anAnswerOfAnotherKindIsAnErrorNamingFileLineAndField() throws {
        let replayer = ReferenceImplementation(features: Self.todos)
        let text = Self.scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 1, "saved": "yes"}"#)
        let scenario = try replayer.read(text, file: "Fixtures/todos/x.jsonl")
        #expect {
            _ = try replayer.replay(scenario)
        } throws: { error in
            "\(error)"
                == #"Fixtures/todos/x.jsonl:3: field "saved": request #1 is load(), which takes another answer: unknown field; a load answer needs one of items or failure"#
        }
    }

    /// The fuzzer answers each request in a form its kind takes: with the kinds declared, no
    /// generated scenario errs; without them (one codec for every call, as before) some answer a
    /// `load()` with a save's form and the replay errs.
    @Test func theFuzzerAnswersEachRequestInAFormItsKindTakes() {
        let declared = Fuzzer(features: Self.todos, corpus: [], port: nil, maxSteps: 30)
        for seed in UInt64(1)...30 {
            let (header, events) = declared.generate(feature: "todos", seed: seed)
            if case .failed(let failure) = declared.judge(header: header, events: events) {
                Issue.record("seed \(seed): \(failure)")
            }
        }
        let undeclared = FeatureRegistry([TodosFeature.module(kinds: false)])
        let fuzzer = Fuzzer(features: undeclared, corpus: [], port: nil, maxSteps: 30)
        let errored = (UInt64(1)...30).contains { seed in
            let (header, events) = fuzzer.generate(feature: "todos", seed: seed)
            if case .failed(let failure) = fuzzer.judge(header: header, events: events) {
                return failure.kind == .errored
            }
            return false
        }
        #expect(errored, "without kinds, some answer is of the other call's form")
    }
}
