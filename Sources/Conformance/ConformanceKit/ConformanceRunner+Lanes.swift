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
        var results: [ScenarioResult] = []
        var info: ImplementationInfo?
        Lanes.run(
            count: entries.count, lanes: lanes,
            make: { (implementation: make(), lane: Lane()) },
            work: { worker, index in
                let result = run(entries[index], on: worker.implementation, lane: &worker.lane)
                return (result, worker.lane.info ?? worker.implementation.identity)
            },
            finish: { $0.implementation.stop() },
            consume: { _, told in
                results.append(told.0)
                info = info ?? told.1
                progress(told.0)
                return true
            })
        return RunReport(implementation: info, command: command, results: results)
    }
}
