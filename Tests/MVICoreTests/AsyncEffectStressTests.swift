import Foundation
import MVICore
import Testing

/// The async scenarios, each run a thousand times: an effect's jobs run on the test scheduler, one
/// at a time in one order, so every run must write the same transcript, byte for byte.
@Suite struct AsyncEffectStressTests {
    /// A scenario: what the test does to a find store and its source.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: @Sendable (FindStore, TestScheduler, AnsweredSource) -> Void
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "debounced search answered") { store, scheduler, source in
            store.accept(.search("cat"))
            scheduler.advance(by: .milliseconds(300))
            source.respond(1, with: .success(["tabby"]))
            scheduler.advance()
        },
        Scenario(name: "typing replaces the search in flight") { store, scheduler, source in
            for query in ["c", "ca", "cat"] {
                store.accept(.search(query))
                scheduler.advance(by: .milliseconds(100))
            }
            scheduler.advance(by: .milliseconds(300))
            store.accept(.search("cats"))
            scheduler.advance(by: .milliseconds(300))
            source.respond(1, with: .success(["late"]))
            source.respond(2, with: .success(["tabby", "manx"]))
            scheduler.advance()
        },
        Scenario(name: "failure, counting and disposal") { store, scheduler, source in
            store.accept(.countTo(3))
            store.accept(.search("dog"))
            scheduler.advance(by: .milliseconds(300))
            source.respond(1, with: .failure(.init(reason: "offline")))
            scheduler.advance(by: .milliseconds(700))
            store.accept(.search("cat"))
            scheduler.advance(by: .milliseconds(300))
            store.dispose()
            scheduler.advance(by: .seconds(5))
        },
    ]

    static func transcript(of scenario: Scenario) -> String {
        let scheduler = TestScheduler()
        let source = AnsweredSource(scheduler: scheduler)
        let store = makeFindStore(scheduler, source: source)
        let transcript = FindTranscript(store, scheduler: scheduler, source: source)
        scenario.steps(store, scheduler, source)
        store.dispose()
        scheduler.advance()
        return transcript.text
    }

    @Test(arguments: scenarios)
    func aThousandRunsWriteTheSameTranscript(_ scenario: Scenario) {
        let first = Self.transcript(of: scenario)
        #expect(first.contains(" call #1 "))
        for _ in 1..<1_000 {
            let again = Self.transcript(of: scenario)
            guard again == first else {
                Issue.record("a run of \(scenario.name) wrote another transcript:\n\(again)\n---- the first:\n\(first)")
                return
            }
        }
    }

    @Test func theTranscriptOfTypingIsTheOneExpected() {
        let text = Self.transcript(of: Self.scenarios[1]).replacingOccurrences(of: "MVICoreTests.", with: "")
        // The debounce cancels "c" and "ca" asleep; "cats" cancels the call for "cat" in flight, whose late
        // answer reaches no one.
        #expect(
            text == """
                0.0 seconds intent(FindIntent.search("c"))
                0.0 seconds message(FindMessage.started("c"))
                0.0 seconds state(FindState(query: "c", results: [], count: 0, error: nil))
                0.1 seconds intent(FindIntent.search("ca"))
                0.1 seconds message(FindMessage.started("ca"))
                0.1 seconds state(FindState(query: "ca", results: [], count: 0, error: nil))
                0.2 seconds intent(FindIntent.search("cat"))
                0.2 seconds message(FindMessage.started("cat"))
                0.2 seconds state(FindState(query: "cat", results: [], count: 0, error: nil))
                source: 0.5 seconds call #1 search(cat)
                0.6 seconds intent(FindIntent.search("cats"))
                0.6 seconds message(FindMessage.started("cats"))
                0.6 seconds state(FindState(query: "cats", results: [], count: 0, error: nil))
                source: 0.6 seconds cancel #1
                source: 0.9 seconds call #2 search(cats)
                source: 0.9 seconds respond #1
                source: 0.9 seconds respond #2
                0.9 seconds message(FindMessage.found(["tabby", "manx"]))
                0.9 seconds state(FindState(query: "cats", results: ["tabby", "manx"], count: 0, error: nil))
                0.9 seconds label(FindLabel.done("cats"))
                0.9 seconds disposed
                """)
    }
}
