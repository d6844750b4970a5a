import MVICore

/// Drives a store in a test and asserts, exhaustively, everything it does.
///
/// Every state change must be asserted by the call that caused it, every label received in
/// order, and nothing may be left scheduled at the end; anything else fails the test, with a
/// diff that names each differing field. Here the timer's own tests, which import their feature
/// `@testable` since its store type is internal to it:
///
/// ```swift
/// let scheduler = TestScheduler()
/// let store = TestStore(TimerStore.timer(scheduler: scheduler, random: SplitMix64(seed: 7)), scheduler: scheduler)
/// store.send(.setTime(minutes: 0, seconds: 10)) { $0.phase = .idle; $0.value = 10 }
/// store.send(.start) { $0.phase = .countingDown }
/// store.advance(by: .milliseconds(300)) { $0.elapsedTicks = 3 }
/// store.send(.setTime(minutes: 99, seconds: 0))
/// store.receive(.rejected("setTime: minutes must be 0...59, got 99"))
/// store.send(.stop) { $0.phase = .idle; $0.elapsedTicks = 0 }
/// store.finish()
/// ```
///
/// The closure given to `send`, `advance` and `assertState` changes the expected state (the
/// last one asserted) into what the store must hold afterwards; no closure means "unchanged".
/// The first expected state is the store's state when the `TestStore` is made.
///
/// Failures are reported at the line of the call to whichever framework runs the test: Swift
/// Testing issues (`Issue.record`) in a `@Test`, `XCTFail` in an `XCTestCase`. `finish()` runs
/// the end-of-test checks; if it is never called, they run when the `TestStore` is released.
/// Use it on the thread that drives the store's `TestScheduler`.
public final class TestStore<Intent, State: Equatable, Label: Equatable> {
    /// The store under test; send intents through `send` so that their effects are asserted.
    public let store: any Store<Intent, State, Label>
    /// The virtual clock the store runs on, if it was given; `advance` and `finish` use it.
    public let scheduler: TestScheduler?

    /// Exhaustive (the default) or not: see `Exhaustivity`.
    public var exhaustivity: Exhaustivity = .exhaustive

    /// Whether every message must be received: `.nonExhaustive` (the default) lets the state
    /// assertions stand for what the messages did; `.exhaustive` fails, before the next step and
    /// at the end, on a message a step dispatched that `receive(message:)` did not take, in order.
    /// Only for a `TestStore` made from a `DefaultStore`, whose messages it can see.
    public var messageExhaustivity: Exhaustivity = .nonExhaustive

    private let labels = LabelQueue<Label>()
    /// The messages the last step dispatched and `receive(message:)` has not yet taken, each with
    /// the state it made, when the store is a `DefaultStore` (the only store whose messages can be seen).
    private let messages: DispatchLog<State>
    /// A step's state change that no closure asserted, while the messages that made it may still
    /// be received with their states; reported, as the step's failure, by whatever comes next.
    private var unassertedStep: (step: String, site: CallSite)?
    private var expected: State
    private var subscription: (any Cancellable)?
    private var messageSubscription: (any Cancellable)?
    private var finished = false
    private let createdAt: CallSite
    /// The last `send` or `advance`, as failures name it; nil before the first.
    private var lastStep: String?
    /// The store's running async effects, for a `TestStore` made from a `DefaultStore`.
    private var runningEffects: (() -> [RunningEffect])?
    /// The errors the store's effects threw with no `catch:` handler since the last step.
    private var unhandledEffectErrors: (() -> [UnhandledEffectError])?
    /// What started each async effect the store ran: the step, by the effect's number.
    private var effectStarters: [Int: String] = [:]

    /// Wraps `store`. Pass the `TestScheduler` it runs on to advance time through the test store
    /// and to have work still pending at the end reported.
    public convenience init(
        _ store: some Store<Intent, State, Label>, scheduler: TestScheduler? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            wrapping: store, scheduler: scheduler,
            createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private init(wrapping store: any Store<Intent, State, Label>, scheduler: TestScheduler?, createdAt: CallSite) {
        self.store = store
        self.scheduler = scheduler
        expected = store.state
        messages = DispatchLog(lastState: store.state)
        self.createdAt = createdAt
        let labels = self.labels
        subscription = store.subscribe(labels: { labels.items.append($0) })
    }

    /// Wraps a `DefaultStore`, whose messages `receive(message:)` can also assert.
    public convenience init<Action, Message>(
        _ store: DefaultStore<Intent, Action, Message, State, Label>, scheduler: TestScheduler? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            wrapping: store, scheduler: scheduler,
            createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        runningEffects = { store.runningEffects }
        store.collectUnhandledEffectErrors()
        unhandledEffectErrors = { store.takeUnhandledEffectErrors() }
        noteEffects(startedBy: "the store, before the TestStore was made")
        let messages = self.messages
        messageSubscription = store.subscribe(events: { event in
            switch event.kind {
            case .message(let message): messages.items.append(Dispatched(message: message, before: messages.lastState))
            case .state(let state):  // the reducer's state, told right after its message
                if !messages.items.isEmpty { messages.items[messages.items.count - 1].state = state }
                messages.lastState = state
            default: break
            }
        })
    }

    deinit {
        if !finished { checkTheEnd(at: createdAt, when: "when the TestStore was released without finish()") }
        subscription?.cancel()
        messageSubscription?.cancel()
    }

    /// The state the test has asserted so far.
    public var state: State { expected }

    /// Sends `intent` to the store and asserts the state it leaves: `update` turns the last
    /// asserted state into the expected one. Unasserted changes or labels from before fail first.
    public func send(
        _ intent: Intent,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        assert update: ((inout State) -> Void)? = nil
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let step = "send(\(StateDiff.describe(intent)))"
        checkNothingUnasserted(before: step, at: site)
        messages.items.removeAll()
        lastStep = step
        store.accept(intent)
        noteEffects(startedBy: step)
        checkEffectErrors(after: step, at: site)
        check(update, after: step, at: site)
    }

    /// Moves the scheduler's virtual time forward by `duration` (by default: runs what is due
    /// now) and asserts the state the work that ran leaves.
    public func advance(
        by duration: Duration = .zero,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        assert update: ((inout State) -> Void)? = nil
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let scheduler else {
            return reportFailure(
                "advance(by:) needs the store's TestScheduler: pass it as TestStore(store, scheduler:)", at: site)
        }
        let step = duration == .zero ? "advance()" : "advance(by: \(duration))"
        checkNothingUnasserted(before: step, at: site)
        messages.items.removeAll()
        lastStep = step
        scheduler.advance(by: duration)
        noteEffects(startedBy: step)
        checkEffectErrors(after: step, at: site)
        check(update, after: step, at: site, receivesMayAssert: true)
    }

    /// Asserts a state change made by something other than this test store (a fake data source
    /// answering at once, a view event, a direct `store.accept`).
    public func assertState(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ update: (inout State) -> Void
    ) {
        if let unassertedStep { reportUnassertedStep(unassertedStep) }
        check(
            update, isAsserted: true, after: "assertState",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts that the oldest label not yet received is `label`.
    public func receive(
        _ label: Label, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !labels.items.isEmpty else {
            return reportFailure(
                "expected to receive label \(StateDiff.describe(label)), but no label was published", at: site)
        }
        if exhaustivity == .nonExhaustive {
            // Labels before the one asserted are skipped.
            guard let index = labels.items.firstIndex(of: label) else {
                return reportFailure(
                    "expected to receive label \(StateDiff.describe(label)), but it was not published; published and not received: "
                        + labels.items.map(StateDiff.describe).joined(separator: ", "), at: site)
            }
            labels.items.removeSubrange(...index)
            return
        }
        let received = labels.items.removeFirst()
        if received != label {
            let fields = StateDiff.lines(label, received).map { "  \($0)" }.joined(separator: "\n")
            reportFailure(
                "received label \(StateDiff.describe(received)), expected \(StateDiff.describe(label)):\n\(fields)",
                at: site)
        }
    }

    /// Asserts that the oldest message the last `send` or `advance` dispatched, and not yet
    /// received, is `message`, and, given `update`, the state the reducer made of it: `update` turns
    /// the last asserted state into the expected one, as a step's closure does. Only for a
    /// `TestStore` made from a `DefaultStore`. Messages need not be received unless
    /// `messageExhaustivity` is `.exhaustive`: the state assertions cover what they did; this is
    /// for the order they came in, and for the state each one made.
    ///
    /// An `advance` with no closure whose effects' messages changed the state may leave the change
    /// to the `receive`s that follow it, each asserting its message's part, as TCA's `receive` does:
    ///
    /// ```swift
    /// store.advance(by: .milliseconds(300))
    /// store.receive(message: CityMessage.found(["Oslo"])) { $0.cities = ["Oslo"] }
    /// ```
    ///
    /// What they leave unasserted fails, as the advance's unasserted change (at its line), when the
    /// next step, `assertState` or `finish()` is called. A `send` asserts its change in its closure.
    public func receive<Message: Equatable>(
        message: Message, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column, assert update: ((inout State) -> Void)? = nil
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard messageSubscription != nil else {
            return reportFailure(
                "receive(message:) needs a TestStore made from a DefaultStore, whose messages it can see", at: site)
        }
        guard !messages.items.isEmpty else {
            guard let lastStep else {
                // Nothing has run through the test store: the bootstrapper's messages, if any, came
                // before it, when the store initialized.
                return reportFailure(
                    "expected to receive message \(StateDiff.describe(message)), but no send or advance has run yet: "
                        + "a store's bootstrapper dispatches its messages when the store initializes, before the "
                        + "TestStore is made, and the TestStore starts from the state they left; to receive them, "
                        + "make the store with autoInit: false, make the TestStore, then call the store's initialize()",
                    at: site)
            }
            return reportFailure(
                "expected to receive message \(StateDiff.describe(message)), but the last step, \(lastStep), dispatched no other message",
                at: site)
        }
        let received = messages.items.removeFirst()
        defer { if let update { checkState(update, madeBy: received, at: site) } }
        guard let typed = received.message as? Message else {
            return reportFailure(
                "received message \(StateDiff.describe(received.message)), of type \(type(of: received.message)), "
                    + "expected one of type \(Message.self)",
                at: site)
        }
        if typed != message {
            let fields = StateDiff.lines(message, typed).map { "  \($0)" }.joined(separator: "\n")
            reportFailure(
                "received message \(StateDiff.describe(typed)), expected \(StateDiff.describe(message)):\n\(fields)",
                at: site)
        }
    }

    /// Checks the state a received message made: `update` applied to the last asserted state (to
    /// the message's own state when not exhaustive). A step's unasserted change is settled once
    /// the receives have asserted all of it.
    private func checkState(_ update: (inout State) -> Void, madeBy received: Dispatched<State>, at site: CallSite) {
        guard let made = received.state else { return }
        var wanted = exhaustivity == .exhaustive ? received.before : made
        update(&wanted)
        if unassertedStep != nil {
            expected = made
            if expected == store.state { unassertedStep = nil }
        }
        if wanted != made {
            reportFailure(
                "receive(message: \(StateDiff.describe(received.message))) left a state other than the one asserted "
                    + "(\(State.self)):\n" + fieldLines(wanted, made), at: site)
        }
    }

    /// Reports a step's state change that neither its closure nor the receives after it asserted.
    private func reportUnassertedStep(_ unasserted: (step: String, site: CallSite)) {
        unassertedStep = nil
        let actual = store.state
        guard actual != expected else { return }
        reportFailure(
            "\(unasserted.step) changed the state, and no change was asserted (\(State.self)):\n"
                + fieldLines(expected, actual), at: unasserted.site)
        expected = actual
    }

    /// Ends the test: fails on a state change not asserted, a label not received, an async effect
    /// still running (named by where `run` was called and the step that started it), or work still
    /// scheduled on the `TestScheduler` (advance until it has run, or dispose the store).
    public func finish(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        finished = true
        checkTheEnd(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), when: "at finish()")
    }

    // MARK: - Checks

    /// `receivesMayAssert`: an `advance`, whose effects' messages the receives after it may assert.
    private func check(
        _ update: ((inout State) -> Void)?, after step: String, at site: CallSite, receivesMayAssert: Bool = false
    ) {
        check(
            update ?? { _ in }, isAsserted: update != nil, after: step, at: site,
            receivesMayAssert: receivesMayAssert)
    }

    private func check(
        _ update: (inout State) -> Void, isAsserted: Bool, after step: String, at site: CallSite,
        receivesMayAssert: Bool = false
    ) {
        let actual = store.state
        if exhaustivity == .nonExhaustive {
            // Only what the assertion sets is checked, on top of the actual state.
            var wanted = actual
            update(&wanted)
            expected = actual
            if wanted != actual {
                reportFailure(
                    "\(step) left a state other than the one asserted (\(State.self)):\n" + fieldLines(wanted, actual),
                    at: site)
            }
            return
        }
        var wanted = expected
        update(&wanted)
        if receivesMayAssert, !isAsserted, wanted != actual, messages.items.contains(where: { $0.state != nil }) {
            // The receives that follow may assert it, message by message.
            unassertedStep = (step, site)
            return
        }
        expected = actual
        guard wanted != actual else { return }
        let what =
            !isAsserted ? "changed the state, and no change was asserted" : "left a state other than the one asserted"
        reportFailure("\(step) \(what) (\(State.self)):\n" + fieldLines(wanted, actual), at: site)
    }

    private func checkNothingUnasserted(before step: String, at site: CallSite) {
        checkUnasserted("before \(step)", at: site)
    }

    /// Reports each error an effect threw with no `catch:` handler during `step`, naming its `run`.
    private func checkEffectErrors(after step: String, at site: CallSite) {
        for failure in unhandledEffectErrors?() ?? [] {
            let key = failure.key.map { " (key \($0))" } ?? ""
            let starter = effectStarters[failure.id].map { ", started by \($0)," } ?? ""
            reportFailure(
                "the effect run at \(failure.site)\(key)\(starter) threw \(failure.error) during \(step), and its "
                    + "run(...) has no catch: handler; handle the error there, or let the test expect it", at: site)
        }
    }

    private func checkTheEnd(at site: CallSite, when: String) {
        checkEffectErrors(after: "the last step", at: site)
        guard exhaustivity == .exhaustive else { return }
        checkUnasserted(when, at: site)
        // An effect's sleeps and jobs are pending work too: the effect is named instead.
        if checkNoEffectRuns(when, at: site) { return }
        // Jobs left belong to running effects, named above (a cancelled effect's end at once).
        if let scheduler, scheduler.pendingCount - scheduler.pendingJobCount > 0 {
            let pending = scheduler.pendingCount - scheduler.pendingJobCount
            let next = scheduler.nextDueTime.map { ", the next due at \($0)" } ?? ""
            reportFailure(
                "\(pending) piece(s) of scheduled work still pending \(when) (virtual time \(scheduler.now)\(next)): "
                    + "advance the scheduler until it has run, or dispose the store to cancel it", at: site)
        }
    }

    /// Takes note of the async effects the store started during `step`.
    private func noteEffects(startedBy step: String) {
        guard let runningEffects else { return }
        for effect in runningEffects() where effectStarters[effect.id] == nil {
            effectStarters[effect.id] = step
        }
    }

    /// Reports the async effects still running, each with where it was started and by what;
    /// returns whether there were any.
    private func checkNoEffectRuns(_ when: String, at site: CallSite) -> Bool {
        guard let effects = runningEffects?(), !effects.isEmpty else { return false }
        let names = effects.map { effect in
            let key = effect.key.map { " (key \($0))" } ?? ""
            let starter = effectStarters[effect.id] ?? "an effect or a turn"
            return "the effect run at \(effect.site)\(key), started by \(starter)"
        }
        // Nothing due on the scheduler: no advance resumes them, since each waits on something else.
        let stuck =
            scheduler.map { $0.nextDueTime == nil } ?? false
            ? ". Nothing is due on the TestScheduler, so no advance resumes them: each waits on something it does "
                + "not run. Sleep with `context.clock` (Task.sleep and ContinuousClock wait in wall time), await "
                + "dependencies that no actor isolates (under a main-actor default, a protocol's requirements are the "
                + "main actor's), or give the answer the test holds"
            : ""
        reportFailure(
            "\(effects.count) async effect(s) still running \(when): " + names.joined(separator: "; ") + stuck
                + ". Advance the scheduler until they end, cancel them, or dispose the store", at: site)
        return true
    }

    /// Reports a state change not asserted and labels not received; then takes them as seen,
    /// so that one slip fails once.
    private func checkUnasserted(_ when: String, at site: CallSite) {
        if let unassertedStep { reportUnassertedStep(unassertedStep) }
        guard exhaustivity == .exhaustive else {
            expected = store.state
            return
        }
        let actual = store.state
        if actual != expected {
            reportFailure(
                "the state changed and the change was not asserted \(when) (\(State.self)):\n"
                    + fieldLines(expected, actual), at: site)
            expected = actual
        }
        if !labels.items.isEmpty {
            reportFailure(
                "labels were published and not received \(when): "
                    + labels.items.map(StateDiff.describe).joined(separator: ", "), at: site)
            labels.items.removeAll()
        }
        guard messageExhaustivity == .exhaustive else { return }
        if messageSubscription == nil {
            reportFailure(
                "messageExhaustivity = .exhaustive needs a TestStore made from a DefaultStore, whose messages it can see",
                at: site)
        } else if !messages.items.isEmpty {
            reportFailure(
                "messages were dispatched and not received \(when): "
                    + messages.items.map { StateDiff.describe($0.message) }.joined(separator: ", "), at: site)
            messages.items.removeAll()
        }
    }

    private func fieldLines(_ wanted: State, _ actual: State) -> String {
        StateDiff.lines(wanted, actual).map { "  \($0)" }.joined(separator: "\n")
    }
}
