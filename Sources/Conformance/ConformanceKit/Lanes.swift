import Dispatch
import Foundation
import MVIEssentials

/// Independent items worked on `lanes` threads at once, told in their order: what `run --jobs` and
/// `fuzz --jobs` share.
///
/// Each lane has a worker of its own, made by `make` on the lane's thread and used by that thread
/// alone (a port's process, a fuzzer), and takes the next item not yet taken, in `order` (the
/// items' own by default), so a slow item holds up one lane only; an order that starts the slowest
/// items first ends the lanes closer together. `consume` is called on the calling thread with each
/// item's result in the items' order, as soon as the item and all before it are done; when it
/// returns false no further item is started, and the items already under way are finished and
/// their results dropped. `finish` is given each worker when its lane has no more to do. So the
/// results told, and what `consume` makes of them, are the same whatever the number of lanes; only
/// the time they take differs. One lane runs on the calling thread, in the items' own order.
public enum Lanes {
    public static func run<Worker, Result: Sendable>(
        count: Int, lanes: Int, order: [Int]? = nil,
        make: @escaping @Sendable () -> Worker,
        work: @escaping @Sendable (inout Worker, Int) -> Result,
        finish: @escaping @Sendable (Worker) -> Void = { _ in },
        consume: (Int, Result) -> Bool
    ) {
        guard count > 0 else { return }
        if lanes <= 1 {
            // One lane: the calling thread's.
            var worker = make()
            for index in 0..<count where !consume(index, work(&worker, index)) { break }
            finish(worker)
            return
        }
        let order = order ?? Array(0..<count)
        precondition(order.sorted() == Array(0..<count), "Lanes: the order must name each item once")
        let shared = Locked(Shared<Result>(order: order))
        let finished = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<min(lanes, count) {
            // A thread of its own, not a worker of Dispatch's pool: a lane waits on a port or a
            // socket for as long as its items take, while URLSession's callbacks and the
            // schedulers need the pool's threads (under the address sanitizer, in a busy test
            // process, lanes on the pool can leave the wire level's answers waiting for a thread).
            done.enter()
            let lane: @Sendable () -> Void = {
                var worker = make()
                while let index = shared.withLock({ $0.take() }) {
                    let result = work(&worker, index)
                    shared.withLock { $0.results[index] = result }
                    finished.signal()
                }
                finish(worker)
            }
            // The thread lets go of the lane's work, and all it holds (the scenarios), before it
            // says it is done: the thread itself still ends after `run` returns, and what it holds
            // then is neither freed nor reachable when the process exits (a leak to the sanitizer).
            let handedOver = Locked<(@Sendable () -> Void)?>(lane)
            let thread = Thread {
                handedOver.withLock { $0.take() }?()
                done.leave()
            }
            thread.name = "conformance lane"
            thread.start()
        }
        var told = 0
        telling: while told < count {
            finished.wait()
            while told < count, let next = shared.withLock({ $0.results[told] }) {
                told += 1
                if !consume(told - 1, next) {
                    shared.withLock { $0.stop() }
                    break telling
                }
            }
        }
        done.wait()
    }

    /// What the lanes share: the order items are taken in, how many are taken, and each finished
    /// result in its item's place.
    private struct Shared<Result: Sendable>: Sendable {
        let order: [Int]
        var taken = 0
        var results: [Result?]

        init(order: [Int]) {
            self.order = order
            results = Array(repeating: nil, count: order.count)
        }

        /// The next item's index, or nil when every item is taken or the run has stopped.
        mutating func take() -> Int? {
            guard taken < order.count else { return nil }
            defer { taken += 1 }
            return order[taken]
        }

        /// No item is started after this.
        mutating func stop() { taken = order.count }
    }
}
