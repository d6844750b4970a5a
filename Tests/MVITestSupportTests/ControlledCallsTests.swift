import MVICore
import MVIEssentials
import MVITestSupport
import Testing

// A search whose executor awaits a dependency the test answers through `ControlledCalls`.
private enum SearchIntent: Equatable, Sendable { case search(String) }
private enum SearchMessage: Equatable, Sendable {
    case found([String])
    case failed(String)
}
private struct SearchState: Equatable, Sendable {
    var results: [String] = []
    var error: String?
}
private struct Offline: Error {}

private final class SearchExecutor: Executor {
    typealias Context = ExecutorContext<Never, SearchMessage, SearchState, Never>
    let search: @Sendable (String) async throws -> [String]
    init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }

    func executeIntent(_ intent: SearchIntent, _ context: Context) {
        guard case .search(let query) = intent else { return }
        let search = search
        context.run(key: "search") { send in
            send(.found(try await search(query)))
        } catch: { error, send in
            send(.failed("\(type(of: error))"))
        }
    }
}

private func makeSearch(
    _ calls: ControlledCalls<String, [String]>, _ scheduler: TestScheduler
) -> TestStore<SearchIntent, SearchState, Never> {
    let store = DefaultStore<SearchIntent, Never, SearchMessage, SearchState, Never>(
        name: "Search", initialState: SearchState(),
        executor: SearchExecutor(search: { try await calls.call($0) }),
        reducer: ClosureReducer { state, message in
            var state = state
            switch message {
            case .found(let results): state.results = results
            case .failed(let error): state.error = error
            }
            return state
        },
        scheduler: scheduler)
    return TestStore(store, scheduler: scheduler)
}

@Suite struct ControlledCallsTests {
    @Test func theTestSeesEachCallAndItsCancellationAndAnswersWhenItChooses() {
        let calls = ControlledCalls<String, [String]>()
        let scheduler = TestScheduler()
        let store = makeSearch(calls, scheduler)
        store.send(.search("o"))
        store.send(.search("os"))  // replaces the search for "o"
        #expect(calls.requests == ["o", "os"])
        #expect(calls.cancelled == ["o"])
        #expect(calls.pending == ["os"])
        store.advance()  // nothing answered: nothing changes
        calls.answer(with: ["Oslo", "Osaka"])
        #expect(calls.pending.isEmpty)
        store.advance()
        store.receive(message: SearchMessage.found(["Oslo", "Osaka"])) { $0.results = ["Oslo", "Osaka"] }
        store.finish()
    }

    @Test func aFailedCallThrowsTheTestsError() {
        let calls = ControlledCalls<String, [String]>()
        let scheduler = TestScheduler()
        let store = makeSearch(calls, scheduler)
        store.send(.search("o"))
        calls.fail(1, with: Offline())
        store.advance { $0.error = "Offline" }
        store.finish()
    }

    @Test func anAnswerWithNoCallPendingOrToACancelledCallFailsTheTest() {
        let calls = ControlledCalls<String, [String]>()
        let scheduler = TestScheduler()
        let store = makeSearch(calls, scheduler)
        withKnownIssue {
            calls.answer(with: [])
        } matching: { issue in
            issue.description.contains("ControlledCalls: answer(...) with no call pending (0 made")
        }
        store.send(.search("o"))
        store.send(.search("os"))
        withKnownIssue {
            calls.answer(1, with: ["late"])
        } matching: { issue in
            issue.description.contains("ControlledCalls: answer(...) names call 1, which was cancelled")
        }
        withKnownIssue {
            calls.fail(3, with: Offline())
        } matching: { issue in
            issue.description.contains("ControlledCalls: fail(...) names call 3, and 2 call(s) were made")
        }
        store.store.dispose()
        #expect(calls.cancelled == ["o", "os"])
        store.finish()
    }

    @Test func anAnswerFromAnotherTaskResumesItsCall() async throws {
        let calls = ControlledCalls<Int, Int>()
        // A call made from a task of its own, answered from here: whichever comes first, it returns.
        let task = Task { try await calls.call(7) }
        while calls.pending.isEmpty { await Task.yield() }
        calls.answer(with: 49)
        #expect(try await task.value == 49)
        #expect(calls.requests == [7])
    }
}
