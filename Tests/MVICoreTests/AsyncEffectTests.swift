import MVICore
import MVIEssentials
import Testing

@Suite struct AsyncEffectTests {
    /// An effect starts inside `run` and runs until it first suspends (here, on the debounce's
    /// sleep); after that it runs only when the scheduler advances.
    @Test func anEffectStartsAtOnceAndResumesOnlyWhenTheSchedulerAdvances() {
        let scheduler = TestScheduler()
        let source = AnsweredSource()
        let store = makeFindStore(scheduler, source: source)
        store.accept(.search("cat"))
        #expect(store.state.query == "cat")
        #expect(source.log.isEmpty)
        #expect(scheduler.pendingJobCount == 0, "it started at once and waits on its sleep")
        #expect(scheduler.pendingCount == 1, "the sleep's timer")
        scheduler.advance(by: .milliseconds(299))
        #expect(source.log.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(source.log == ["call #1 search(cat)"])
        source.respond(1, with: .success(["tabby"]))
        #expect(store.state.results == [])
        scheduler.advance()
        #expect(store.state.results == ["tabby"])
        #expect(store.runningEffects.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func messagesAndLabelsComeBackOnTheSchedulerInOrder() {
        let scheduler = TestScheduler()
        let source = AnsweredSource()
        let store = makeFindStore(scheduler, source: source, debounce: .zero)
        var seen: [String] = []
        let states = store.subscribe(states: { seen.append("state \($0.results)") })
        let labels = store.subscribe(labels: { seen.append("label \($0)") })
        store.accept(.search("cat"))
        scheduler.advance()
        source.respond(1, with: .success(["tabby", "manx"]))
        scheduler.advance()
        #expect(
            seen == [
                "state []", "state []", "state [\"tabby\", \"manx\"]", "label done(\"cat\")",
            ])
        states.cancel()
        labels.cancel()
    }

    @Test func aSleepWaitsInVirtualTimeAndEachStepRunsAtItsInstant() {
        let scheduler = TestScheduler()
        let store = makeFindStore(scheduler, source: AnsweredSource())
        store.accept(.countTo(3))
        scheduler.advance()
        #expect(store.state.count == 1)
        scheduler.advance(by: .milliseconds(999))
        #expect(store.state.count == 1)
        scheduler.advance(by: .milliseconds(1))
        #expect(store.state.count == 2)
        scheduler.advance(by: .seconds(5))
        #expect(store.state.count == 3)
        #expect(scheduler.now == .milliseconds(6000))
        #expect(store.runningEffects.isEmpty)
    }

    @Test func aNewEffectWithTheSameKeyCancelsTheRunningOne() {
        let scheduler = TestScheduler()
        let source = AnsweredSource()
        let store = makeFindStore(scheduler, source: source, debounce: .zero)
        store.accept(.search("ca"))
        scheduler.advance()
        store.accept(.search("cat"))
        scheduler.advance()
        #expect(source.log == ["call #1 search(ca)", "cancel #1", "call #2 search(cat)"])
        // An answer to the cancelled call reaches no one.
        source.respond(1, with: .success(["old"]))
        source.respond(2, with: .success(["new"]))
        scheduler.advance()
        #expect(store.state.results == ["new"])
        #expect(store.state.error == nil)
        #expect(store.runningEffects.isEmpty)
    }

    @Test func aSleepingEffectCancelledByItsKeyEndsWithoutASound() {
        let scheduler = TestScheduler()
        let source = AnsweredSource()
        let store = makeFindStore(scheduler, source: source)
        store.accept(.search("cat"))
        scheduler.advance(by: .milliseconds(100))
        #expect(store.runningEffects.map(\.key) == ["search"])
        store.accept(.cancelSearch)
        #expect(store.runningEffects.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(source.log.isEmpty)
        #expect(store.state.error == nil)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposingTheStoreCancelsItsEffectsAndDropsWhatTheySend() {
        let scheduler = TestScheduler()
        let source = AnsweredSource()
        let store = makeFindStore(scheduler, source: source, debounce: .zero)
        store.accept(.search("cat"))
        scheduler.advance()
        store.dispose()
        #expect(source.log == ["call #1 search(cat)", "cancel #1"])
        #expect(store.runningEffects.isEmpty)
        scheduler.advance()
        #expect(store.state.results == [])
        #expect(store.state.error == nil)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aDisposedStoreStartsNoEffect() {
        let scheduler = TestScheduler()
        let store = makeFindStore(scheduler, source: AnsweredSource())
        store.dispose()
        store.accept(.countTo(2))
        scheduler.advance(by: .seconds(10))
        #expect(store.state.count == 0)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func theCancellableThatRunReturnsCancelsTheEffect() {
        let scheduler = TestScheduler()
        final class Holder: Executor {
            typealias Context = ExecutorContext<Never, FindMessage, FindState, FindLabel>
            var handle: (any Cancellable)?
            func executeIntent(_ intent: FindIntent, _ context: Context) {
                let clock = context.clock
                handle = context.run { send in
                    try await clock.sleep(for: .seconds(1))
                    send(.counted(1))
                }
            }
        }
        let executor = Holder()
        let store = FindStore(
            name: "Held", initialState: FindState(), executor: executor,
            reducer: ClosureReducer { state, _ in
                var state = state
                state.count += 1
                return state
            }, scheduler: scheduler)
        store.accept(.countTo(1))
        scheduler.advance()
        executor.handle?.cancel()
        scheduler.advance(by: .seconds(2))
        #expect(store.state.count == 0)
        #expect(store.runningEffects.isEmpty)
    }

    @Test func whatAnEffectSendsAfterItsCancellationIsDropped() {
        let scheduler = TestScheduler()
        final class Stubborn: Executor {
            typealias Context = ExecutorContext<Never, FindMessage, FindState, FindLabel>
            func executeIntent(_ intent: FindIntent, _ context: Context) {
                let clock = context.clock
                context.run(key: "stubborn") { send in
                    // The cancellation ends the sleep; the effect sends anyway.
                    try? await clock.sleep(for: .seconds(1))
                    send(.counted(99))
                    send.publish(.done("late"))
                }
            }
        }
        let store = FindStore(
            name: "Stubborn", initialState: FindState(), executor: Stubborn(),
            reducer: ClosureReducer { state, message in
                var state = state
                if case .counted(let value) = message { state.count = value }
                return state
            }, scheduler: scheduler)
        var labels: [FindLabel] = []
        let subscription = store.subscribe(labels: { labels.append($0) })
        store.accept(.countTo(1))
        scheduler.advance()
        store.accept(.countTo(2))  // replaces the first, which wakes cancelled and sends
        scheduler.advance()
        #expect(store.state.count == 0)
        #expect(labels.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(store.state.count == 99)
        #expect(labels == [.done("late")])
        subscription.cancel()
    }

    /// On a test scheduler a cancelled effect ends inside the call that cancels it (a newer run with
    /// its key, the store's release), not at the next advance: a test that drops its store and
    /// scheduler without advancing leaves no task, and nothing a task holds, behind.
    @Test func aCancelledEffectEndsAtOnceAndLetsGoOfWhatItHolds() {
        final class Token: Sendable {}
        final class Holding: Executor {
            typealias Context = ExecutorContext<Never, FindMessage, FindState, FindLabel>
            var tokens: [Weak] = []
            struct Weak { weak var token: Token? }
            func executeIntent(_ intent: FindIntent, _ context: Context) {
                let clock = context.clock
                let token = Token()
                tokens.append(Weak(token: token))
                context.run(key: "held") { send in
                    try await clock.sleep(for: .seconds(1))
                    withExtendedLifetime(token) { send(.counted(1)) }
                }
            }
        }
        let scheduler = TestScheduler()
        let executor = Holding()
        var store: FindStore? = FindStore(
            name: "Holding", initialState: FindState(), executor: executor,
            reducer: ClosureReducer { state, _ in state }, scheduler: scheduler)
        store?.accept(.countTo(1))
        #expect(executor.tokens[0].token != nil, "the sleeping effect holds its token")
        store?.accept(.countTo(2))
        #expect(executor.tokens[0].token == nil, "replaced by the newer run, it ended at once")
        #expect(executor.tokens[1].token != nil)
        store = nil
        #expect(executor.tokens[1].token == nil, "the store's release ended it")
        #expect(scheduler.pendingCount == 0)
        #expect(scheduler.pendingJobCount == 0)
    }

    @Test func anErrorGoesToTheCatchHandlerAndAFailedAnswerThrows() {
        let scheduler = TestScheduler()
        let source = AnsweredSource()
        let store = makeFindStore(scheduler, source: source, debounce: .zero)
        store.accept(.fail)
        scheduler.advance()
        #expect(store.state.error == "caught Failure(reason: \"no catch\")")
        store.accept(.search("cat"))
        scheduler.advance()
        source.respond(1, with: .failure(.init(reason: "offline")))
        scheduler.advance()
        #expect(store.state.error == "Failure(reason: \"offline\")")
        #expect(store.runningEffects.isEmpty)
    }

    @Test func theClockReadsTheSchedulersTime() async throws {
        let scheduler = TestScheduler(now: .seconds(5))
        let clock = scheduler.clock
        #expect(clock.now.offset == .seconds(5))
        #expect(clock.now.advanced(by: .seconds(1)).offset == .seconds(6))
        #expect(clock.now.duration(to: .init(offset: .seconds(8))) == .seconds(3))
        // A cancelled task's sleep ends at once with CancellationError.
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
