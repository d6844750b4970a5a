import MVICountdownTimer
import MVIKittens
import MVINewsApp
import SeededRandom
import TerminalUI

/// The demo's three tabs and the keys every tab shares.
final class DemoShell {
    private var screens: [any DemoScreen]
    private var selected: Int
    private let clock: DemoClock

    /// Nil when the News app refuses its initial state (it cannot: the state is its default).
    init?(options: DemoOptions, services: DemoServices, clock: DemoClock) {
        let scheduler = clock.scheduler
        let random: RandomSource = options.seed.map { SplitMix64(seed: $0) } ?? SystemRandomSource()
        guard let news = try? NewsApp(dependencies: NewsAppDependencies(
            dataSource: services.news, favorites: services.favorites, history: services.history, scheduler: scheduler))
        else { return nil }
        screens = [
            KittensScreen(
                component: KittenComponent(dataSource: services.kittens, scheduler: scheduler, backgroundScheduler: scheduler),
                pipeline: services.pipeline, scheduler: scheduler),
            TimerScreen(component: TimerComponent(scheduler: scheduler, random: random)),
            NewsScreen(app: news, favorites: services.favorites),
        ]
        selected = DemoOptions.App.allCases.firstIndex(of: options.app) ?? 0
        self.clock = clock
        screens[selected].show()
    }

    func prepare() { screens[selected].prepare() }

    /// Handles a key; false when it asks to quit.
    func handle(_ key: Key) -> Bool {
        let screen = screens[selected]
        switch key {
        case .control("c"), .control("q"): return false
        case .character("q") where !screen.isTyping: return false
        case .tab:
            screen.hide()
            selected = (selected + 1) % screens.count
            screens[selected].show()
        case .control("t"): clock.advance(by: .seconds(1))
        default: _ = screen.handle(key)
        }
        return true
    }

    func lines(columns: Int, rows: Int) -> [ScreenLine] {
        let screen = screens[selected]
        let body = screen.body(width: columns, height: DemoLayout.bodyHeight(rows: rows))
        var keys = [KeyHelp("Tab", "next app")] + screen.keys
        keys.append(KeyHelp(screen.isTyping ? "^C" : "q", "quit"))
        let frame = DemoFrame(
            tabs: screens.map(\.title), selectedTab: selected, clock: clock.label, body: body, status: screen.status.map { " " + $0 } ?? "",
            keys: keys)
        return DemoLayout.lines(frame, columns: columns, rows: rows)
    }

    /// Stops the visible tab and destroys every component.
    func destroy() {
        screens[selected].hide()
        for screen in screens { screen.destroy() }
        screens = []
    }
}
