import Dispatch
import Foundation
import MVICore

// `swift run -c release store-figures`: what one intent costs an app, measured from this package
// outside the library, as an app compiles it: `DefaultStore` (from the MVICore product) next to a
// naive closure store compiled here, in the same run. Each figure is the median of seven runs of
// a million intents with one state subscriber; the ratios are paired within each run
// (docs/performance.md, "The store").

enum Step { case add(Int) }
struct Tally: Equatable { var count = 0; var sum = 0 }

func apply(_ tally: Tally, _ step: Step) -> Tally {
    switch step {
    case .add(let value): Tally(count: tally.count + 1, sum: tally.sum &+ value)
    }
}

/// The calibration: a closure reducer and an array of subscriber closures, nothing else.
final class ClosureStore {
    private(set) var state = Tally()
    private let reduce: (Tally, Step) -> Tally
    private var observers: [(Tally) -> Void] = []
    init(reduce: @escaping (Tally, Step) -> Tally) { self.reduce = reduce }
    func observe(_ observer: @escaping (Tally) -> Void) { observers.append(observer) }
    func accept(_ step: Step) {
        state = reduce(state, step)
        for observer in observers { observer(state) }
    }
}

final class StepExecutor: Executor {
    typealias Context = ExecutorContext<Never, Step, Tally, Never>
    func executeIntent(_ intent: Step, _ context: Context) { context.dispatch(intent) }
}

/// Seen by every subscriber, so that no store's work can be optimised away.
final class Seen: @unchecked Sendable {  // touched only by the thread that runs the measured loop
    var total = 0
}

/// A million intents a run by default; `STORE_FIGURES_INTENTS` sets another count (fewer, for callgrind).
let intents = ProcessInfo.processInfo.environment["STORE_FIGURES_INTENTS"].flatMap { Int($0) } ?? 1_000_000
let seen = Seen()

func nanosecondsPerIntent(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(intents)
}

func naiveRun() -> Double {
    let store = ClosureStore(reduce: apply)
    store.observe { seen.total &+= $0.count }
    return nanosecondsPerIntent { for value in 0..<intents { store.accept(.add(value)) } }
}

func storeRun(on scheduler: any Scheduler) -> Double {
    let store = DefaultStore(
        name: "Tally", initialState: Tally(), executor: StepExecutor(), reducer: ClosureReducer(apply), scheduler: scheduler)
    let subscription = store.states.subscribe { seen.total &+= $0.count }
    defer {
        subscription.cancel()
        store.dispose()
    }
    return nanosecondsPerIntent { for value in 0..<intents { store.accept(.add(value)) } }
}

let queue = DispatchQueueScheduler.background(label: "store-figures")
var rows: [String: [Double]] = [:]
for _ in 0..<7 {
    let naive = naiveRun()
    let virtual = storeRun(on: TestScheduler())
    let immediate = storeRun(on: ImmediateScheduler())
    // As an app runs it: on a dispatch queue, called on that queue.
    let onQueue = queue.queue.sync { storeRun(on: queue) }
    rows["naive", default: []].append(naive)
    rows["testScheduler", default: []].append(virtual)
    rows["immediate", default: []].append(immediate)
    rows["immediate/naive", default: []].append(immediate / naive)
    rows["queue", default: []].append(onQueue)
    rows["testScheduler/naive", default: []].append(virtual / naive)
    rows["queue/naive", default: []].append(onQueue / naive)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
print(String(format: "naive closure store          %6.1f ns per intent", median(rows["naive"]!)))
print(String(format: "DefaultStore, TestScheduler  %6.1f ns per intent, %.2fx naive (paired)", median(rows["testScheduler"]!), median(rows["testScheduler/naive"]!)))
print(String(format: "DefaultStore, immediate      %6.1f ns per intent, %.2fx naive (paired)", median(rows["immediate"]!), median(rows["immediate/naive"]!)))
print(String(format: "DefaultStore, dispatch queue %6.1f ns per intent, %.2fx naive (paired)", median(rows["queue"]!), median(rows["queue/naive"]!)))
print("(checksum \(seen.total))")
