/// A check of a machine's whole state space, from the declared table.
public struct StateSpaceReport: Equatable, Sendable {
    /// Every state, in the order given.
    public let states: [String]
    /// Every event, in the order given.
    public let events: [String]
    /// The states reachable from the initial state, in breadth-first order (events in the order given).
    public let reachable: [String]
    /// States that cannot be reached from the initial state.
    public let unreachable: [String]
    /// States from which no event leads to another state.
    public let withoutWayOut: [String]
    /// The (state, event) pairs the table has no handler for: the machine ignores them.
    public let ignored: [(state: String, event: String)]

    public static func == (lhs: StateSpaceReport, rhs: StateSpaceReport) -> Bool {
        lhs.text == rhs.text
    }

    /// Whether every state is reachable and every state has a way out.
    public var isSound: Bool { unreachable.isEmpty && withoutWayOut.isEmpty }

    /// Canonical text (docs/state-machine.md): one fact a line, `-` for an empty list, trailing newline.
    public var text: String {
        func list(_ names: [String]) -> String { names.isEmpty ? "-" : names.joined(separator: ", ") }
        var lines = [
            "states: \(list(states))",
            "events: \(list(events))",
            "reachable: \(list(reachable))",
            "unreachable: \(list(unreachable))",
            "without a way out: \(list(withoutWayOut))",
            "ignored: \(ignored.count) of \(states.count * events.count) pairs",
        ]
        lines += ignored.map { "  \($0.state) + \($0.event)" }
        return lines.map { $0 + "\n" }.joined()
    }
}

extension StateMachine {
    /// Explores the table from the initial state with every event prototype, and reports what
    /// can be reached, what cannot be left, and which pairs are ignored.
    ///
    /// - Parameters:
    ///   - states: one value of every state (payloads as prototypes), in the order to report.
    ///   - events: one value of every event, in the order to report.
    public func stateSpace(states: [State], events: [Event]) -> StateSpaceReport {
        var reachable: [String] = [initialState.caseName]
        var queue: [State] = [initialState]
        while !queue.isEmpty {
            let state = queue.removeFirst()
            for event in events {
                if case .valid(_, _, let target, _) = peek(event, from: state), !reachable.contains(target.caseName) {
                    reachable.append(target.caseName)
                    queue.append(target)
                }
            }
        }
        var withoutWayOut: [String] = []
        var ignored: [(String, String)] = []
        for state in states {
            var leaves = false
            for event in events {
                switch peek(event, from: state) {
                case .valid(_, _, let target, _):
                    if target.caseName != state.caseName { leaves = true }
                case .invalid:
                    ignored.append((state.caseName, event.caseName))
                }
            }
            if !leaves { withoutWayOut.append(state.caseName) }
        }
        let names = states.map(\.caseName)
        return StateSpaceReport(
            states: names,
            events: events.map(\.caseName),
            reachable: reachable,
            unreachable: names.filter { !reachable.contains($0) },
            withoutWayOut: withoutWayOut,
            ignored: ignored.map { (state: $0.0, event: $0.1) })
    }
}
