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
enum TimerMessage: Equatable, Sendable {
    /// What a transition changes besides the phase.
    enum Change: Equatable, Sendable {
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
enum TimerAction: Equatable, Sendable {
    /// Resume what the restored phase implies: ticking when counting down, the delay when restarting.
    case resume
    /// A tick of the running countdown, from the ticking effect.
    case tick
    /// The restart delay ran out, from its effect.
    case restartDelayEnded
}

/// The timer store.
typealias TimerStore = DefaultStore<TimerIntent, TimerAction, TimerMessage, TimerState, TimerLabel>

extension DefaultStore
where
    Intent == TimerIntent, Action == TimerAction, Message == TimerMessage,
    State == TimerState, Label == TimerLabel
{
    /// Creates the timer store, fresh (in `SettingTimer`) or restored from a saved state.
    ///
    /// - Parameters:
    ///   - scheduler: ticks and the restart delay run on it; a `TestScheduler` makes them virtual.
    ///   - random: picks the background on each restart (`SplitMix64(seed:)` for replays).
    ///   - restoring: a state saved from another store: the new one continues where it was.
    static func timer(
        scheduler: any Scheduler,
        random: RandomSource = SystemRandomSource(),
        restoring saved: TimerState? = nil,
        factory: any StoreFactory = DefaultStoreFactory()
    ) -> TimerStore {
        TimerStore(
            name: "TimerStore",
            initialState: saved ?? TimerState(),
            bootstrapper: saved == nil ? nil : SimpleBootstrapper(TimerAction.resume),
            executor: TimerExecutor(random: random),
            reducer: TimerReducer(),
            scheduler: scheduler,
            factory: factory)
    }
}
