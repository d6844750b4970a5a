/// A value a state machine matches on and prints: states, events and side effects.
///
/// Matching is by `caseName` alone, so a case with a payload (`onTimerSet(seconds:)`) is
/// declared once and matches every payload.
public protocol StateMachineValue {
    /// The case's name without its payload, as it appears in the transition table.
    var caseName: String { get }
}

/// A finite state machine, declared in one block, in the style of Tinder's StateMachine.
///
/// ```swift
/// let machine = StateMachine<Matter, MatterEvent, MatterEffect>(initial: .solid) { m in
///     m.state(.solid) { s in
///         s.on(.melt, transitionTo: .liquid, emit: .logMelted)
///     }
///     m.state(.liquid) { s in
///         s.on(.freeze, transitionTo: .solid, emit: .logFrozen)
///     }
/// }
/// machine.transition(.melt)   // .valid(from: .solid, event: .melt, to: .liquid, sideEffect: .logMelted)
/// machine.transition(.melt)   // .invalid(from: .liquid, event: .melt): no handler, nothing changes
/// ```
///
/// Observers see every transition, valid or not, after the state has changed. Starting a
/// transition from inside an observer is a programming error (it would be a recursion whose
/// order no reader can follow); queue the event instead.
public final class StateMachine<State: StateMachineValue, Event: StateMachineValue, SideEffect: StateMachineValue> {
    /// The outcome of one event: a value that tests compare.
    public enum Transition {
        /// The table had a handler: the machine moved from `from` to `to` and emitted `sideEffect`.
        case valid(from: State, event: Event, to: State, sideEffect: SideEffect?)
        /// The table had no handler for the event in this state: nothing changed.
        case invalid(from: State, event: Event)

        public var isValid: Bool {
            if case .valid = self { true } else { false }
        }

        public var sideEffect: SideEffect? {
            if case .valid(_, _, _, let sideEffect) = self { sideEffect } else { nil }
        }
    }

    /// What a handler decides.
    public struct Decision {
        let target: State?
        let sideEffect: SideEffect?

        /// Move to `state`, emitting `sideEffect` if given.
        public static func transition(to state: State, emit sideEffect: SideEffect? = nil) -> Decision {
            Decision(target: state, sideEffect: sideEffect)
        }

        /// Stay in the current state, emitting `sideEffect` if given.
        public static func stay(emit sideEffect: SideEffect? = nil) -> Decision {
            Decision(target: nil, sideEffect: sideEffect)
        }
    }

    /// The handlers of one state, in declaration order.
    public final class StateDefinition {
        struct Handler {
            let event: Event
            let decide: (State, Event) -> Decision
        }

        let state: State
        var handlers: [Handler] = []

        init(state: State) { self.state = state }

        /// On `event` (any payload), decide with `handler` from the current state and the event.
        public func on(_ event: Event, _ handler: @escaping (State, Event) -> Decision) {
            precondition(
                !handlers.contains { $0.event.caseName == event.caseName },
                "State \(state.caseName) already handles \(event.caseName)")
            handlers.append(Handler(event: event, decide: handler))
        }

        /// On `event`, move to `target` and emit `sideEffect`.
        public func on(_ event: Event, transitionTo target: State, emit sideEffect: SideEffect? = nil) {
            on(event) { _, _ in .transition(to: target, emit: sideEffect) }
        }

        /// On `event`, move to `target` and emit the side effect made from the event (its payload).
        public func on(_ event: Event, transitionTo target: State, emit sideEffect: @escaping (Event) -> SideEffect?) {
            on(event) { _, event in .transition(to: target, emit: sideEffect(event)) }
        }

        /// On `event`, stay and emit `sideEffect`.
        public func on(_ event: Event, stayAndEmit sideEffect: SideEffect) {
            on(event) { _, _ in .stay(emit: sideEffect) }
        }
    }

    /// The declaration block's handle.
    public final class Definition {
        var definitions: [StateDefinition] = []
        var observers: [(Transition) -> Void] = []

        /// Declares the handlers of `state` (matched by case name).
        public func state(_ state: State, _ body: (StateDefinition) -> Void) {
            precondition(
                !definitions.contains { $0.state.caseName == state.caseName },
                "State \(state.caseName) is declared twice")
            let definition = StateDefinition(state: state)
            body(definition)
            definitions.append(definition)
        }

        /// Adds an observer of every transition, valid or invalid.
        public func onTransition(_ observer: @escaping (Transition) -> Void) {
            observers.append(observer)
        }
    }

    /// The initial state, as declared.
    public let initialState: State
    /// The current state.
    public private(set) var state: State
    private let definitions: [StateDefinition]
    private var observers: [(Transition) -> Void]
    private var isNotifying = false

    /// Declares a machine that starts in `initial`.
    public init(initial: State, _ declare: (Definition) -> Void) {
        let definition = Definition()
        declare(definition)
        initialState = initial
        state = initial
        definitions = definition.definitions
        observers = definition.observers
    }

    /// Adds an observer of every transition, valid or invalid.
    public func onTransition(_ observer: @escaping (Transition) -> Void) {
        observers.append(observer)
    }

    /// Feeds `event` to the machine: moves the state if the table allows it, then tells observers.
    @discardableResult
    public func transition(_ event: Event) -> Transition {
        precondition(
            !isNotifying,
            "StateMachine: transition(\(event.caseName)) was started from inside a transition observer; "
                + "queue the event and feed it after the observer returns")
        let result = peek(event, from: state)
        if case .valid(_, _, let target, _) = result { state = target }
        isNotifying = true
        defer { isNotifying = false }
        for observer in observers { observer(result) }
        return result
    }

    /// What `event` would do in `state`, without changing anything or telling observers.
    public func peek(_ event: Event, from state: State) -> Transition {
        guard let handler = handler(for: event, in: state) else {
            return .invalid(from: state, event: event)
        }
        let decision = handler.decide(state, event)
        return .valid(from: state, event: event, to: decision.target ?? state, sideEffect: decision.sideEffect)
    }

    /// Replaces the current state without a transition, e.g. when restoring a saved machine.
    /// Observers are not told: nothing happened in the machine's own terms.
    public func restore(_ state: State) {
        precondition(!isNotifying, "StateMachine: restore(_:) called from inside a transition observer")
        self.state = state
    }

    private func handler(for event: Event, in state: State) -> StateDefinition.Handler? {
        definitions.first { $0.state.caseName == state.caseName }?
            .handlers.first { $0.event.caseName == event.caseName }
    }

    // MARK: - The table

    /// One declared row: in `from`, `event` leads to `to` and emits `sideEffect`.
    public struct Row: Equatable, Sendable {
        public let from: String
        public let event: String
        public let to: String
        public let sideEffect: String?
    }

    /// Every declared row, in declaration order (states, then their events), evaluated with the
    /// declared prototypes: names only, payloads dropped.
    public var rows: [Row] {
        definitions.flatMap { definition in
            definition.handlers.map { handler in
                let decision = handler.decide(definition.state, handler.event)
                return Row(
                    from: definition.state.caseName,
                    event: handler.event.caseName,
                    to: (decision.target ?? definition.state).caseName,
                    sideEffect: decision.sideEffect?.caseName)
            }
        }
    }

    /// The declared state names, in declaration order.
    public var declaredStates: [String] { definitions.map(\.state.caseName) }

    /// The transition table as canonical text (spec: docs/state-machine.md):
    ///
    /// ```
    /// initial: Solid
    /// Solid + Melt -> Liquid / LogMelted
    /// Liquid + Freeze -> Solid / LogFrozen
    /// ```
    /// One row a line in declaration order; `-` where there is no side effect; a trailing newline.
    public var tableText: String {
        var text = "initial: \(initialState.caseName)\n"
        for row in rows {
            text += "\(row.from) + \(row.event) -> \(row.to) / \(row.sideEffect ?? "-")\n"
        }
        return text
    }
}

extension StateMachine.Transition: Equatable where State: Equatable, Event: Equatable, SideEffect: Equatable {}
