import MVICore
import MVIStateMachine

/// What the user can ask of the timer.
public enum TimerIntent: Equatable, Sendable {
    /// Open the time picker (`OnSetTimer`).
    case settingTime
    /// Set the countdown; each part 0...59 (`OnTimerSet`). Out-of-range input is rejected, not clamped.
    case setTime(minutes: Int, seconds: Int)
    /// Start or resume counting (`OnStart`). Rejected while no time is set.
    case start
    case pause
    case stop
    /// Clear the value (`OnReset`).
    case reset
}

/// The timer's state. `Codable`, so that it can be saved and restored in a new store.
public struct TimerState: Equatable, Codable, Sendable {
    /// The machine's state.
    public var phase: TimerPhase
    /// The countdown length in seconds.
    public var value: Int
    /// Elapsed time in whole ticks of `TimerState.tickMilliseconds`.
    public var elapsedTicks: Int
    /// The background picture, 1...6.
    public var backgroundIndex: Int

    /// A tick's length.
    public static let tickMilliseconds = 100
    /// How long `Restarting` lasts before counting starts again.
    public static let restartDelayMilliseconds = 3000
    static let ticksPerSecond = 1000 / tickMilliseconds

    public init(phase: TimerPhase = .settingTimer, value: Int = 0, elapsedTicks: Int = 0, backgroundIndex: Int = 1) {
        self.phase = phase
        self.value = value
        self.elapsedTicks = elapsedTicks
        self.backgroundIndex = backgroundIndex
    }

    /// The ticks that make up `value`.
    public var totalTicks: Int { value * Self.ticksPerSecond }

    /// Elapsed time as a whole percentage of `value`, 0...100 (0 when no value is set).
    public var progress: Int {
        guard totalTicks > 0 else { return 0 }
        return min(100, elapsedTicks * 100 / totalTicks)
    }

    /// Whole seconds left (the partial second is dropped, as the original's float-to-int did).
    public var remainingSeconds: Int { max(0, totalTicks - elapsedTicks) / Self.ticksPerSecond }
}

/// One-off events of the timer store.
public enum TimerLabel: Equatable, Sendable {
    /// The machine has no transition for `event` in `state`: nothing changed.
    case ignored(state: String, event: String)
    /// An intent was refused before reaching the machine, with the reason.
    case rejected(String)
}

/// The timer store's messages: one per machine transition, plus ticks.
public enum TimerMessage: Equatable, Sendable {
    /// What a transition changes besides the phase.
    public enum Change: Equatable, Sendable {
        case none
        /// A new value; elapsed starts again from 0.
        case valueSet(Int)
        /// Elapsed back to 0 (stop).
        case elapsedCleared
        /// Value and elapsed back to 0 (reset).
        case valueCleared
        /// Elapsed back to 0 and a new background (restarting).
        case restarted(backgroundIndex: Int)
    }

    case transitioned(to: TimerPhase, change: Change)
    case ticked
}

/// The bootstrap action of a restored store.
public enum TimerAction: Equatable, Sendable {
    /// Resume what the restored phase implies: ticking when counting down, the delay when restarting.
    case resume
}

/// The timer's reducer.
public struct TimerReducer: Reducer {
    public init() {}

    public func reduce(_ state: TimerState, _ message: TimerMessage) -> TimerState {
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
public final class TimerExecutor: BaseExecutor<TimerIntent, TimerAction, TimerState, TimerMessage, TimerLabel> {
    private let machine = TimerMachine.make()
    private let random: RandomSource
    private var ticking: (any Cancellable)?
    private var restartDelay: (any Cancellable)?

    public init(random: RandomSource) { self.random = random }

    public override func executeIntent(_ intent: TimerIntent) {
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

    public override func executeAction(_ action: TimerAction) {
        switch action {
        case .resume:
            switch state.phase {
            case .countingDown: startTicking()
            case .restarting: scheduleRestart()
            case .idle, .settingTimer, .paused: break
            }
        }
    }

    public override func dispose() {
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

/// The timer store.
public typealias TimerStore = DefaultStore<TimerIntent, TimerAction, TimerMessage, TimerState, TimerLabel>

extension DefaultStore where Intent == TimerIntent, Action == TimerAction, Message == TimerMessage,
    State == TimerState, Label == TimerLabel
{
    /// Creates the timer store, fresh (in `SettingTimer`) or restored from a saved state.
    ///
    /// - Parameters:
    ///   - scheduler: ticks and the restart delay run on it; a `TestScheduler` makes them virtual.
    ///   - random: picks the background on each restart (`SplitMix64(seed:)` for replays).
    ///   - restoring: a state saved from another store: the new one continues where it was.
    public static func timer(
        scheduler: any Scheduler,
        random: RandomSource = SystemRandomSource(),
        restoring saved: TimerState? = nil,
        eventObserver: ((Event) -> Void)? = nil
    ) -> TimerStore {
        TimerStore(
            name: "TimerStore",
            initialState: saved ?? TimerState(),
            bootstrapper: saved == nil ? nil : SimpleBootstrapper(TimerAction.resume),
            executor: TimerExecutor(random: random),
            reducer: TimerReducer(),
            scheduler: scheduler,
            eventObserver: eventObserver)
    }
}
