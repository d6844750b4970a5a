import MVICore
import MVITestSupport
import XCTest

// TestStore under XCTest: a wrong assertion must fail the running XCTestCase, not pass silently.
private enum CountIntent: Equatable { case add(Int) }
private struct CountState: Equatable { var total = 0 }

private final class CountExecutor: Executor {
    typealias Context = ExecutorContext<Never, Int, CountState, Never>
    func executeIntent(_ intent: CountIntent, _ context: Context) {
        switch intent {
        case .add(let amount): context.dispatch(amount)
        }
    }
}

private func makeCounter() -> TestStore<CountIntent, CountState, Never> {
    let scheduler = TestScheduler()
    let store = DefaultStore<CountIntent, Never, Int, CountState, Never>(
        name: "Count", initialState: CountState(), executor: CountExecutor(),
        reducer: ClosureReducer { state, amount in CountState(total: state.total + amount) },
        scheduler: scheduler)
    return TestStore(store, scheduler: scheduler)
}

final class TestStoreXCTestTests: XCTestCase {
    /// The failures this test case recorded while `capturing` is on, instead of failing with them.
    private var captured: [(description: String, line: Int)] = []
    private var capturing = false

    #if !canImport(ObjectiveC)
        // swift-corelibs-xctest has no XCTExpectFailure: every XCTFail ends here, so capture it.
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            if capturing {
                captured.append((description, lineNumber))
            } else {
                super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
        }
    #endif

    /// Runs `body` and returns the failures it recorded, which do not fail this test.
    private func failures(of body: () -> Void) -> [(description: String, line: Int)] {
        #if canImport(ObjectiveC)
            var seen: [(description: String, line: Int)] = []
            XCTExpectFailure(strict: true) {
                body()
            } issueMatcher: { issue in
                seen.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
                return true
            }
            return seen
        #else
            capturing = true
            defer { capturing = false }
            captured = []
            body()
            return captured
        #endif
    }

    func testAWrongAssertionFailsTheXCTestAtTheLineOfTheCall() {
        let store = makeCounter()
        var line = 0
        let recorded = failures {
            line = #line + 1  // the send's line
            store.send(.add(2)) { $0.total = 3 }
        }
        XCTAssertEqual(recorded.count, 1, "\(recorded)")
        XCTAssertTrue(recorded.first?.description.contains(".total: expected 3, actual 2") ?? false, "\(recorded)")
        XCTAssertEqual(recorded.first?.line, line)
        store.finish()
    }

    func testARightAssertionRecordsNothing() {
        let store = makeCounter()
        let recorded = failures {
            store.send(.add(2)) { $0.total = 2 }
            store.finish()
        }
        XCTAssertEqual(recorded.count, 0, "\(recorded)")
    }

    func testAnUnassertedChangeFailsAtFinish() {
        let store = makeCounter()
        let recorded = failures {
            store.send(.add(1))
        }
        XCTAssertEqual(recorded.count, 1, "\(recorded)")
        XCTAssertTrue(recorded.first?.description.contains("no change was asserted") ?? false, "\(recorded)")
        store.finish()
    }

    func testANonExhaustiveWrongAssertionFailsTheXCTest() {
        let store = makeCounter()
        store.exhaustivity = .nonExhaustive
        store.send(.add(1))
        let recorded = failures {
            store.send(.add(2)) { $0.total = 4 }
        }
        XCTAssertEqual(recorded.count, 1, "\(recorded)")
        XCTAssertTrue(recorded.first?.description.contains(".total: expected 4, actual 3") ?? false, "\(recorded)")
        store.finish()
    }

    func testAMissingMessageFailsTheXCTestInExhaustiveMode() {
        let store = makeCounter()
        store.messageExhaustivity = .exhaustive
        store.send(.add(2)) { $0.total = 2 }
        let recorded = failures {
            store.finish()
        }
        XCTAssertEqual(recorded.count, 1, "\(recorded)")
        XCTAssertTrue(
            recorded.first?.description.contains("messages were dispatched and not received at finish(): 2") ?? false,
            "\(recorded)")
    }

    func testAWrongMessageFailsTheXCTestInExhaustiveMode() {
        let store = makeCounter()
        store.messageExhaustivity = .exhaustive
        store.send(.add(2)) { $0.total = 2 }
        let recorded = failures {
            store.receive(message: 3)
        }
        XCTAssertEqual(recorded.count, 1, "\(recorded)")
        XCTAssertTrue(recorded.first?.description.contains("received message 2, expected 3") ?? false, "\(recorded)")
        store.finish()
    }

    func testAWrongMessageFailsTheXCTest() {
        let store = makeCounter()
        store.send(.add(2)) { $0.total = 2 }
        let recorded = failures {
            store.receive(message: 5)
        }
        XCTAssertEqual(recorded.count, 1, "\(recorded)")
        XCTAssertTrue(recorded.first?.description.contains("received message 2, expected 5") ?? false, "\(recorded)")
        store.finish()
    }
}
