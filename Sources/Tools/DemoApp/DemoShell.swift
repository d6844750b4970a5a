import FixtureFormat
import Foundation
import KittensReplay
import MVICore
import MVICountdownTimer
import MVIEssentials
import MVIKittens
import MVINewsApp
import ScenarioRecording
import SeededRandom
import TerminalUI
import TimerReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demo's three tabs and the keys every tab shares; with `--record`, the one tab recorded.
final class DemoShell {
    private var screens: [any DemoScreen]
    private var selected: Int
    private let clock: DemoClock
    /// Whether the last frame asked for a bigger terminal: keys then only quit, since nothing they
    /// would change is shown.
    private var tooSmall = false
    /// The session written as a scenario, with `--record`.
    private var recording: (any RecordingTab)?

    /// Nil when the News app refuses its initial state (it cannot: the state is its default).
    init?(options: DemoOptions, services: DemoServices, clock: DemoClock) throws(RecordingFailure) {
        let scheduler = clock.scheduler
        self.clock = clock
        if let file = options.record {
            let tab = try Self.recorded(options: options, services: services, file: file, scheduler: clock.scheduler)
            screens = [tab.screen]
            recording = tab.feed
            selected = 0
            screens[0].show()
            return
        }
        let random: RandomSource = options.seed.map { SplitMix64(seed: $0) } ?? SystemRandomSource()
        guard
            let news = try? NewsApp(
                dependencies: NewsAppDependencies(
                    dataSource: services.news, favorites: services.favorites, history: services.history,
                    scheduler: scheduler))
        else { return nil }
        let kittens = KittenComponent(
            dataSource: services.kittens, scheduler: scheduler)
        let kittensCause = KittenLoadCause(kittens.store)
        screens = [
            KittensScreen(
                feed: ComponentFeed(kittens), pipeline: services.pipeline, scheduler: scheduler,
                status: { kittensCause.text }),
            TimerScreen(feed: ComponentFeed(TimerComponent(scheduler: scheduler, random: random))),
            NewsScreen(app: news, favorites: services.favorites),
        ]
        selected = DemoOptions.App.allCases.firstIndex(of: options.app) ?? 0
        screens[selected].show()
    }

    /// The tab `options.app`, its feature run by a recorder against the demo's server, on real time.
    private static func recorded(
        options: DemoOptions, services: DemoServices, file: URL, scheduler: any Scheduler
    ) throws(RecordingFailure) -> (screen: any DemoScreen, feed: any RecordingTab) {
        let name = file.deletingPathExtension().lastPathComponent
        let session = recordingSession()
        switch options.app {
        case .kittens:
            let feed = try RecordedFeed<KittenViewModel, KittenViewEvent>(
                feature: KittensFeature.module, name: name, config: [:],
                service: .init(
                    baseURL: services.baseURL, apiKey: options.catAPIKey, session: session,
                    writtenOrigin: services.server == nil ? nil : DemoServices.mockServerOrigin),
                initial: KittenMappers.model(KittenState()), file: file)
            return (
                KittensScreen(feed: feed, pipeline: services.pipeline, scheduler: scheduler, status: { feed.status }),
                feed
            )
        case .timer, .news:  // DemoOptions refuses news with --record
            let feed = try RecordedFeed<TimerViewModel, TimerViewEvent>(
                feature: TimerFeature.module, name: name, config: ["seed": .integer(Int(options.seed ?? 1))],
                service: .init(baseURL: services.baseURL, session: session), initial: TimerMappers.model(TimerState()),
                file: file)
            return (TimerScreen(feed: feed, status: { feed.status }), feed)
        }
    }

    /// The recorder's URLSession: an ephemeral one with the data sources' timeout and no URL cache,
    /// as the demo's own. Not `URLSession.shared`: on Linux, a request that its cache can answer,
    /// cancelled as it completes (a refresh still in flight when the demo quits), stops
    /// FoundationNetworking on `TaskRegistry.swift:118: Fatal error: Trying to access a behaviour
    /// for a task that in not in the registry`, an illegal instruction (7 quits in 700 with a
    /// caching session, none in 726 with this one; docs/demo.md, "Recording").
    static func recordingSession() -> URLSession { URLSessionTransfer.session(timeout: 10, cachesResponses: false) }

    /// With `--record`, after `destroy`: the file written, or why not.
    var recordingOutcome: Result<URL, RecordingFailure>? { recording?.outcome }

    func prepare() { screens[selected].prepare() }

    /// Handles a key; false when it asks to quit.
    func handle(_ key: Key) -> Bool {
        let screen = screens[selected]
        switch key {
        case .control("c"), .control("q"): return false
        case .character("q") where !screen.isTyping || tooSmall: return false
        case _ where tooSmall: break
        // With one tab (`--record`) there is no next app: Tab would only stop and start the session.
        case .tab where screens.count > 1:
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
        tooSmall = !DemoLayout.fits(columns: columns, rows: rows)
        // The status before the body: a recording tab's status counts requests, and a feature renders
        // before it requests, so a frame that counts a request shows the model of that request or a
        // later one, never an older one (read the other way round, a frame could count the refresh's
        // request beside the list from before it).
        let status = screen.status.map { " " + $0 } ?? ""
        let body = screen.body(width: columns, height: DemoLayout.bodyHeight(rows: rows))
        var keys = (screens.count > 1 ? [KeyHelp("Tab", "next app")] : []) + screen.keys
        keys.append(KeyHelp(screen.isTyping ? "^C" : "q", "quit"))
        let frame = DemoFrame(
            tabs: screens.map(\.title), selectedTab: selected, clock: clock.label, body: body,
            status: status, keys: keys)
        return DemoLayout.lines(frame, columns: columns, rows: rows)
    }

    /// Stops the visible tab and destroys every component.
    func destroy() {
        screens[selected].hide()
        for screen in screens { screen.destroy() }
        screens = []
    }
}
