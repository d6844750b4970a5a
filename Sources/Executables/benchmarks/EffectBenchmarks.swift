import Foundation
import MVICore

/// The callback path: the intent's result comes back through `context.callback`, called at once.
final class CallbackRoundTrip: Executor {
    typealias Context = ExecutorContext<Never, BenchMessage, BenchState, Never>
    func executeIntent(_ intent: BenchIntent, _ context: Context) {
        switch intent {
        case .add(let value):
            let onResult = context.callback { (value: Int) in context.dispatch(.added(value)) }
            onResult(value)
        }
    }
}

/// The async path: the intent starts an effect, which sends the message back.
final class AsyncRoundTrip: Executor {
    typealias Context = ExecutorContext<Never, BenchMessage, BenchState, Never>
    func executeIntent(_ intent: BenchIntent, _ context: Context) {
        switch intent {
        case .add(let value): context.run { send in send(.added(value)) }
        }
    }
}

/// Intent -> effect -> message on a `TestScheduler`, one round trip at a time (each intent, then
/// `advance()`, which runs the effect's job and the message's turn): nanoseconds per round trip.
func nanosecondsPerRoundTrip(
    _ executor: some Executor<BenchIntent, Never, BenchMessage, BenchState, Never>, count: Int
) -> Double {
    let scheduler = TestScheduler()
    let store = DefaultStore(
        name: "bench", initialState: BenchState(), executor: executor, reducer: BenchReducer(), scheduler: scheduler)
    let sink = Sink()
    store.subscribe(states: { sink.total &+= $0.count })
    let time = seconds {
        for index in 0..<count {
            store.accept(.add(index & 1023))
            scheduler.advance()
        }
    }
    precondition(store.state.count == count, "a round trip did not come back: \(store.state.count) of \(count)")
    blackHole(sink.total)
    return time / Double(count) * 1e9
}

/// One async round trip next to the callback path, measured side by side in each repetition.
@MainActor func benchmarkEffects(_ run: BenchmarkRun) -> [Result] {
    let count = run.quick ? 20_000 : 200_000
    var callbacks: [Double] = []
    var effects: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<run.repetitions {
        let callback = nanosecondsPerRoundTrip(CallbackRoundTrip(), count: count)
        let effect = nanosecondsPerRoundTrip(AsyncRoundTrip(), count: count)
        callbacks.append(callback)
        effects.append(effect)
        ratios.append(effect / callback)
    }
    return [
        Result(
            name: "effects: one async round trip on TestScheduler (intent -> run -> send -> message)",
            median: median(effects), unit: "ns",
            baselineName: "the callback path (intent -> context.callback -> message)", baseline: median(callbacks),
            runs: effects, pairedRatio: median(ratios))
    ]
}
