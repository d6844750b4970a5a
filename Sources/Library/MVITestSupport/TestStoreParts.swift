/// A message a step dispatched, with the state before it and the state the reducer made of it
/// (set by the state event that follows it).
struct Dispatched<State> {
    let message: Any
    let before: State
    var state: State?
}

/// The messages a `DefaultStore` dispatched and a test has not yet received, and the store's last
/// state, told on the store's scheduler, which a `TestScheduler` runs on the test's thread.
final class DispatchLog<State> {
    var items: [Dispatched<State>] = []
    var lastState: State

    init(lastState: State) { self.lastState = lastState }
}

/// Labels received from the store and not yet asserted; appended to on the store's scheduler,
/// which a `TestScheduler` runs on the test's thread.
final class LabelQueue<Label> {
    var items: [Label] = []
}

/// How much a `TestStore` insists on.
public enum Exhaustivity: Sendable, Equatable {
    /// Every state change asserted by the step that made it, every label received in order,
    /// nothing left scheduled at the end.
    case exhaustive
    /// Only what the test asserts is checked: an assertion's closure changes the actual state and
    /// the fields it sets must already hold those values; unasserted changes, labels skipped by
    /// `receive` and work left scheduled are not failures. For integration-style tests that care
    /// about an outcome, not every step.
    case nonExhaustive
}
