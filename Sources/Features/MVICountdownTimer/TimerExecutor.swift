import MVICore
import MVIStateMachine

/// The timer's reducer.
struct TimerReducer: Reducer {
    func reduce(_ state: TimerState, _ message: TimerMessage) -> TimerState {
        var state = state
        switch message {
        case .ticked:
            state.elapsedTicks += 1
        case .transitioned(let phase, let change):
            state.phase = phase
            switch change {
            case .none: break
            case .valueSet(let value):
                state.value = value
                state.elapsedTicks = 0
            case .elapsedCleared:
                state.elapsedTicks = 0
            case .valueCleared:
                state.value = 0
                state.elapsedTicks = 0
            case .restarted(let backgroundIndex):
                state.elapsedTicks = 0
                state.backgroundIndex = backgroundIndex
            }
        }
        return state
    }
}

/// Feeds intents to the state machine and carries out its side effects on the store's scheduler:
/// ticking every 100 ms while counting down, and the 3 s restart loop.
final class TimerExecutor: BaseExecutor<TimerIntent, TimerAction, TimerMessage, TimerState, TimerLabel> {
    private let machine = TimerMachine.make()
    private let random: RandomSource
    private var ticking: (any Cancellable)?
    private var restartDelay: (any Cancellable)?

    init(random: RandomSource) { self.random = random }

    override func executeIntent(_ intent: TimerIntent) {
        switch intent {
        case .settingTime: feed(.onSetTimer)
        case .setTime(let minutes, let seconds):
            guard (0...59).contains(minutes) else {
                return publish(.rejected("setTime: minutes must be 0...59, got \(minutes)"))
            }
            guard (0...59).contains(seconds) else {
                return publish(.rejected("setTime: seconds must be 0...59, got \(seconds)"))
            }
            feed(.onTimerSet(seconds: minutes * 60 + seconds))
        case .start:
            guard state.value > 0 else {
                return publish(.rejected("start: no time is set"))
            }
            feed(.onStart)
        case .pause: feed(.onPause)
        case .stop: feed(.onStop)
        case .reset: feed(.onReset)
        }
    }

    override func executeAction(_ action: TimerAction) {
        switch action {
        case .resume:
            switch state.phase {
            case .countingDown: startTicking()
            case .restarting: scheduleRestart()
            case .idle, .settingTimer, .paused: break
            }
        }
    }

    override func dispose() {
        stopTicking()
        restartDelay?.cancel()
        super.dispose()
    }

    private func feed(_ event: TimerEvent) {
        let transition = machine.peek(event, from: state.phase)
        guard case .valid(_, _, let target, let sideEffect) = transition else {
            return publish(.ignored(state: state.phase.caseName, event: event.caseName))
        }
        switch sideEffect {
        case .timerReady(let seconds)?:
            dispatch(.transitioned(to: target, change: .valueSet(seconds)))
        case .startCountDown?:
            restartDelay?.cancel()
            restartDelay = nil
            dispatch(.transitioned(to: target, change: .none))
            startTicking()
        case .pause?:
            stopTicking()
            dispatch(.transitioned(to: target, change: .none))
        case .stop?:
            stopTicking()
            dispatch(.transitioned(to: target, change: .elapsedCleared))
        case .reset?:
            dispatch(.transitioned(to: target, change: .valueCleared))
        case .restarting?:
            stopTicking()
            let background = TimerBackground.pick(after: state.backgroundIndex, using: random)
            dispatch(.transitioned(to: target, change: .restarted(backgroundIndex: background)))
            scheduleRestart()
        case .setTimer?, nil:
            dispatch(.transitioned(to: target, change: .none))
        }
    }

    private func startTicking() {
        stopTicking()
        ticking = context.every(.milliseconds(TimerState.tickMilliseconds)) { [unowned self] in tick() }
    }

    private func stopTicking() {
        ticking?.cancel()
        ticking = nil
    }

    private func tick() {
        dispatch(.ticked)
        if state.elapsedTicks >= state.totalTicks { feed(.onFinish) }
    }

    private func scheduleRestart() {
        restartDelay?.cancel()
        restartDelay = context.after(.milliseconds(TimerState.restartDelayMilliseconds)) { [unowned self] in
            restartDelay = nil
            feed(.onStart)
        }
    }
}
