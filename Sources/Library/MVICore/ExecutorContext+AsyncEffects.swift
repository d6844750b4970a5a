import Foundation
import MVIEssentials

/// Async work started by an executor: an effect. It is the one way an executor does anything
/// later: a load, a debounce, a timer's ticks, a wait for a callback API (`awaitCallback`). It
/// reports back with `Send`, whose messages, actions and labels reach the store on its scheduler,
/// as executor turns, in the order they were sent.
extension ExecutorContext where Action: Sendable, Message: Sendable, Label: Sendable {
    /// Starts `operation` as a task: an async effect of the store.
    ///
    /// ```swift
    /// func executeIntent(_ intent: SearchIntent, _ context: Context) {
    ///     guard case .search(let query) = intent else { return }
    ///     let clock = context.clock
    ///     context.run(key: "search") { [dataSource] send in
    ///         try await clock.sleep(for: .milliseconds(300))
    ///         send(.found(try await dataSource.search(query)))
    ///     } catch: { error, send in
    ///         send(.failed("\(error)"))
    ///     }
    /// }
    /// ```
    ///
    /// - The effect's messages, actions and labels come back on the store's scheduler, in the order
    ///   it sent them, each as an executor turn (never inside another turn or a round). An action
    ///   goes to `executeAction`, which reads the state there: the way an effect has the executor
    ///   decide on the state of the moment (a timer's tick, a debounced search). What a cancelled
    ///   effect sends after its cancellation is dropped.
    /// - Starting an effect with the `key` of a running one cancels the running one first (a new
    ///   search replaces the last); `cancel(key:)` cancels it alone. Disposing the store cancels
    ///   every effect. A cancelled effect's task is cancelled: a sleep or a data source call it
    ///   awaits ends with `CancellationError`, which ends the effect quietly.
    /// - An error other than `CancellationError` goes to `handler`, if given; without one it is
    ///   written to standard error, naming the call site of `run` (under `TestStore`, it fails the
    ///   test at the step that ran the effect).
    /// - On a `TestScheduler` the task runs on the scheduler, as its task executor: only while the
    ///   test advances it, one job at a time, in a fixed order (the article "Async effects").
    ///
    /// Call it on the store's scheduler, as every call of the context. A disposed store starts nothing.
    /// - Returns: a handle that cancels the effect, from any thread.
    @discardableResult
    public func run(
        key: AnyHashable? = nil,
        fileID: String = #fileID, line: Int = #line,
        operation: @escaping @Sendable (Send<Action, Message, Label>) async throws -> Void,
        catch handler: (@Sendable (any Error, Send<Action, Message, Label>) async -> Void)? = nil
    ) -> any Cancellable {
        let site = "\(fileID):\(line)"
        let described = key.map { "\($0.base)" }
        guard !isDisposed, let id = effects.begin(key: key, site: site) else {
            let handle = Cancellation()
            handle.cancel()
            return handle
        }
        let scheduler = self.scheduler
        // Both are touched only on the store's scheduler, in the turns below.
        let context = Confined(self, to: scheduler)
        let registry = Confined(effects, to: scheduler)
        // Each goes to the store as an executor turn, unless the effect was cancelled meanwhile.
        let deliver: @Sendable (@escaping @Sendable (ExecutorContext) -> Void) -> Void = { body in
            // Sent by the effect's task after its cancellation: dropped here, as in the turn.
            guard !Task.isCancelled else { return }
            scheduler.schedule {
                context.value.turns.submit? { if registry.value.isRunning(id) { body(context.value) } }
            }
        }
        let send = Send<Action, Message, Label>(
            message: { message in deliver { $0.dispatch(message) } },
            action: { action in deliver { $0.forward(action) } },
            label: { label in deliver { $0.publish(label) } })
        let body: @Sendable () async -> Void = {
            do {
                try await operation(send)
            } catch is CancellationError {
            } catch {
                if let handler {
                    await handler(error, send)
                } else {
                    scheduler.schedule { registry.value.unhandled(error, id: id, site: site, key: described) }
                }
            }
            // Cancelling it forgot it already.
            guard !Task.isCancelled else { return }
            // A turn too, so that it comes after what the effect sent, even on a scheduler that runs
            // work inside the executor's call (`ImmediateScheduler`).
            scheduler.schedule {
                guard let submit = context.value.turns.submit else { return }
                submit { registry.value.end(id) }
            }
        }
        // The effect starts at once, inside this call, and runs until it first suspends, as
        // MVIKotlin's effects on `Dispatchers.Main.immediate` do: a request it makes is made before
        // `run` returns, in the order the executor's code asked for it.
        let executor = scheduler as? any TaskExecutor
        let task: Task<Void, Never>
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *) {
            task = Task.immediate(executorPreference: executor, operation: body)
        } else if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *), let executor {
            task = Task(executorPreference: executor, operation: body)
        } else {
            task = Task(operation: body)
        }
        effects.attach(task, to: id)
        return Cancellation { registry.onScheduler { $0.cancel(id: id) } }
    }
}

extension ExecutorContext {
    /// Cancels the running effect started with `key`, if any (see `run(key:operation:catch:)`).
    public func cancel(key: AnyHashable) {
        effects.cancel(key: key)
    }

    /// The store's scheduler's time as a `Clock`: its `sleep` waits in virtual time on a `TestScheduler`.
    public var clock: SchedulerClock { scheduler.clock }
}

/// What an effect uses to report back to its store: `send(message)` dispatches a message,
/// `send.forward(action)` hands an action to the executor's `executeAction`, and
/// `send.publish(label)` publishes a label, on the store's scheduler, in the order they were called.
/// Each may be called from any thread and returns at once.
public struct Send<Action: Sendable, Message: Sendable, Label: Sendable>: Sendable {
    private let message: @Sendable (Message) -> Void
    private let action: @Sendable (Action) -> Void
    private let label: @Sendable (Label) -> Void

    init(
        message: @escaping @Sendable (Message) -> Void, action: @escaping @Sendable (Action) -> Void,
        label: @escaping @Sendable (Label) -> Void
    ) {
        self.message = message
        self.action = action
        self.label = label
    }

    /// Dispatches `message` to the store's reducer, on the store's scheduler.
    public func callAsFunction(_ message: Message) { self.message(message) }

    /// Hands `action` to the executor's `executeAction`, on the store's scheduler, where it reads
    /// the state of that moment.
    public func forward(_ action: Action) { self.action(action) }

    /// Publishes `label` to the store's label subscribers, on the store's scheduler.
    public func publish(_ label: Label) { self.label(label) }
}

/// An error an effect threw with no `catch:` handler, as `TestStore` reports it.
package struct UnhandledEffectError: Sendable {
    /// The effect's number in its store.
    package let id: Int
    /// The key it was started with, described; nil without one.
    package let key: String?
    /// The call site of `run`, `File.swift:line`.
    package let site: String
    /// The error, described.
    package let error: String
}

/// A running effect, as `TestStore` names it: where `run` was called, and its key.
package struct RunningEffect: Sendable, Equatable {
    /// The effect's number in its store, from 1 in the order effects started.
    package let id: Int
    /// The key it was started with, described; nil without one.
    package let key: String?
    /// The call site of `run`, `File.swift:line`.
    package let site: String
}

/// A store's running effects: each one's task, key and call site. Confined to the store's scheduler.
final class EffectRegistry {
    private struct Entry {
        let id: Int
        let key: AnyHashable?
        let site: String
        var task: Task<Void, Never>?
    }

    private var lastID = 0
    /// The running effects, in the order they started.
    private var entries: [Entry] = []
    /// Set when the store is disposed: nothing starts any more.
    private var isClosed = false
    /// Errors thrown with no handler, kept for `TestStore` when it collects them; nil: written to
    /// standard error.
    var unhandledErrors: [UnhandledEffectError]?
    /// The store's scheduler when it is a test scheduler. Unowned, as the store holds it: only the
    /// store's work, run by the scheduler, touches the registry.
    private unowned let testScheduler: TestScheduler?

    init(scheduler: any Scheduler) {
        testScheduler = scheduler as? TestScheduler
    }

    /// An effect threw `error` and its `run` had no handler.
    func unhandled(_ error: any Error, id: Int, site: String, key: String?) {
        let error = UnhandledEffectError(id: id, key: key, site: site, error: "\(error)")
        guard unhandledErrors != nil else {
            let line =
                "MVICore: the effect started at \(site) threw \(error.error), and its run(...) has no catch handler"
            return FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        unhandledErrors?.append(error)
    }

    /// Registers a new effect, after cancelling the running one with the same key; nil once closed.
    func begin(key: AnyHashable?, site: String) -> Int? {
        guard !isClosed else { return nil }
        if let key { cancel(key: key) }
        lastID += 1
        entries.append(Entry(id: lastID, key: key, site: site))
        return lastID
    }

    func attach(_ task: Task<Void, Never>, to id: Int) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return ending { task.cancel() } }
        entries[index].task = task
    }

    /// Whether the effect runs and is not cancelled: what it sends is delivered.
    func isRunning(_ id: Int) -> Bool { entries.contains { $0.id == id } }

    /// Forgets an effect that ended on its own.
    func end(_ id: Int) { entries.removeAll { $0.id == id } }

    func cancel(id: Int) { cancel { $0.id == id } }

    func cancel(key: AnyHashable) { cancel { $0.key == key } }

    /// Cancels every effect, and every one started later (the store is disposed).
    func cancelAll() {
        isClosed = true
        cancel { _ in true }
    }

    /// The running effects, in the order they started.
    var running: [RunningEffect] {
        entries.map { RunningEffect(id: $0.id, key: $0.key.map { "\($0.base)" }, site: $0.site) }
    }

    /// Removes the matching effects, then cancels their tasks (a task's cancellation handlers run
    /// at once, and may resume work that runs later, never inside this call's bookkeeping).
    private func cancel(where matches: (Entry) -> Bool) {
        let cancelled = entries.filter(matches)
        guard !cancelled.isEmpty else { return }
        entries.removeAll(where: matches)
        ending {
            for entry in cancelled { entry.task?.cancel() }
        }
    }

    /// Cancels tasks; on a test scheduler, they end before this returns (their jobs run at once),
    /// so no task of a cancelled effect waits for an advance that may never come.
    private func ending(_ cancel: () -> Void) {
        guard let testScheduler, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else {
            return cancel()
        }
        testScheduler.endingCancelledTasks(cancel)
    }
}
