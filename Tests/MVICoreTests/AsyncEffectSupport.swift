import MVICore
import MVIEssentials

/// A search feature whose executor works with async effects, for the tests of `run`.
enum FindIntent: Equatable, Sendable {
    case search(String)
    case cancelSearch
    case countTo(Int)
    case fail
}
enum FindMessage: Equatable, Sendable {
    case started(String)
    case found([String])
    case failed(String)
    case counted(Int)
}
enum FindLabel: Equatable, Sendable { case done(String) }
struct FindState: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var count = 0
    var error: String?
}

/// An async data source, answered by the test: each call waits until the test answers it (or its
/// task is cancelled), and every call, answer and cancellation is written to the log, numbered.
final class AnsweredSource: Sendable {
    struct Failure: Error, Equatable { let reason: String }
    private struct Calls {
        var waiting: [Int: CheckedContinuation<[String], any Error>] = [:]
        var cancelledEarly: Set<Int> = []
        var count = 0
        var log: [String] = []
    }
    private let calls = Locked(Calls())
    /// The scheduler whose time stamps the log, if any.
    private let scheduler: TestScheduler?

    init(scheduler: TestScheduler? = nil) { self.scheduler = scheduler }

    /// A log line, stamped with the scheduler's time when there is one.
    private func stamped(_ line: String) -> String {
        scheduler.map { "\($0.now) \(line)" } ?? line
    }

    var log: [String] { calls.withLock { $0.log } }

    func search(_ query: String) async throws -> [String] {
        let number = calls.withLock { calls in
            calls.count += 1
            calls.log.append(stamped("call #\(calls.count) search(\(query))"))
            return calls.count
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let early = calls.withLock { calls in
                    if calls.cancelledEarly.contains(number) { return true }
                    calls.waiting[number] = continuation
                    return false
                }
                if early { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = calls.withLock { calls in
                calls.log.append(stamped("cancel #\(number)"))
                guard let continuation = calls.waiting.removeValue(forKey: number) else {
                    calls.cancelledEarly.insert(number)
                    return nil as CheckedContinuation<[String], any Error>?
                }
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Answers call `number`; it resumes when the scheduler runs its job.
    func respond(_ number: Int, with answer: Result<[String], Failure>) {
        let continuation = calls.withLock { calls in
            calls.log.append(stamped("respond #\(number)"))
            return calls.waiting.removeValue(forKey: number)
        }
        continuation?.resume(with: answer.mapError { $0 as any Error })
    }
}

final class FindExecutor: Executor {
    typealias Context = ExecutorContext<Never, FindMessage, FindState, FindLabel>
    let source: AnsweredSource
    let debounce: Duration

    init(source: AnsweredSource, debounce: Duration = .milliseconds(300)) {
        self.source = source
        self.debounce = debounce
    }

    func executeIntent(_ intent: FindIntent, _ context: Context) {
        switch intent {
        case .search(let query):
            context.dispatch(.started(query))
            let (clock, source, debounce) = (context.clock, source, debounce)
            context.run(key: "search") { send in
                try await clock.sleep(for: debounce)
                let results = try await source.search(query)
                send(.found(results))
                send.publish(.done(query))
            } catch: { error, send in
                send(.failed("\(error)"))
            }
        case .cancelSearch:
            context.cancel(key: "search")
        case .countTo(let last):
            let clock = context.clock
            context.run { send in
                for value in 1...last {
                    send(.counted(value))
                    if value < last { try await clock.sleep(for: .seconds(1)) }
                }
            }
        case .fail:
            context.run { _ in
                throw AnsweredSource.Failure(reason: "no catch")
            } catch: { error, send in
                send(.failed("caught \(error)"))
            }
        }
    }
}

typealias FindStore = DefaultStore<FindIntent, Never, FindMessage, FindState, FindLabel>

func makeFindStore(
    _ scheduler: TestScheduler, source: AnsweredSource, debounce: Duration = .milliseconds(300)
) -> FindStore {
    FindStore(
        name: "Find", initialState: FindState(), executor: FindExecutor(source: source, debounce: debounce),
        reducer: ClosureReducer { state, message in
            var state = state
            switch message {
            case .started(let query):
                state.query = query
                state.error = nil
            case .found(let results): state.results = results
            case .failed(let error): state.error = error
            case .counted(let value): state.count = value
            }
            return state
        },
        scheduler: scheduler)
}

/// Everything a find store and its source did, one line each, with the virtual time.
final class FindTranscript {
    private(set) var lines: [String] = []
    private var seen = 0
    let scheduler: TestScheduler
    let source: AnsweredSource
    var subscriptions: [any Cancellable] = []

    init(_ store: FindStore, scheduler: TestScheduler, source: AnsweredSource) {
        self.scheduler = scheduler
        self.source = source
        subscriptions.append(
            store.subscribe(events: { [weak self] event in
                guard let self else { return }
                takeSourceLines()
                lines.append("\(scheduler.now) \(event.kind)")
            }))
    }

    /// The source's lines since the last look, at the current time.
    func takeSourceLines() {
        let log = source.log
        for line in log[seen...] { lines.append("source: \(line)") }
        seen = log.count
    }

    var text: String {
        takeSourceLines()
        return lines.joined(separator: "\n")
    }
}
