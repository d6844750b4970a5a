import MVICore
import MVICountdownTimer
import TerminalUI

/// What the Timer tab shows: the timer's model, the digits typed into the time picker, the last label.
public struct TimerScreenModel: Equatable, Sendable {
    public var timer: TimerViewModel
    /// The digits typed while setting the time (at most four: `MMSS`, filled from the right).
    public var entry: String
    /// The store's last label (`rejected(...)`, `ignored(...)`), as text; nil for none.
    public var label: String?

    public init(timer: TimerViewModel, entry: String, label: String?) {
        self.timer = timer
        self.entry = entry
        self.label = label
    }

    /// The typed digits as minutes and seconds: `"130"` is 1:30.
    public var entered: (minutes: Int, seconds: Int) {
        let digits = enteredDigits
        return (Int(digits.prefix(2)) ?? 0, Int(digits.suffix(2)) ?? 0)
    }

    /// The typed digits as the picker shows them, `MM:SS` as typed: `"9999"` is `99:99`, not a
    /// time worked out from it (the store judges the time on Enter).
    public var enteredText: String {
        let digits = enteredDigits
        return digits.prefix(2) + ":" + digits.suffix(2)
    }

    private var enteredDigits: String { String(repeating: "0", count: max(0, 4 - entry.count)) + entry.suffix(4) }

    /// The title's word for the timer's phase: a timer stopped part way (`Stop` is its second
    /// button) is paused, not stopped.
    public var phase: String {
        if timer.isSettingTimer { return "setting the time" }
        if timer.isRestarting { return "restarting" }
        if timer.isCountingDown { return "counting down" }
        return timer.secondButton == .stop ? "paused" : "stopped"
    }
}

/// The Timer tab as lines: the time left large on the background's colour, the progress, the buttons.
public enum TimerRender {
    /// The six backgrounds as colours (the original sample shows six pictures).
    public static let backgrounds: [Int: (name: String, colour: RGB)] = [
        1: ("forest", RGB(34, 85, 51)), 2: ("sea", RGB(25, 60, 120)), 3: ("dusk", RGB(95, 45, 110)),
        4: ("sand", RGB(150, 110, 50)), 5: ("rose", RGB(140, 40, 70)), 6: ("slate", RGB(60, 70, 80)),
    ]

    public static func lines(_ model: TimerScreenModel, width: Int, height: Int) -> [ScreenLine] {
        let timer = model.timer
        let background = backgrounds[timer.backgroundIndex] ?? ("background \(timer.backgroundIndex)", RGB(0, 0, 0))
        let panel = Style(foreground: RGB(255, 255, 255), background: background.colour, bold: true)
        let phase = model.phase
        let shown = timer.isSettingTimer ? model.enteredText : timer.label
        let barWidth = 50
        let done = timer.progress * barWidth / 100
        let bar =
            "[" + String(repeating: "#", count: done) + String(repeating: "-", count: barWidth - done)
            + "] \(timer.progress)%"
        func centred(_ text: String, _ style: Style) -> ScreenLine {
            let left = max(0, (width - TextWidth.of(text)) / 2)
            return ScreenLine([Span(String(repeating: " ", count: left) + text, style)]).fitted(to: width)
        }
        func onPanel(_ line: ScreenLine) -> ScreenLine {
            ScreenLine(line.fitted(to: width).spans.map { Span($0.text, panel) })
        }
        var lines: [ScreenLine] = [ScreenLine(" Countdown timer: \(phase)", .strong), ScreenLine("")]
        lines += [
            onPanel(""), onPanel(centred("background \(timer.backgroundIndex): \(background.name)", panel)),
            onPanel(""),
            onPanel(centred(shown, panel)), onPanel(""),
        ]
        lines.append(ScreenLine(""))
        lines.append(centred(bar, .plain))
        lines.append(ScreenLine(""))
        if timer.isSettingTimer {
            lines.append(centred("Type the time as MMSS digits, Enter to set it", .plain))
        } else {
            let play = timer.isCountingDown ? "Pause" : "Start"
            let enabled = timer.isPlayPauseEnabled ? "" : " (off)"
            let second = timer.secondButton == .stop ? "Stop" : "Reset"
            lines.append(centred("[Space] \(play)\(enabled)    [x] \(second)    [s] Set the time", .plain))
        }
        if let label = model.label {
            lines.append(ScreenLine(""))
            lines.append(centred("last label: \(label)", .plain))
        }
        return lines
    }
}

/// The Timer tab: the feature (its component, or a recorded session of it); keys become its view
/// events. The store's last label is shown until the next event is sent.
final class TimerScreen: DemoScreen {
    private let feed: any ScreenFeed<TimerViewModel, TimerViewEvent>
    private var entry = ""
    private var label: String?

    init(feed: any ScreenFeed<TimerViewModel, TimerViewEvent>, status: @escaping () -> String? = { nil }) {
        self.feed = feed
        self.statusLine = status
    }

    let title = "Timer"
    private let statusLine: () -> String?
    var status: String? { statusLine() }
    var isTyping: Bool { feed.model.isSettingTimer }

    var keys: [KeyHelp] {
        if feed.model.isSettingTimer {
            return [KeyHelp("0-9", "digits"), KeyHelp("Backspace", "erase"), KeyHelp("Enter", "set")]
        }
        return [
            KeyHelp("Space", feed.model.isCountingDown ? "pause" : "start"),
            KeyHelp("x", feed.model.secondButton == .stop ? "stop" : "reset"),
        ] + (canSetTime ? [KeyHelp("s", "set time")] : [])
    }

    /// Whether `s` sets the time: only a stopped timer takes it (the feature ignores it while the
    /// timer counts down, is paused or restarts), so only then does the key bar offer it.
    private var canSetTime: Bool {
        let model = feed.model
        return !model.isSettingTimer && !model.isCountingDown && !model.isRestarting && model.secondButton == .reset
    }

    func prepare() {
        if let last = feed.takeLabels().last { label = last }
    }

    func body(width: Int, height: Int) -> [ScreenLine] {
        TimerRender.lines(TimerScreenModel(timer: feed.model, entry: entry, label: label), width: width, height: height)
    }

    func handle(_ key: Key) -> Bool {
        let model = feed.model
        if model.isSettingTimer {
            switch key {
            case .character(let digit) where digit.isASCII && digit.isNumber:
                entry = String((entry + String(digit)).suffix(4))
            case .backspace:
                entry = String(entry.dropLast())
            case .enter:
                let entered = TimerScreenModel(timer: model, entry: entry, label: nil).entered
                send(.timeSet(minutes: entered.minutes, seconds: entered.seconds))
            default:
                return false
            }
            return true
        }
        switch key {
        // "Start (off)": a button the model turns off does nothing (while restarting, or with no time set).
        case .character(" ") where model.isPlayPauseEnabled: send(model.isCountingDown ? .pauseTapped : .startTapped)
        case .character("x"): send(model.secondButton == .stop ? .stopTapped : .resetTapped)
        case .character("s") where canSetTime:
            entry = ""
            send(.setTimerTapped)
        default: return false
        }
        return true
    }

    /// Sends a view event; the label shown is the one this event brings, if any, not an older one.
    private func send(_ event: TimerViewEvent) {
        label = nil
        feed.send(event)
    }

    func show() { feed.start() }

    func hide() { feed.stop() }

    func destroy() { feed.destroy() }
}
