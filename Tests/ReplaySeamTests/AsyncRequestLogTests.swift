import FixtureFormat
import MVICore
import ReplaySeam
import Testing

/// An answer of an async data source: a body, or a failure the call throws.
private struct Reply: ReplayAnswer, Equatable {
    struct Failure: Error, Equatable { let reason: String }
    let result: Result<String, Failure>
    var echo: String { "\(result)" }
}

/// The replay's requests as an async data source sees them: each call waits on the test scheduler
/// until a `respond` answers it, and a cancelled call throws `CancellationError` after `cancel #n`.
@Suite struct AsyncRequestLogTests {
    /// A data source of async throws functions over the request log.
    private struct Source: Sendable {
        let requests: RequestLog
        func load(_ name: String) async throws -> String {
            try await requests.call("load(\(name))", answer: Reply.self).result.get()
        }
    }

    /// Runs `body` as a task whose jobs run on `scheduler`, only when it advances; nil on a runtime
    /// without task executors, where the test has nothing to show.
    private func start(
        on scheduler: TestScheduler, _ body: @escaping @Sendable () async throws -> String
    ) -> Task<String, any Error>? {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else { return nil }
        return Task(executorPreference: scheduler, operation: body)
    }

    @Test func aRespondResumesTheAwaitingCall() async throws {
        let scheduler = TestScheduler()
        let output = OutputLog()
        let source = Source(requests: RequestLog(output: output))
        guard let task = start(on: scheduler, { try await source.load("a") }) else { return }
        #expect(output.take() == [], "nothing runs before the scheduler advances")
        scheduler.advance()
        #expect(output.take() == [.request(id: 1, description: "load(a)")])
        try source.requests.respond(1, with: Reply(result: .success("body")), line: 2)()
        scheduler.advance()
        #expect(try await task.value == "body")
    }

    @Test func aFailureAnswerThrows() async throws {
        let scheduler = TestScheduler()
        let source = Source(requests: RequestLog(output: OutputLog()))
        guard let task = start(on: scheduler, { try await source.load("a") }) else { return }
        scheduler.advance()
        try source.requests.respond(1, with: Reply(result: .failure(.init(reason: "offline"))), line: 2)()
        scheduler.advance()
        await #expect(throws: Reply.Failure(reason: "offline")) { try await task.value }
    }

    @Test func aCancelledCallRecordsCancelAndThrowsCancellationError() async throws {
        let scheduler = TestScheduler()
        let output = OutputLog()
        let source = Source(requests: RequestLog(output: output))
        guard let task = start(on: scheduler, { try await source.load("a") }) else { return }
        scheduler.advance()
        task.cancel()
        #expect(output.take() == [.request(id: 1, description: "load(a)"), .cancel(id: 1)])
        // A late answer to the cancelled request is allowed, and reaches no one.
        try source.requests.respond(1, with: Reply(result: .success("late")), line: 3)()
        scheduler.advance()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aTaskCancelledBeforeItsCallMakesNoRequest() async throws {
        let scheduler = TestScheduler()
        let output = OutputLog()
        let source = Source(requests: RequestLog(output: output))
        guard let task = start(on: scheduler, { try await source.load("a") }) else { return }
        task.cancel()
        scheduler.advance()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(output.take() == [])
    }
}
