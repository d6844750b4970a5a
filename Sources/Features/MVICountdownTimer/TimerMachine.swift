import MVIStateMachine

/// The timer's machine states.
public enum TimerPhase: String, Codable, Sendable, CaseIterable, StateMachineValue {
    case idle = "Idle"
    case settingTimer = "SettingTimer"
    case countingDown = "CountingDown"
    case paused = "Paused"
    case restarting = "Restarting"

    public var caseName: String { rawValue }
}

/// The timer machine's events.
public enum TimerEvent: Equatable, Sendable, StateMachineValue {
    case onSetTimer
    case onTimerSet(seconds: Int)
    case onStart
    case onFinish
    case onPause
    case onStop
    case onReset

    public var caseName: String {
        switch self {
        case .onSetTimer: "OnSetTimer"
        case .onTimerSet: "OnTimerSet"
        case .onStart: "OnStart"
        case .onFinish: "OnFinish"
        case .onPause: "OnPause"
        case .onStop: "OnStop"
        case .onReset: "OnReset"
        }
    }

    /// One value of every event, in declaration order (payloads are placeholders).
    public static let prototypes: [TimerEvent] = [
        .onSetTimer, .onTimerSet(seconds: 0), .onStart, .onFinish, .onPause, .onStop, .onReset,
    ]
}

/// The timer machine's side effects: what the store does on a transition.
public enum TimerSideEffect: Equatable, Sendable, StateMachineValue {
    case setTimer
    case timerReady(seconds: Int)
    case startCountDown
    case restarting
    case pause
    case stop
    case reset

    public var caseName: String {
        switch self {
        case .setTimer: "SetTimer"
        case .timerReady: "TimerReady"
        case .startCountDown: "StartCountDown"
        case .restarting: "Restarting"
        case .pause: "Pause"
        case .stop: "Stop"
        case .reset: "Reset"
        }
    }
}

/// The timer's finite state machine, exactly the reference table. It starts in `SettingTimer`.
public enum TimerMachine {
    public typealias Machine = StateMachine<TimerPhase, TimerEvent, TimerSideEffect>

    public static func make() -> Machine {
        Machine(initial: .settingTimer) { m in
            m.state(.idle) { s in
                s.on(.onSetTimer, transitionTo: .settingTimer, emit: .setTimer)
                s.on(.onStart, transitionTo: .countingDown, emit: .startCountDown)
                s.on(.onReset, transitionTo: .idle, emit: .reset)
            }
            m.state(.settingTimer) { s in
                s.on(.onTimerSet(seconds: 0), transitionTo: .idle) { event in
                    guard case .onTimerSet(let seconds) = event else { return nil }
                    return .timerReady(seconds: seconds)
                }
            }
            m.state(.countingDown) { s in
                s.on(.onPause, transitionTo: .paused, emit: .pause)
                s.on(.onStop, transitionTo: .idle, emit: .stop)
                s.on(.onFinish, transitionTo: .restarting, emit: .restarting)
            }
            m.state(.paused) { s in
                s.on(.onStart, transitionTo: .countingDown, emit: .startCountDown)
                s.on(.onStop, transitionTo: .idle, emit: .stop)
            }
            m.state(.restarting) { s in
                s.on(.onStart, transitionTo: .countingDown, emit: .startCountDown)
            }
        }
    }
}
