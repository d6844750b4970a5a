import MVICore
import Testing

/// `ImmediateScheduler` is a trampoline: it never waits, and never runs work inside other work.
@Suite struct ImmediateSchedulerTests {
    @Test func runsWorkAtOnceWhenNothingRunsEvenWhenDelayed() {
        let scheduler = ImmediateScheduler()
        let log = Recorder<String>()
        scheduler.schedule { log.append("now") }
        #expect(log.values == ["now"])
        scheduler.schedule(after: .seconds(60)) { log.append("later") }
        #expect(log.values == ["now", "later"])
        #expect(scheduler.now == .seconds(60), "the clock moved to the piece's due time, without waiting")
        #expect(scheduler.isCurrent)
    }

    @Test func workScheduledWhileWorkRunsRunsRightAfterItInOrder() {
        let scheduler = ImmediateScheduler()
        let log = Recorder<String>()
        scheduler.schedule {
            log.append("a begins")
            scheduler.schedule {
                log.append("b")
                scheduler.schedule { log.append("d") }
            }
            scheduler.schedule { log.append("c") }
            log.append("a ends")
        }
        #expect(log.values == ["a begins", "a ends", "b", "c", "d"])
    }

    @Test func delayedWorkRunsInDueOrderThenScheduleOrder() {
        let scheduler = ImmediateScheduler()
        let log = Recorder<String>()
        scheduler.schedule {
            scheduler.schedule(after: .seconds(2)) { log.append("2s") }
            scheduler.schedule(after: .seconds(1)) { log.append("1s first") }
            scheduler.schedule { log.append("now") }
            scheduler.schedule(after: .seconds(1)) { log.append("1s second") }
        }
        #expect(log.values == ["now", "1s first", "1s second", "2s"])
        #expect(scheduler.now == .seconds(2))
    }

    @Test func queuedWorkCancelledBeforeItsTurnNeverRuns() {
        let scheduler = ImmediateScheduler()
        let log = Recorder<String>()
        scheduler.schedule {
            let doomed = scheduler.schedule(after: .seconds(1)) { log.append("cancelled work ran") }
            scheduler.schedule { doomed.cancel() }
            scheduler.schedule(after: .seconds(2)) { log.append("kept") }
        }
        #expect(log.values == ["kept"])
    }

    /// It stops the program with a message that says why and what to use instead.
    @Test func repeatingWorkIsAProgrammingError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ImmediateScheduler().schedule(every: .seconds(1)) {}
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("ImmediateScheduler cannot run repeating work (every 1.0 seconds): it does not wait."))
        #expect(stderr.contains("Use TestScheduler in tests or DispatchQueueScheduler in apps."))
    }

    @Test func aResultDeliveredInsideAnIntentArrivesAfterTheIntent() {
        final class Answering: Executor {
            typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, CounterLabel>
            private(set) var log: [String] = []
            func executeIntent(_ intent: CounterIntent, _ context: Context) {
                guard case .load(let value) = intent else { return }
                log.append("begin load")
                context.run { send in
                    // A data source that answers inside its own call.
                    _ = try await awaitCallback { (completion: @Sendable (Int) -> Void) in
                        completion(value)
                        return Cancellation()
                    }
                    send.forward(.loadFromAction(value))
                }
                log.append("end load")
            }

            func executeAction(_ action: CounterAction, _ context: Context) {
                guard case .loadFromAction(let value) = action else { return }
                log.append("delivered")
                context.dispatch(.loaded(value))
            }
        }
        let executor = Answering()
        let store = CounterStore(
            name: "Answering", initialState: CounterState(), executor: executor, reducer: counterReducer(),
            scheduler: ImmediateScheduler())
        store.accept(.load(4))
        #expect(executor.log == ["begin load", "end load", "delivered"])
        #expect(store.state.count == 4, "and it has arrived when accept returns")
    }
}
