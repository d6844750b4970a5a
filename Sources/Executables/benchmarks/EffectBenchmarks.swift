import Foundation
import MVICore

/// The synchronous path: the intent dispatches its message at once, with no effect.
final class SynchronousRoundTrip: Executor {
    typealias Context = ExecutorContext<Never, BenchMessage, BenchState, Never>
    func executeIntent(_ intent: BenchIntent, _ context: Context) {
        switch intent {
        case .add(let value): context.dispatch(.added(value))
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

/// One async round trip next to the synchronous path, measured side by side in each repetition.
@MainActor func benchmarkEffects(_ run: BenchmarkRun) -> [Result] {
    let count = run.quick ? 20_000 : 200_000
    var synchronous: [Double] = []
    var effects: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<run.repetitions {
        let plain = nanosecondsPerRoundTrip(SynchronousRoundTrip(), count: count)
        let effect = nanosecondsPerRoundTrip(AsyncRoundTrip(), count: count)
        synchronous.append(plain)
        effects.append(effect)
        ratios.append(effect / plain)
    }
    return [
        Result(
            name: "effects: one async round trip on TestScheduler (intent -> run -> send -> message)",
            median: median(effects), unit: "ns",
            baselineName: "the synchronous path (intent -> dispatch -> message)", baseline: median(synchronous),
            runs: effects, pairedRatio: median(ratios))
    ]
}
