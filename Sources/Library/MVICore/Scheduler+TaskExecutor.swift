import MVIEssentials

/// The test scheduler as a task executor (SE-0417). A task started with it as its executor
/// preference (as `ExecutorContext.run` does on a `TestScheduler`) runs every job of its
/// nonisolated code here: each job is a piece of the scheduler's work, due at the virtual time it
/// was enqueued, so it runs only while the test advances the scheduler, one job at a time, in the
/// order the jobs were enqueued, on the test's thread. A task that awaits a sleep of the
/// scheduler's `clock` is resumed by the scheduler's own timer; nothing waits on wall time.
///
/// Code isolated to an actor (the main actor, an app's actor) still runs on that actor's
/// executor, outside the scheduler's order: keep an effect's code nonisolated, or its data
/// source's, for a test to be deterministic.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension TestScheduler: TaskExecutor {
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        guard !keepForEnding(job) else { return }
        waitingJobs.withLock { $0 += 1 }
        schedule { [self] in
            waitingJobs.withLock { $0 -= 1 }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Runs `cancel`, which cancels effects' tasks, then at once the jobs that their cancellation
    /// resumed, so that a cancelled effect ends inside the call that cancelled it instead of at the
    /// test's next advance: a test that drops its store and scheduler leaves no task behind.
    /// Only jobs enqueued from this thread meanwhile are run; others wait for an advance as usual.
    func endingCancelledTasks(_ cancel: () -> Void) {
        running {
            let isNested = endingJobs.withLock { jobs in
                defer { jobs = jobs ?? [] }
                return jobs != nil
            }
            cancel()
            guard !isNested else { return }  // the outermost call runs them
            while let jobs = endingJobs.withLock({ jobs -> [UnownedJob]? in
                guard let taken = jobs, !taken.isEmpty else {
                    jobs = nil
                    return nil
                }
                jobs = []
                return taken
            }) {
                for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            }
        }
    }
}

extension TestScheduler {
    /// The number of async jobs waiting to run: jobs of tasks that run on this scheduler (async
    /// effects), resumed or started and not yet run. Included in `pendingCount`.
    public var pendingJobCount: Int { waitingJobs.withLock { $0 } }
}

/// The immediate scheduler as a task executor (SE-0417): an effect's jobs run on its trampoline,
/// on the thread that resumed them, at once when nothing of the scheduler runs. An effect whose
/// data source answers inside its call therefore reports back before the intent's `accept` returns.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension ImmediateScheduler: TaskExecutor {
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        schedule { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

/// The dispatch-queue scheduler as a task executor (SE-0417): a store's async effects run their
/// jobs on the store's queue (the main queue for a UI store, as MVIKotlin's executors run their
/// coroutines on the main dispatcher), not on the shared cooperative pool, so an effect starts
/// even while the pool's threads are busy. Await work that is slow or blocking off the queue: in a
/// data source of its own (URLSession), or on an actor of its own.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
extension DispatchQueueScheduler: TaskExecutor {
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
