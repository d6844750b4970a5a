extension ConformanceRunner {
    /// Runs `entries` on `lanes` implementations at once, each made by `make` on its own thread and
    /// used by that thread alone, and gives the report that `run(_:on:)` gives with one: the
    /// results in the entries' order, told to `progress` in that order, on the calling thread, as
    /// soon as each and all before it are done. Each scenario begins afresh, so only the results'
    /// wall-clock durations depend on the lanes (docs/performance.md, "The corpus against a bare read of it").
    ///
    /// The lanes first read every scenario, then replay them, the longest first by an estimate
    /// (`estimatedWork`), so that the lanes end close together: in the corpus's order a long
    /// scenario near its end held one lane while the others had nothing left to do. A lane takes
    /// the next entry not yet taken, so a slow scenario holds up one lane only. A port that does
    /// not start is tried once per lane.
    public func run(
        _ entries: [FixtureCatalog.Entry], lanes: Int, make: @escaping @Sendable () -> any Implementation,
        command: String? = nil,
        progress: (ScenarioResult) -> Void = { _ in }
    ) -> RunReport {
        let lanes = max(1, min(lanes, entries.count))
        if lanes == 1 { return run(entries, on: make(), command: command, progress: progress) }
        var read: [ReadEntry] = []
        Lanes.run(
            count: entries.count, lanes: lanes, make: {}, work: { _, index in self.read(entries[index]) },
            consume: { _, scenario in
                read.append(scenario)
                return true
            })
        let scenarios = read
        let work = scenarios.map(\.estimatedWork)
        let order = work.indices.sorted { (work[$0], $1) > (work[$1], $0) }  // the most work first, ties in order
        var results: [ScenarioResult] = []
        var info: ImplementationInfo?
        Lanes.run(
            count: entries.count, lanes: lanes, order: order,
            make: { (implementation: make(), lane: Lane()) },
            work: { worker, index in
                let result = run(entries[index], read: scenarios[index], on: worker.implementation, lane: &worker.lane)
                return (result, worker.lane.info ?? worker.implementation.identity.info)
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

extension ConformanceRunner.ReadEntry {
    /// How long the replay of the scenario may take, in no unit, to start the longest first: one
    /// for each event, and one for each tenth of a second of virtual time its advances cover (a
    /// timer's ticks come that often). It is rough, as virtual time costs only where work is
    /// scheduled on the clock: a scenario that advances days with nothing scheduled ranks high and
    /// takes a millisecond. Only the order the lanes take the scenarios in depends on it, never a result.
    var estimatedWork: Int {
        guard case .scenario(let scenario) = contents else { return 0 }
        return scenario.events.reduce(0) { work, event in
            guard case .advance(let milliseconds, _) = event.kind else { return work + 1 }
            return work + 1 + milliseconds / 100
        }
    }
}
