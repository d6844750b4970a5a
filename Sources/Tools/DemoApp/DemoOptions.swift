import CommandLineSupport
import Foundation
import KittensReplay
import ReferenceFeatures
import ReplaySeam
import TimerReplay

/// How the demo runs, from its command line and environment.
public struct DemoOptions: Equatable, Sendable {
    /// The tab shown first.
    public enum App: String, CaseIterable, Sendable {
        case kittens, timer, news

        /// The feature a recording of the tab is a scenario of: the first half of its id.
        var featureName: String {
            switch self {
            case .kittens: KittensFeature.module.name
            case .timer: TimerFeature.module.name
            case .news: "news-app"
            }
        }
    }

    /// The service to talk to; nil: the mock server, started in-process on a free loopback port.
    public var endpoint: URL?
    /// The Cat API key (`CAT_API_KEY`) and the NewsAPI key (`NEWS_API_KEY`) for `endpoint`.
    public var catAPIKey: String?
    public var newsAPIKey: String?
    /// Time moves only when `^T` is pressed, a second at a time.
    public var virtualTime: Bool
    /// The seed of the timer's backgrounds; nil for the system's generator.
    public var seed: UInt64?
    public var app: App
    /// Where favourites, the search history and the image disk cache are kept; nil for a
    /// temporary folder removed at exit.
    public var dataDirectory: URL?
    /// The Fixtures folder of the mock server's data sets (`--fixtures`).
    public var fixtures: String?
    /// Where the session of the tab shown is written as a scenario (`--record`): a `.jsonl` file
    /// whose name is the scenario's name (`Fixtures/kittens/slow-refresh.jsonl` is `kittens/slow-refresh`).
    public var record: URL?
    /// `--force`: `record` may replace a file that exists.
    public var force: Bool

    public static let spec = CommandSpec(
        name: "mvi-demo",
        abstract: """
            A terminal app over the reference features: Kittens, the countdown Timer and the News app,
            on the mock server by default (see docs/demo.md).
            """,
        options: [
            .value("app", "NAME", "the tab shown first: kittens, timer or news (default kittens)"),
            .value(
                "endpoint", "URL",
                "talk to this server instead of the in-process mock server (keys from CAT_API_KEY and NEWS_API_KEY)"),
            .flag(
                "virtual-time",
                "time moves only when ^T is pressed, one second at a time (for tests and demonstrations)"),
            .value("seed", "N", "the seed of the timer's backgrounds (default: 1 with --virtual-time, else random)"),
            .value(
                "data-dir", "DIR",
                "keep favourites, search history and cached images here (default: a temporary folder, removed at exit)"),
            .value(
                "fixtures", "DIR",
                "the Fixtures folder whose http/ holds the mock server's data sets (default ./Fixtures if it has them, else the package checkout's)"
            ),
            .value(
                "record", "FILE",
                "write the session of the Kittens or Timer tab as a scenario, FILE named <name>.jsonl (real time only)"),
            .flag("force", "with --record: replace FILE if it exists (without it, an existing file is refused)"),
        ],
        discussion: """
            Needs a terminal of at least 80x24; when standard output is not a terminal it says so and exits with status 2.
            Tab switches between the apps, ^C quits; each screen lists its keys on the bottom line.
            """)

    /// Reads the parsed command line; the environment gives the keys.
    public init(_ parsed: ParsedCommand, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError)
    {
        func fail(_ message: String) -> UsageError { UsageError(command: Self.spec.name, message) }
        if let extra = (parsed.arguments + parsed.passthrough).first { throw fail("unexpected argument \(extra)") }
        let name = parsed.value("app") ?? App.kittens.rawValue
        guard let app = App(rawValue: name) else {
            let names = App.allCases.map(\.rawValue)
            throw fail(
                "--app \(name): expected one of \(names.joined(separator: ", "))"
                    + Suggestion.didYouMean(name, among: names, prefix: "--app "))
        }
        self.app = app
        if let file = parsed.value("record") {
            guard app != .news else {
                throw fail(
                    "--record \(file): the News tab cannot be recorded: its screens come and go with the News app's navigation, "
                        + "and the recorder runs one feature's screens, not the navigator; record --app kittens or --app timer"
                )
            }
            guard parsed.flag("virtual-time") == false else {
                throw fail("--record \(file): a recording runs on real time; leave out --virtual-time")
            }
            let url = URL(fileURLWithPath: file)
            let scenario = url.deletingPathExtension().lastPathComponent
            guard url.pathExtension == "jsonl", !scenario.isEmpty,
                scenario.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
                )
            else {
                throw fail(
                    "--record \(file): expected a file named <name>.jsonl, the name in lower-case letters, digits and -"
                )
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder),
                isFolder.boolValue
            else {
                throw fail("--record \(file): the folder \(url.deletingLastPathComponent().path) does not exist")
            }
            // Refused before the session starts, not after it: a committed fixture was once
            // overwritten without a word, and a Kittens session written into timer/.
            if let folder = FeatureRegistry.reference[url.deletingLastPathComponent().lastPathComponent]?.name,
                folder != app.featureName
            {
                throw fail(
                    "--record \(file): the folder \(folder)/ holds \(folder) scenarios, and the \(app.rawValue) tab's "
                        + "session is the scenario \(app.featureName)/\(scenario); record it into a \(app.featureName)/ folder"
                )
            }
            if FileManager.default.fileExists(atPath: url.path), !parsed.flag("force") {
                throw fail(
                    "--record \(file): the file exists; record to a new name, or add --force to replace it")
            }
            record = url
        }
        force = parsed.flag("force")
        if force, record == nil { throw fail("--force: only with --record, whose file it lets replace") }
        if let text = parsed.value("endpoint") {
            guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw fail("--endpoint \(text): expected an http or https address")
            }
            endpoint = url
        }
        catAPIKey = environment["CAT_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        newsAPIKey = environment["NEWS_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        virtualTime = parsed.flag("virtual-time")
        if let text = parsed.value("seed") {
            guard let seed = UInt64(text) else {
                throw fail("--seed \(text): expected a whole number from 0 to \(UInt64.max)")
            }
            // A scenario's seed is a JSON number the Timer reads exactly (docs/features/timer.md).
            if record != nil, seed > largestExactInteger {
                throw fail("--seed \(text): a recorded session's seed is at most \(largestExactInteger)")
            }
            self.seed = seed
        } else {
            seed = virtualTime || record != nil ? 1 : nil
        }
        dataDirectory = parsed.value("data-dir").map { URL(fileURLWithPath: $0, isDirectory: true) }
        fixtures = parsed.value("fixtures")
    }
}
