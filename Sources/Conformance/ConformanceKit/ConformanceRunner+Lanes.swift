import Dispatch
import MVIEssentials

extension ConformanceRunner {
    /// Runs `entries` on `lanes` implementations at once, each made by `make` on its own thread and
    /// used by that thread alone, and gives the report that `run(_:on:)` gives with one: the
    /// results in the entries' order, told to `progress` in that order, on the calling thread, as
    /// soon as each and all before it are done. Each scenario begins afresh, so only the results'
    /// wall-clock durations depend on the lanes (docs/performance.md, "The corpus against a bare read of it").
    ///
    /// A lane takes the next entry not yet taken, so a slow scenario holds up one lane only. A port
    /// that does not start is tried once per lane.
    public func run(
        _ entries: [FixtureCatalog.Entry], lanes: Int, make: @escaping @Sendable () -> any Implementation,
        command: String? = nil,
        progress: (ScenarioResult) -> Void = { _ in }
    ) -> RunReport {
        let lanes = max(1, min(lanes, entries.count))
        if lanes == 1 { return run(entries, on: make(), command: command, progress: progress) }
        let shared = Locked(Shared(count: entries.count))
        let finished = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<lanes {
            DispatchQueue.global().async(group: done) {
                let implementation = make()
                var lane = Lane()
                while let index = shared.withLock({ $0.take() }) {
                    let result = run(entries[index], on: implementation, lane: &lane)
                    let info = lane.info ?? implementation.identity
                    shared.withLock { shared in
                        shared.results[index] = result
                        shared.info = shared.info ?? info
                    }
                    finished.signal()
                }
                implementation.stop()
            }
        }
        var results: [ScenarioResult] = []
        while results.count < entries.count {
            finished.wait()
            while results.count < entries.count, let next = shared.withLock({ $0.results[results.count] }) {
                results.append(next)
                progress(next)
            }
        }
        done.wait()
        return RunReport(implementation: shared.withLock { $0.info }, command: command, results: results)
    }

    /// What the lanes share: the next entry to take, each finished result in its place, and what
    /// the implementation says of itself.
    private struct Shared: Sendable {
        var next = 0
        var results: [ScenarioResult?]
        var info: ImplementationInfo?

        init(count: Int) { results = Array(repeating: nil, count: count) }

        /// The next entry's index, or nil when every entry is taken.
        mutating func take() -> Int? {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
