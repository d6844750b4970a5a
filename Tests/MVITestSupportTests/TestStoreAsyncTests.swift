import MVICore
import MVIEssentials
import MVITestSupport
import Testing

// A lookup store whose executor works with async effects, self-contained for TestStore's contract.
private enum LookupIntent: Equatable, Sendable {
    case lookUp(String)
    case stop
}
private enum LookupMessage: Equatable, Sendable {
    case looking(String)
    case found(String)
}
private enum LookupLabel: Equatable, Sendable { case announced(String) }
private struct LookupState: Equatable, Sendable {
    var word = ""
    var meaning: String?
    var isLooking = false
}

/// A dictionary that takes a second of the clock it is given to answer.
private struct SlowDictionary: Sendable {
    let clock: SchedulerClock
    func meaning(of word: String) async throws -> String {
        try await clock.sleep(for: .seconds(1))
        return "the meaning of \(word)"
    }
}

private final class LookupExecutor: Executor {
    typealias Context = ExecutorContext<Never, LookupMessage, LookupState, LookupLabel>
    func executeIntent(_ intent: LookupIntent, _ context: Context) {
        switch intent {
        case .lookUp(let word):
            context.dispatch(.looking(word))
            let dictionary = SlowDictionary(clock: context.clock)
            context.run(key: "lookup") { send in
                let meaning = try await dictionary.meaning(of: word)
                send(.found(meaning))
                send.publish(.announced(word))
            }
        case .stop:
            context.cancel(key: "lookup")
        }
    }
}

private func makeLookup(_ scheduler: TestScheduler) -> TestStore<LookupIntent, LookupState, LookupLabel> {
    let store = DefaultStore<LookupIntent, Never, LookupMessage, LookupState, LookupLabel>(
        name: "Lookup", initialState: LookupState(), executor: LookupExecutor(),
        reducer: ClosureReducer { state, message in
            var state = state
            switch message {
            case .looking(let word):
                state.word = word
                state.isLooking = true
            case .found(let meaning):
                state.meaning = meaning
                state.isLooking = false
            }
            return state
        },
        scheduler: scheduler)
    return TestStore(store, scheduler: scheduler)
}

private func mentions(_ parts: String...) -> (Issue) -> Bool {
    { issue in parts.allSatisfy { issue.description.contains($0) } }
}

@Suite struct TestStoreAsyncTests {
    @Test func advanceRunsTheEffectAndReceiveAssertsWhatItDispatched() {
        let store = makeLookup(TestScheduler())
        store.messageExhaustivity = .exhaustive
        store.send(.lookUp("cat")) {
            $0.word = "cat"
            $0.isLooking = true
        }
        store.receive(message: LookupMessage.looking("cat"))
        store.advance(by: .milliseconds(999))
        store.advance(by: .milliseconds(1)) {
            $0.meaning = "the meaning of cat"
            $0.isLooking = false
        }
        store.receive(message: LookupMessage.found("the meaning of cat"))
        store.receive(.announced("cat"))
        store.finish()
    }

    @Test func anEffectStillRunningAtTheEndFailsNamingWhatStartedIt() {
        let store = makeLookup(TestScheduler())
        store.send(.lookUp("cat")) {
            $0.word = "cat"
            $0.isLooking = true
        }
        store.advance(by: .milliseconds(500))
        withKnownIssue {
            store.finish()
        } matching: { issue in
            mentions(
                "1 async effect(s) still running at finish(): the effect run at MVITestSupportTests/TestStoreAsyncTests.swift:",
                #"(key lookup), started by send(lookUp("cat"))"#)(issue)
        }
    }

    @Test func anEffectCancelledByItsKeyIsNotRunningAtTheEnd() {
        let store = makeLookup(TestScheduler())
        store.send(.lookUp("cat")) {
            $0.word = "cat"
            $0.isLooking = true
        }
        store.advance()
        store.send(.stop)
        store.advance(by: .seconds(2))
        store.finish()
    }

    @Test func aDisposedStoreLeavesNoEffectRunning() {
        let scheduler = TestScheduler()
        let store = makeLookup(scheduler)
        store.send(.lookUp("cat")) {
            $0.word = "cat"
            $0.isLooking = true
        }
        store.advance()
        store.store.dispose()
        store.finish()
        // The cancelled effect ended inside `dispose`: nothing waits for an advance.
        #expect(scheduler.pendingJobCount == 0)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aNonExhaustiveTestDoesNotMindARunningEffect() {
        let scheduler = TestScheduler()
        let store = makeLookup(scheduler)
        store.exhaustivity = .nonExhaustive
        store.send(.lookUp("cat")) { $0.isLooking = true }
        store.advance()
        store.finish()
        store.store.dispose()
        scheduler.advance()
    }
}

// A store whose one effect throws with no `catch:`, or waits on something the scheduler never runs.
private enum WaitIntent: Equatable, Sendable {
    case fail
    case waitForever
}
private struct WaitFailure: Error, CustomStringConvertible { var description: String { "the disk is full" } }

private final class WaitExecutor: Executor {
    typealias Context = ExecutorContext<Never, LookupMessage, LookupState, Never>
    let forever = AsyncStream<Never>.makeStream()

    func executeIntent(_ intent: WaitIntent, _ context: Context) {
        switch intent {
        case .fail:
            context.run(key: "save") { _ in throw WaitFailure() }
        case .waitForever:
            let stream = forever.stream
            context.run(key: "wait") { _ in for await _ in stream {} }
        }
    }
}

private func makeWaiting(_ scheduler: TestScheduler) -> TestStore<WaitIntent, LookupState, Never> {
    let store = DefaultStore<WaitIntent, Never, LookupMessage, LookupState, Never>(
        name: "Waiting", initialState: LookupState(), executor: WaitExecutor(),
        reducer: ClosureReducer { state, _ in state }, scheduler: scheduler)
    return TestStore(store, scheduler: scheduler)
}

@Suite struct TestStoreEffectFailureTests {
    /// An effect that throws with no `catch:` fails the test at the step that ran it, naming its `run`.
    @Test func anUnhandledErrorIsAnIssueNamingTheRunLine() {
        let store = makeWaiting(TestScheduler())
        store.send(.fail)
        withKnownIssue {
            store.advance()
        } matching: { issue in
            mentions(
                "the effect run at MVITestSupportTests/TestStoreAsyncTests.swift:",
                "(key save), started by send(fail), threw the disk is full during advance(), and its run(...) has no catch:"
            )(issue)
        }
        store.finish()
    }

    /// An effect that waits on nothing the test scheduler runs: finish() says that no advance resumes it.
    @Test func anEffectWaitingOnNothingTheSchedulerRunsNamesTheClock() {
        let store = makeWaiting(TestScheduler())
        store.send(.waitForever)
        store.advance()
        withKnownIssue {
            store.finish()
        } matching: { issue in
            mentions(
                "the effect run at MVITestSupportTests/TestStoreAsyncTests.swift:",
                "(key wait), started by send(waitForever). Nothing is due on the TestScheduler, so no advance resumes",
                "Sleep with `context.clock`")(issue)
        }
        store.store.dispose()
    }

    /// An effect asleep on the store's clock is named without that hint: an advance resumes it.
    @Test func anEffectAsleepOnTheStoresClockGetsNoHint() {
        let store = makeLookup(TestScheduler())
        store.send(.lookUp("cat")) {
            $0.word = "cat"
            $0.isLooking = true
        }
        store.advance()
        withKnownIssue {
            store.finish()
        } matching: { issue in
            issue.description.contains("still running") && !issue.description.contains("Nothing is due")
        }
    }
}
