import MVICountdownTimer
import TerminalUI
import Testing

@testable import DemoApp

/// A feed whose model the test sets, and which keeps the events the screen sends.
final class FakeFeed<Model, Event>: ScreenFeed {
    var model: Model
    var sent: [Event] = []
    var labels: [String] = []

    init(_ model: Model) { self.model = model }

    func send(_ event: Event) { sent.append(event) }
    func takeLabels() -> [String] {
        defer { labels = [] }
        return labels
    }
    func start() {}
    func stop() {}
    func destroy() {}
}

/// The Timer tab's keys and what it shows around the model: the entry, the buttons the model turns
/// off, the title of a paused timer, and how long a label stays.
@Suite struct TimerScreenTests {
    static func text(_ screen: TimerScreen) -> [String] {
        screen.body(width: 80, height: 20).map { $0.text.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theEntryShowsTheDigitsAsTyped() {
        let feed = FakeFeed<TimerViewModel, TimerViewEvent>(TimerMappers.model(TimerState(phase: .settingTimer)))
        let screen = TimerScreen(feed: feed)
        for digit in "9999" { _ = screen.handle(.character(digit)) }
        #expect(Self.text(screen)[5] == "99:99")
        _ = screen.handle(.enter)
        #expect(feed.sent == [.timeSet(minutes: 99, seconds: 99)])
        for (typed, shown) in [("", "00:00"), ("5", "00:05"), ("130", "01:30"), ("12345", "23:45")] {
            #expect(TimerScreenModel(timer: feed.model, entry: typed, label: nil).enteredText == shown)
        }
    }

    @Test func spaceDoesNothingWhileTheModelTurnsThePlayButtonOff() {
        let restarting = TimerMappers.model(
            TimerState(phase: .restarting, value: 5, elapsedTicks: 0, backgroundIndex: 2))
        #expect(!restarting.isPlayPauseEnabled)
        let feed = FakeFeed<TimerViewModel, TimerViewEvent>(restarting)
        let screen = TimerScreen(feed: feed)
        #expect(Self.text(screen).contains { $0.hasPrefix("[Space] Start (off)") })
        #expect(screen.handle(.character(" ")) == false)
        #expect(feed.sent.isEmpty)
        feed.model = TimerMappers.model(TimerState(phase: .paused, value: 5, elapsedTicks: 10, backgroundIndex: 2))
        #expect(screen.handle(.character(" ")))
        #expect(feed.sent == [.startTapped])
    }

    @Test func aPausedTimerIsTitledPausedAndAStoppedOneStopped() {
        let feed = FakeFeed<TimerViewModel, TimerViewEvent>(
            TimerMappers.model(TimerState(phase: .paused, value: 5, elapsedTicks: 10, backgroundIndex: 1)))
        let screen = TimerScreen(feed: feed)
        #expect(Self.text(screen)[0] == "Countdown timer: paused")
        feed.model = TimerMappers.model(TimerState(phase: .idle, value: 5, elapsedTicks: 0, backgroundIndex: 1))
        #expect(Self.text(screen)[0] == "Countdown timer: stopped")
    }

    @Test func aLabelStaysOnlyUntilTheNextEventIsSent() {
        let feed = FakeFeed<TimerViewModel, TimerViewEvent>(TimerMappers.model(TimerState(phase: .settingTimer)))
        let screen = TimerScreen(feed: feed)
        feed.labels = [#"rejected("setTime: minutes must be 0...59, got 99")"#]
        screen.prepare()
        #expect(Self.text(screen).last == #"last label: rejected("setTime: minutes must be 0...59, got 99")"#)
        feed.model = TimerMappers.model(TimerState(phase: .idle, value: 5, elapsedTicks: 0, backgroundIndex: 1))
        _ = screen.handle(.character(" "))
        feed.model = TimerMappers.model(TimerState(phase: .countingDown, value: 5, elapsedTicks: 0, backgroundIndex: 1))
        screen.prepare()
        #expect(!Self.text(screen).contains { $0.hasPrefix("last label") })
    }

    /// `s set time` is offered exactly when `s` is taken: while the timer is stopped, not while it
    /// counts down, is paused or restarts (the feature sets no time then).
    @Test func setTimeIsOfferedOnlyWhenItIsTaken() {
        let states: [(TimerState, Bool)] = [
            (TimerState(phase: .idle, value: 5, elapsedTicks: 0, backgroundIndex: 1), true),
            (TimerState(phase: .paused, value: 5, elapsedTicks: 10, backgroundIndex: 1), false),
            (TimerState(phase: .countingDown, value: 5, elapsedTicks: 10, backgroundIndex: 1), false),
            (TimerState(phase: .restarting, value: 5, elapsedTicks: 0, backgroundIndex: 1), false),
        ]
        for (state, takes) in states {
            let feed = FakeFeed<TimerViewModel, TimerViewEvent>(TimerMappers.model(state))
            let screen = TimerScreen(feed: feed)
            #expect(screen.keys.contains(KeyHelp("s", "set time")) == takes, "\(state.phase)")
            #expect(screen.handle(.character("s")) == takes, "\(state.phase)")
            #expect(feed.sent == (takes ? [.setTimerTapped] : []), "\(state.phase)")
        }
    }
}
