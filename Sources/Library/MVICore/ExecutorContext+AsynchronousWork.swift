import MVIEssentials

/// Asynchronous work that reports back to the store: timers, delays and callbacks. Their bodies
/// run on the store's scheduler as executor turns.
extension ExecutorContext {
    /// Runs `body` on the store's scheduler every `interval` until the result is cancelled or the
    /// store is disposed (the store cancels it). For timers that drive the store, such as ticks.
    @discardableResult
    public func every(_ interval: Duration, _ body: @escaping () -> Void) -> any Cancellable {
        track(scheduler.schedule(every: interval, whileAlive(body)))
    }

    /// Runs `body` on the store's scheduler once after `delay`, unless cancelled or the store is disposed.
    @discardableResult
    public func after(_ delay: Duration, _ body: @escaping () -> Void) -> any Cancellable {
        track(scheduler.schedule(after: delay, whileAlive(body)))
    }

    /// `body` as work for the store's scheduler that does nothing once the store is disposed.
    /// It captures executor state, which is safe because it only runs on the store's scheduler.
    private func whileAlive(_ body: @escaping () -> Void) -> @Sendable () -> Void {
        // Both run only on the store's scheduler, one piece of work at a time.
        let body = Confined(body, to: scheduler)
        let turns = Confined(turns, to: scheduler)
        return { turns.value.submit?(body.value) }
    }

    private func track(_ timer: any Cancellable) -> any Cancellable {
        work.insert(timer)
        return timer
    }

    /// Makes a function that any thread may call with a value; `body` then gets the value on the
    /// store's scheduler, unless the store is disposed (or released) by then.
    ///
    /// This is the one way results of asynchronous work come back to the store. The returned
    /// function is `@Sendable` and only submits; `body` may capture the executor's own state,
    /// since it only ever runs on the store's scheduler. Calling it always submits, even on the
    /// scheduler, so a data source that answers inside its own call never re-enters the executor
    /// in the middle of an intent.
    ///
    /// Make the callback on the scheduler (in `executeIntent`), hand it to a data source or a
    /// background scheduler, and call it from there:
    /// ```swift
    /// let onResult = context.callback { (result: Result<[String], LoadError>) in ... }
    /// dataSource.load { response in background.schedule { onResult(parse(response)) } }
    /// ```
    public func callback<Value: Sendable>(_ body: @escaping (Value) -> Void) -> @Sendable (Value) -> Void {
        // Both run only on the store's scheduler, one piece of work at a time.
        let body = Confined(body, to: scheduler)
        let turns = Confined(turns, to: scheduler)
        let scheduler = self.scheduler
        return { value in
            // The turn holds the store, so it stays alive while the body runs.
            scheduler.schedule { turns.value.submit? { body.value(value) } }
        }
    }
}
