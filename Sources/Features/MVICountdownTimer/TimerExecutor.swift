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
/// ticking every 100 ms while counting down, and the 3 s restart loop. Both are effects on the
/// store's clock that forward an action back, so that the machine decides on the state of the moment.
final class TimerExecutor: Executor {
    typealias Context = ExecutorContext<TimerAction, TimerMessage, TimerState, TimerLabel>
    /// The key of the ticking effect.
    private static let ticking = "ticking"
    /// The key of the restart delay's effect.
    private static let restartDelay = "restartDelay"
    private let machine = TimerMachine.make()
    private let random: RandomSource

    init(random: RandomSource) { self.random = random }

    func executeIntent(_ intent: TimerIntent, _ context: Context) {
        switch intent {
        case .settingTime: feed(.onSetTimer, context)
        case .setTime(let minutes, let seconds):
            guard (0...59).contains(minutes) else {
                return context.publish(.rejected("setTime: minutes must be 0...59, got \(minutes)"))
            }
            guard (0...59).contains(seconds) else {
                return context.publish(.rejected("setTime: seconds must be 0...59, got \(seconds)"))
            }
            feed(.onTimerSet(seconds: minutes * 60 + seconds), context)
        case .start:
            guard context.state.value > 0 else {
                return context.publish(.rejected("start: no time is set"))
            }
            feed(.onStart, context)
        case .pause: feed(.onPause, context)
        case .stop: feed(.onStop, context)
        case .reset: feed(.onReset, context)
        }
    }

    func executeAction(_ action: TimerAction, _ context: Context) {
        switch action {
        case .resume:
            switch context.state.phase {
            case .countingDown: startTicking(context)
            case .restarting: scheduleRestart(context)
            case .idle, .settingTimer, .paused: break
            }
        case .tick: tick(context)
        case .restartDelayEnded: feed(.onStart, context)
        }
    }

    private func feed(_ event: TimerEvent, _ context: Context) {
        let transition = machine.peek(event, from: context.state.phase)
        guard case .valid(_, _, let target, let sideEffect) = transition else {
            return context.publish(.ignored(state: context.state.phase.caseName, event: event.caseName))
        }
        switch sideEffect {
        case .timerReady(let seconds)?:
            context.dispatch(.transitioned(to: target, change: .valueSet(seconds)))
        case .startCountDown?:
            context.cancel(key: Self.restartDelay)
            context.dispatch(.transitioned(to: target, change: .none))
            startTicking(context)
        case .pause?:
            stopTicking(context)
            context.dispatch(.transitioned(to: target, change: .none))
        case .stop?:
            stopTicking(context)
            context.dispatch(.transitioned(to: target, change: .elapsedCleared))
        case .reset?:
            context.dispatch(.transitioned(to: target, change: .valueCleared))
        case .restarting?:
            stopTicking(context)
            let background = TimerBackground.pick(after: context.state.backgroundIndex, using: random)
            context.dispatch(.transitioned(to: target, change: .restarted(backgroundIndex: background)))
            scheduleRestart(context)
        case .setTimer?, nil:
            context.dispatch(.transitioned(to: target, change: .none))
        }
    }

    /// Ticks every `TimerState.tickMilliseconds` from now, on the store's clock, with no drift.
    private func startTicking(_ context: Context) {
        let clock = context.clock
        context.run(key: Self.ticking) { send in
            var deadline = clock.now
            while true {
                deadline = deadline.advanced(by: .milliseconds(TimerState.tickMilliseconds))
                try await clock.sleep(until: deadline)
                send.forward(.tick)
            }
        }
    }

    private func stopTicking(_ context: Context) {
        context.cancel(key: Self.ticking)
    }

    private func tick(_ context: Context) {
        context.dispatch(.ticked)
        if context.state.elapsedTicks >= context.state.totalTicks { feed(.onFinish, context) }
    }

    private func scheduleRestart(_ context: Context) {
        let clock = context.clock
        context.run(key: Self.restartDelay) { send in
            try await clock.sleep(for: .milliseconds(TimerState.restartDelayMilliseconds))
            send.forward(.restartDelayEnded)
        }
    }
}
