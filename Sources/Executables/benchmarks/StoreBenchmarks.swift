import AllocationCounter
import ConformanceKit
import Foundation
import MVICore
import MVIEssentials
import MVIImagePipeline
import MVITestSupport
import MockHTTPServer
import ReferenceFeatures
import ReplaySeam
import SeededRandom

enum BenchIntent { case add(Int) }
enum BenchMessage { case added(Int) }
struct BenchState {
    var count = 0
    var checksum = 0
}

struct BenchReducer: Reducer {
    func reduce(_ state: BenchState, _ message: BenchMessage) -> BenchState {
        switch message {
        case .added(let value):
            var next = state
            next.count += 1
            next.checksum = next.checksum &* 31 &+ value
            return next
        }
    }
}

/// The reducer behind one real call per message: the optimizer may not inline it into the loop
/// (and then vectorise the loop away), so this is what "the bare reducer call" costs.
@inline(never) func reduceCall(_ reducer: BenchReducer, _ state: BenchState, _ message: BenchMessage) -> BenchState {
    reducer.reduce(state, message)
}

/// What every subscriber in these benchmarks does: add up what it sees. A class field without
/// dynamic exclusivity checks, so the subscriber costs next to nothing and the figures are the
/// stores' own (a captured `var` would add a runtime access check to every notification).
final class Sink {
    @exclusivity(unchecked) var total = 0
}

/// The calibration point: a store in its most naive form, a closure reducer and an array of
/// subscriber closures, with none of DefaultStore's guarantees (no confinement, events, labels, dispose).
final class NaiveStore {
    private var state: BenchState
    private let reduce: (BenchState, BenchMessage) -> BenchState
    private var subscribers: [(BenchState) -> Void] = []

    init(initial: BenchState, reduce: @escaping (BenchState, BenchMessage) -> BenchState) {
        state = initial
        self.reduce = reduce
    }

    func subscribe(_ subscriber: @escaping (BenchState) -> Void) { subscribers.append(subscriber) }

    func accept(_ intent: BenchIntent) {
        switch intent {
        case .add(let value): state = reduce(state, .added(value))
        }
        for subscriber in subscribers { subscriber(state) }
    }
}

final class BenchExecutor: Executor {
    typealias Context = ExecutorContext<Never, BenchMessage, BenchState, Never>
    func executeIntent(_ intent: BenchIntent, _ context: Context) {
        switch intent {
        case .add(let value): context.dispatch(.added(value))
        }
    }
}

@MainActor func benchmarkStore(_ run: BenchmarkRun) -> [Result] {
    var results: [Result] = []
    let count = run.quick ? 200_000 : 2_000_000
    var generator = SystemRandomNumberGenerator()
    let values = (0..<1024).map { _ in Int.random(in: 0...1000, using: &generator) }
    let reducer = BenchReducer()
    let reduceThroughValue: (BenchState, BenchMessage) -> BenchState = opaque({ reducer.reduce($0, $1) })
    var bare: [Double] = []
    var bareCall: [Double] = []
    var throughValue: [Double] = []
    var naive: [Double] = []
    var viaStore: [Double] = []
    var unsubscribed: [Double] = []
    var onQueue: [Double] = []
    var onImmediate: [Double] = []
    let queueScheduler = DispatchQueueScheduler.background(label: "benchmarks.store")
    /// Sends `count` intents to `store` on the calling thread; the time per intent.
    func nanosecondsPerIntent(_ store: DefaultStore<BenchIntent, Never, BenchMessage, BenchState, Never>) -> Double {
        seconds {
            for index in 0..<count { store.accept(.add(values[index & 1023])) }
        } / Double(count) * 1e9
    }
    for _ in 0..<run.repetitions {
        var state = BenchState()
        bare.append(
            seconds {
                for index in 0..<count { state = reducer.reduce(state, .added(values[index & 1023])) }
            } / Double(count) * 1e9)
        blackHole(state.checksum)

        var viaCall = BenchState()
        bareCall.append(
            seconds {
                for index in 0..<count { viaCall = reduceCall(reducer, viaCall, .added(values[index & 1023])) }
            } / Double(count) * 1e9)
        blackHole(viaCall.checksum)

        var viaValue = BenchState()
        throughValue.append(
            seconds {
                for index in 0..<count { viaValue = reduceThroughValue(viaValue, .added(values[index & 1023])) }
            } / Double(count) * 1e9)
        blackHole(viaValue.checksum)

        let naiveStore = NaiveStore(initial: BenchState(), reduce: reduceThroughValue)
        let naiveSink = Sink()
        naiveStore.subscribe { naiveSink.total &+= $0.count }
        naive.append(
            seconds {
                for index in 0..<count { naiveStore.accept(.add(values[index & 1023])) }
            } / Double(count) * 1e9)
        blackHole(naiveSink.total)

        // On a TestScheduler the store never hops and its entry points take no lock: this is the
        // store's own cost. The ImmediateScheduler row adds the trampoline's lock around each intent.
        let store = DefaultStore(
            name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer,
            scheduler: TestScheduler())
        let sink = Sink()
        store.subscribe(states: { sink.total &+= $0.count })
        viaStore.append(nanosecondsPerIntent(store))
        blackHole(sink.total)

        let immediate = DefaultStore(
            name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer,
            scheduler: ImmediateScheduler())
        let immediateSink = Sink()
        immediate.subscribe(states: { immediateSink.total &+= $0.count })
        onImmediate.append(nanosecondsPerIntent(immediate))
        blackHole(immediateSink.total)

        let quiet = DefaultStore(
            name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer,
            scheduler: TestScheduler())
        unsubscribed.append(nanosecondsPerIntent(quiet))
        blackHole(quiet.state.checksum)

        // As an app's store runs: on a dispatch queue and called there, so each intent asks the queue
        // whether it is on it.
        // The store is made on its queue, as the rule asks.
        onQueue.append(
            queueScheduler.queue.sync {
                let queued = DefaultStore(
                    name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer,
                    scheduler: queueScheduler)
                let queuedSink = Sink()
                queued.subscribe(states: { queuedSink.total &+= $0.count })
                let elapsed = seconds {
                    for index in 0..<count { queued.accept(.add(values[index & 1023])) }
                }
                blackHole(queuedSink.total)
                return elapsed
            } / Double(count) * 1e9)
    }
    let bareMedian = median(bareCall)
    let storeMedian = median(viaStore)
    let storeRatio = median(zip(viaStore, bareCall).map { $0 / $1 })
    results.append(
        Result(
            name: "store: one intent (one state subscriber)", median: storeMedian, unit: "ns",
            baselineName: "bare reducer call",
            baseline: bareMedian, runs: viaStore, pairedRatio: storeRatio))
    results.append(
        Result(
            name: "store: one intent, no subscriber", median: median(unsubscribed), unit: "ns",
            baselineName: "bare reducer call",
            baseline: bareMedian, runs: unsubscribed, pairedRatio: median(zip(unsubscribed, bareCall).map { $0 / $1 })))
    results.append(
        Result(
            name: "store on an ImmediateScheduler: one intent (one state subscriber)", median: median(onImmediate),
            unit: "ns",
            baselineName: "naive closure store", baseline: median(naive), runs: onImmediate,
            pairedRatio: median(zip(onImmediate, naive).map { $0 / $1 })))
    results.append(
        Result(
            name: "store on a dispatch queue: one intent (one state subscriber)", median: median(onQueue), unit: "ns",
            baselineName: "bare reducer call", baseline: bareMedian, runs: onQueue,
            pairedRatio: median(zip(onQueue, bareCall).map { $0 / $1 })))
    results.append(
        Result(
            name: "store: one intent, against the bare loop with the call inlined away", median: storeMedian,
            unit: "ns",
            baselineName: "bare loop, inlined", baseline: median(bare), runs: bare))
    results.append(
        Result(
            name: "store: one intent, against a reducer call through a function value", median: storeMedian, unit: "ns",
            baselineName: "reducer through a function value", baseline: median(throughValue), runs: throughValue))
    results.append(
        Result(
            name: "store on a TestScheduler: one intent, against a naive closure-based store", median: storeMedian,
            unit: "ns",
            baselineName: "naive closure store", baseline: median(naive), runs: naive,
            pairedRatio: median(zip(viaStore, naive).map { $0 / $1 })))
    // The target: the store as an app runs it. `DefaultStore` has no default scheduler; apps pass
    // `DispatchQueueScheduler.main()` (docs, features), so the measure is a dispatch-queue store
    // called on its queue, against the naive store compiled here, in this module, as an app's is.
    let appRatio = median(zip(onQueue, naive).map { $0 / $1 })
    results.append(
        Result(
            name: "store as an app runs it (dispatch queue), against a naive closure-based store",
            median: median(onQueue),
            unit: "ns", baselineName: "naive closure store", baseline: median(naive), target: "<= 2x baseline",
            ok: appRatio <= 2, runs: onQueue, pairedRatio: appRatio))
    results.append(
        Result(
            name: "naive store: one intent, against the bare reducer call", median: median(naive), unit: "ns",
            baselineName: "bare reducer call", baseline: bareMedian, runs: naive,
            pairedRatio: median(zip(naive, bareCall).map { $0 / $1 })))
    results.append(
        Result(
            name: "store: intents per second", median: 1e9 / storeMedian, unit: "/s",
            baselineName: "bare reducer calls",
            baseline: 1e9 / bareMedian, runs: viaStore.map { 1e9 / $0 }))

    // Allocations in steady state.
    let store = DefaultStore(
        name: "bench", initialState: BenchState(), executor: BenchExecutor(), reducer: reducer,
        scheduler: TestScheduler())
    let sink = Sink()
    store.subscribe(states: { sink.total &+= $0.count })
    for index in 0..<10_000 { store.accept(.add(values[index & 1023])) }
    let measured = 100_000
    // The store runs on a TestScheduler, so every allocation its intents cause is this thread's:
    // the process-wide count also takes in other threads' (the dispatch-queue store measured just
    // before winds down on its queue), a few in some runs.
    let before = allocation_counter_thread_total()
    let beforeProcess = allocation_counter_total()
    for index in 0..<measured { store.accept(.add(values[index & 1023])) }
    let perIntent = Double(allocation_counter_thread_total() - before) / Double(measured)
    let otherThreads = allocation_counter_total() - beforeProcess - (allocation_counter_thread_total() - before)
    blackHole(sink.total)
    if allocation_counter_available() == 1 {
        results.append(
            Result(
                name: "store: heap allocations per intent", median: perIntent, unit: "allocs", target: "0",
                ok: perIntent == 0))
        results.append(
            Result(
                name: "store: other threads' heap allocations while it was measured", median: Double(otherThreads),
                unit: "allocs"))
    } else {
        results.append(
            Result(
                name: "store: heap allocations per intent", median: .nan, unit: "allocs",
                target: "0 (not measurable on this platform)"))
    }
    return results
}
