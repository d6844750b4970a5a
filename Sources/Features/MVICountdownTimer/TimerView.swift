import MVICore

/// What the timer screen shows.
public struct TimerViewModel: Equatable, Sendable {
    /// The second button's role.
    public enum SecondButton: String, Equatable, Sendable {
        case reset
        case stop
    }

    /// Time left, `MM:SS`.
    public var label: String
    /// Elapsed as a whole percentage, 0...100.
    public var progress: Int
    public var backgroundIndex: Int
    public var isSettingTimer: Bool
    public var isCountingDown: Bool
    public var isRestarting: Bool
    /// Play/pause is enabled only when a time is set and the timer is not restarting.
    public var isPlayPauseEnabled: Bool
    /// Reset when stopped (not counting down and no progress), otherwise Stop.
    public var secondButton: SecondButton

    public init(
        label: String, progress: Int, backgroundIndex: Int, isSettingTimer: Bool, isCountingDown: Bool,
        isRestarting: Bool, isPlayPauseEnabled: Bool, secondButton: SecondButton
    ) {
        self.label = label
        self.progress = progress
        self.backgroundIndex = backgroundIndex
        self.isSettingTimer = isSettingTimer
        self.isCountingDown = isCountingDown
        self.isRestarting = isRestarting
        self.isPlayPauseEnabled = isPlayPauseEnabled
        self.secondButton = secondButton
    }
}

/// What the timer screen emits. The view shows play or pause, reset or stop, from the model.
public enum TimerViewEvent: Equatable, Sendable {
    case setTimerTapped
    case timeSet(minutes: Int, seconds: Int)
    case startTapped
    case pauseTapped
    case stopTapped
    case resetTapped
}

/// The proxy a SwiftUI timer screen observes.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public typealias TimerViewProxy = ViewProxy<TimerViewModel, TimerViewEvent>

public enum TimerMappers {
    public static func model(_ state: TimerState) -> TimerViewModel {
        let isCountingDown = state.phase == .countingDown
        let isRestarting = state.phase == .restarting
        return TimerViewModel(
            label: clock(state.remainingSeconds),
            progress: state.progress,
            backgroundIndex: state.backgroundIndex,
            isSettingTimer: state.phase == .settingTimer,
            isCountingDown: isCountingDown,
            isRestarting: isRestarting,
            isPlayPauseEnabled: state.value > 0 && !isRestarting,
            secondButton: !isCountingDown && state.progress == 0 ? .reset : .stop)
    }

    public static func intent(_ event: TimerViewEvent) -> TimerIntent {
        switch event {
        case .setTimerTapped: .settingTime
        case .timeSet(let minutes, let seconds): .setTime(minutes: minutes, seconds: seconds)
        case .startTapped: .start
        case .pauseTapped: .pause
        case .stopTapped: .stop
        case .resetTapped: .reset
        }
    }

    /// `MM:SS` with two digits each; minutes go past 59 if ever needed.
    public static func clock(_ seconds: Int) -> String {
        let minutes = seconds / 60
        let rest = seconds % 60
        return (minutes < 10 ? "0" : "") + String(minutes) + ":" + (rest < 10 ? "0" : "") + String(rest)
    }
}
