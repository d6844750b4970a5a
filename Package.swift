// swift-tools-version: 6.0
//
// MVI Conformance: a small MVI library, reference features built on it, and a
// language-neutral conformance suite that replays recorded fixtures against them.
//
// The package names no package dependencies: toolchain modules only.
import PackageDescription

let package = Package(
    name: "MVIConformance",
    // The minimums are what the code uses: `Duration` and constrained existentials
    // (`any MviView<Model, Event>`) need macOS 13, iOS 16, tvOS 16, watchOS 9. Only `ViewProxy`,
    // the Observation proxy for SwiftUI, needs macOS 14, iOS 17, tvOS 17, watchOS 10, and is
    // marked `@available` for them. Locks are `NSLock` (`Synchronization.Mutex` would need macOS 15).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "MVIEssentials", targets: ["MVIEssentials"]),
        .library(name: "MVIJSON", targets: ["MVIJSON"]),
        .library(name: "MVICore", targets: ["MVICore"]),
        .library(name: "MVITestSupport", targets: ["MVITestSupport"]),
        .library(name: "MVIStateMachine", targets: ["MVIStateMachine"]),
        .library(name: "MVINavigation", targets: ["MVINavigation"]),
        .library(name: "MVIImagePipeline", targets: ["MVIImagePipeline"]),
        // The reference features.
        .library(name: "MVIKittens", targets: ["MVIKittens"]),
        .library(name: "MVICountdownTimer", targets: ["MVICountdownTimer"]),
        .library(name: "MVINews", targets: ["MVINews"]),
        .library(name: "MVINewsApp", targets: ["MVINewsApp"]),
        .library(name: "MVIImages", targets: ["MVIImages"]),
        // The conformance suite and the mock server. An app replays and records its own features
        // with the seam, the harness and the recorder (docs/app-conformance.md); the reference
        // features' replay targets and the seeded generator are products because the docs import them.
        .library(name: "FixtureFormat", targets: ["FixtureFormat"]),
        .library(name: "ReplaySeam", targets: ["ReplaySeam"]),
        // The harness's core, and the layers on top of it: the HTML report, and the command line.
        .library(
            name: "ConformanceKit",
            targets: ["ConformanceKit", "ConformanceHTML", "ConformanceFuzzing", "ConformanceWire", "ConformanceCLI"]),
        // The reference features' list: for an app's command that also replays the reference features,
        // and for tools outside this package that read scenarios (FuzzTesting/).
        .library(name: "ReferenceFeatures", targets: ["ReferenceFeatures"]),
        .library(name: "ScenarioRecording", targets: ["ScenarioRecording"]),
        .library(name: "KittensReplay", targets: ["KittensReplay"]),
        .library(name: "TimerReplay", targets: ["TimerReplay"]),
        .library(name: "NewsReplay", targets: ["NewsReplay"]),
        .library(name: "NewsAppReplay", targets: ["NewsAppReplay"]),
        .library(name: "ImagesReplay", targets: ["ImagesReplay"]),
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
        .library(name: "MockHTTPServer", targets: ["MockHTTPServer"]),
        .executable(name: "mock-server", targets: ["mock-server"]),
        .executable(name: "conformance", targets: ["conformance"]),
        .executable(name: "mvi-demo", targets: ["mvi-demo"]),
    ],
    targets: [
        // The shared pieces every layer uses, once each: the lock box, the confined box, cancellation,
        // FNV-1a and the cancellable URLSession data task. A leaf: it depends on nothing here.
        .target(name: "MVIEssentials", path: "Sources/Library/MVIEssentials"),
        // The JSON value, its strict reader (duplicate keys, lone surrogates and oversized numbers
        // refused) and the one text escaper: for the features' parsers, the fixture format and the mock server.
        .target(name: "MVIJSON", path: "Sources/Library/MVIJSON"),
        // The MVI library: store, schedulers, view binding, lifecycle.
        .target(name: "MVICore", dependencies: ["MVIEssentials"], path: "Sources/Library/MVICore"),
        // Test helpers for users' own test targets: the exhaustive TestStore. It re-exports MVICore, whose
        // TestScheduler keeps virtual time (in MVICore: the replay, the recorder and the demo run stores on it too).
        .target(name: "MVITestSupport", dependencies: ["MVICore"], path: "Sources/Library/MVITestSupport"),
        // A finite state machine DSL modelled on Tinder's StateMachine.
        .target(name: "MVIStateMachine", path: "Sources/Library/MVIStateMachine"),
        // Navigation as state: a stack of routes, modules built on demand, deep links (docs/navigation.md).
        .target(name: "MVINavigation", dependencies: ["MVICore"], path: "Sources/Library/MVINavigation"),
        // An image pipeline on Foundation alone: memory and disk caches, one download per key.
        .target(name: "MVIImagePipeline", dependencies: ["MVIEssentials"], path: "Sources/Library/MVIImagePipeline"),
        // The canonical value and its text render (docs/render.md). The escaper, the JSON value and its
        // strict reader are MVIJSON's; this module re-exports them for the harness.
        .target(name: "FixtureFormat", dependencies: ["MVIJSON"], path: "Sources/Conformance/FixtureFormat"),
        // The feature seam: how a feature describes itself to the replay (codecs, schemas, renders, factory).
        .target(
            name: "ReplaySeam", dependencies: ["FixtureFormat", "MVICore"], path: "Sources/Conformance/ReplaySeam"),
        // SplitMix64, the one seeded generator (the Timer's background picker, the mock server's shuffles).
        .target(name: "SeededRandom", path: "Sources/Tools/SeededRandom"),
        // The command-line parser and version every executable shares.
        .target(name: "CommandLineSupport", path: "Sources/Tools/CommandLineSupport"),
        // Feature: Kittens (image URLs from The Cat API).
        .target(name: "MVIKittens", dependencies: ["MVICore", "MVIJSON"], path: "Sources/Features/MVIKittens"),
        // Feature: a countdown timer driven by the state machine.
        .target(
            name: "MVICountdownTimer", dependencies: ["MVICore", "MVIStateMachine", "SeededRandom"],
            path: "Sources/Features/MVICountdownTimer"),
        // Feature: News (top headlines, article, search over NewsAPI; docs/features/news.md).
        .target(name: "MVINews", dependencies: ["MVICore", "MVIJSON"], path: "Sources/Features/MVINews"),
        // Feature: the News app, its screens behind the navigator (docs/features/news-app.md).
        .target(
            name: "MVINewsApp", dependencies: ["MVINavigation", "MVINews", "MVICore", "MVIJSON"],
            path: "Sources/Features/MVINewsApp"),
        // Feature: an image view's model over the pipeline (docs/features/images.md).
        .target(name: "MVIImages", dependencies: ["MVICore", "MVIImagePipeline"], path: "Sources/Features/MVIImages"),
        // Each feature's half of the seam: its FeatureModule (codecs, canonical renders, the replay
        // data source). Apart from the feature, so that an app linking a feature links no replay code.
        .target(
            name: "KittensReplay", dependencies: ["MVIKittens", "ReplaySeam", "FixtureFormat", "MVICore"],
            path: "Sources/Conformance/Replays/KittensReplay"),
        .target(
            name: "TimerReplay",
            dependencies: ["MVICountdownTimer", "ReplaySeam", "FixtureFormat", "MVICore", "SeededRandom"],
            path: "Sources/Conformance/Replays/TimerReplay"),
        .target(
            name: "NewsReplay", dependencies: ["MVINews", "ReplaySeam", "FixtureFormat", "MVICore"],
            path: "Sources/Conformance/Replays/NewsReplay"),
        .target(
            name: "NewsAppReplay",
            dependencies: [
                "MVINewsApp", "NewsReplay", "MVINavigation", "MVINews", "ReplaySeam", "FixtureFormat", "MVICore",
            ], path: "Sources/Conformance/Replays/NewsAppReplay"),
        .target(
            name: "ImagesReplay",
            dependencies: ["MVIImages", "MVIImagePipeline", "ReplaySeam", "FixtureFormat", "MVICore"],
            path: "Sources/Conformance/Replays/ImagesReplay"),
        // The one list of the reference features, composed by the executables and the tests.
        .target(
            name: "ReferenceFeatures",
            dependencies: [
                "ReplaySeam", "KittensReplay", "TimerReplay", "ImagesReplay", "NewsReplay", "NewsAppReplay",
            ], path: "Sources/Conformance/ReferenceFeatures"),
        // Records a live session of any feature as a scenario (docs/recording.md). It names no feature.
        .target(
            name: "ScenarioRecording", dependencies: ["ReplaySeam", "FixtureFormat", "MVICore", "MVIEssentials"],
            path: "Sources/Conformance/ScenarioRecording"),
        // The replay harness: scenarios, the engine, transcripts, goldens, reports. It names no feature.
        .target(
            name: "ConformanceKit",
            dependencies: [
                "FixtureFormat", "ReplaySeam", "MVICore", "CommandLineSupport", "MVIEssentials",
            ],
            path: "Sources/Conformance/ConformanceKit"),
        // The HTML report a person opens (`conformance report --html`), written from ConformanceKit's report model.
        .target(
            name: "ConformanceHTML",
            dependencies: ["ConformanceKit", "ConformanceFuzzing", "FixtureFormat", "MVIEssentials"],
            path: "Sources/Conformance/ConformanceHTML"),
        // `conformance fuzz`: scenarios generated from the features' schemas, judged by ConformanceKit's runner.
        .target(
            name: "ConformanceFuzzing",
            dependencies: ["ConformanceKit", "FixtureFormat", "ReplaySeam", "MVICore", "SeededRandom"],
            path: "Sources/Conformance/ConformanceFuzzing"),
        // The wire level (docs/wire.md): `ReplayLevel.wire`, the mock server of each scenario and the
        // feature's real data sources' way to it. The one layer of the harness that links the mock server.
        .target(
            name: "ConformanceWire",
            dependencies: [
                "ConformanceKit", "MockHTTPServer", "FixtureFormat", "ReplaySeam", "MVICore", "MVIEssentials",
            ],
            path: "Sources/Conformance/ConformanceWire"),
        // The `conformance` command line over every layer of the harness: the subcommands that need the
        // HTML report, fuzzing or the wire level live here, above them (docs/architecture.md, "The harness's layers").
        .target(
            name: "ConformanceCLI",
            dependencies: [
                "ConformanceKit", "ConformanceHTML", "ConformanceFuzzing", "ConformanceWire", "FixtureFormat",
                "ReplaySeam", "CommandLineSupport",
            ],
            path: "Sources/Conformance/ConformanceCLI"),
        // A real HTTP/1.1 server on loopback standing in for The Cat API, images and NewsAPI.
        .target(
            name: "MockHTTPServer", dependencies: ["MVIEssentials", "MVIJSON", "SeededRandom", "CommandLineSupport"],
            path: "Sources/Tools/MockHTTPServer"),
        .executableTarget(
            name: "mock-server", dependencies: ["MockHTTPServer", "CommandLineSupport"],
            path: "Sources/Executables/mock-server"),
        // Runs Xcode test plans on Linux and checks that every test is in a plan.
        .target(name: "TestPlanSupport", path: "Sources/Tools/TestPlanSupport"),
        .executableTarget(
            name: "testplan", dependencies: ["TestPlanSupport", "CommandLineSupport"],
            path: "Sources/Executables/testplan"),
        // `swift run -c release benchmarks`: medians next to same-run baselines (docs/performance.md).
        .target(name: "AllocationCounter", path: "Sources/Tools/AllocationCounter"),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "AllocationCounter", "MVICore", "MVIEssentials", "MVIJSON", "MVITestSupport", "ConformanceKit",
                "ConformanceFuzzing",
                "ReferenceFeatures", "ReplaySeam",
                "MockHTTPServer", "CommandLineSupport", "MVIImagePipeline", "SeededRandom",
            ], path: "Sources/Executables/benchmarks"),
        // `swift run conformance`: replays every fixture against the reference implementation.
        .executableTarget(
            name: "conformance", dependencies: ["ConformanceCLI", "ConformanceKit", "ReferenceFeatures"],
            path: "Sources/Executables/conformance"),

        // Raw mode, the alternate screen, keys, signals and styled lines for a full-screen terminal program.
        .target(name: "TerminalUI", path: "Sources/Tools/TerminalUI"),
        // The demo's screens over the features' components, their pure renders, and its loop (docs/demo.md).
        .target(
            name: "DemoApp",
            dependencies: [
                "TerminalUI", "CommandLineSupport", "MockHTTPServer", "SeededRandom", "MVICore", "MVITestSupport",
                "MVIKittens",
                "MVICountdownTimer", "MVINews", "MVINewsApp", "MVINavigation", "MVIImages", "MVIImagePipeline",
                "MVIEssentials",
                // --record: the Kittens and Timer tabs through the recorder and the features' replay targets.
                "ScenarioRecording", "ReplaySeam", "FixtureFormat", "KittensReplay", "TimerReplay",
                // --record: a file in another feature's folder of Fixtures is refused, by the one list.
                "ReferenceFeatures",
            ], path: "Sources/Tools/DemoApp"),
        // `swift run mvi-demo`: Kittens, the Timer and the News app in a terminal, on the mock server.
        .executableTarget(name: "mvi-demo", dependencies: ["DemoApp"], path: "Sources/Executables/mvi-demo"),

        .testTarget(name: "MVIEssentialsTests", dependencies: ["MVIEssentials"]),
        .testTarget(name: "MVITestSupportTests", dependencies: ["MVITestSupport", "MVICore"]),
        // Checks that the Swift blocks of the README, docs/ and the DocC articles are in the sample app
        // package under Examples/, which compiles them with this package's products only.
        .testTarget(name: "DocSnippetsTests"),
        .testTarget(name: "MVIJSONTests", dependencies: ["MVIJSON"]),
        .testTarget(name: "SeededRandomTests", dependencies: ["SeededRandom"]),
        .testTarget(name: "FixtureFormatTests", dependencies: ["FixtureFormat"]),
        .testTarget(name: "ReplaySeamTests", dependencies: ["ReplaySeam", "FixtureFormat", "MVICore"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport"]),
        .testTarget(name: "MVICoreTests", dependencies: ["MVICore", "MVITestSupport"]),
        // The store's threading rule as the compiler enforces it: app code that breaks it must not compile
        // (each snippet under Snippets/ is compiled against the built MVICore, not as part of this target).
        .testTarget(name: "CompileFailTests", dependencies: ["MVICore"], exclude: ["Snippets"]),
        .testTarget(name: "MVIStateMachineTests", dependencies: ["MVIStateMachine"]),
        .testTarget(name: "MVIKittensTests", dependencies: ["MVIKittens", "MVICore", "MVITestSupport"]),
        .testTarget(
            name: "MVICountdownTimerTests",
            dependencies: ["MVICountdownTimer", "MVICore", "MVITestSupport", "MVIStateMachine", "SeededRandom"]),
        .testTarget(
            name: "MockHTTPServerTests",
            dependencies: [
                "MockHTTPServer", "CommandLineSupport", "MVIKittens", "MVINews", "FixtureFormat", "MVICore",
                "MVITestSupport",
            ]),
        .testTarget(name: "TestPlanSupportTests", dependencies: ["TestPlanSupport", "MVITestSupport"]),
        .testTarget(
            name: "MVINewsTests",
            dependencies: ["MVINews", "NewsReplay", "MVICore", "MVITestSupport", "ReplaySeam", "FixtureFormat"]),
        .testTarget(name: "MVIImagePipelineTests", dependencies: ["MVIImagePipeline"]),
        .testTarget(
            name: "MVIImagesTests", dependencies: ["MVIImages", "MVIImagePipeline", "MVICore", "MVITestSupport"]),
        // The pipeline with its URLSession loader against the running mock server (real sockets and queues).
        .testTarget(name: "MVIImagePipelineIntegrationTests", dependencies: ["MVIImagePipeline", "MockHTTPServer"]),
        .testTarget(name: "MVINavigationTests", dependencies: ["MVINavigation", "MVICore", "MVITestSupport"]),
        // The reference features' list (a product since FuzzTesting/ reads scenarios with it).
        .testTarget(name: "ReferenceFeaturesTests", dependencies: ["ReferenceFeatures", "ReplaySeam"]),
        .testTarget(
            name: "MVINewsAppTests",
            dependencies: ["MVINewsApp", "MVINavigation", "MVINews", "MVICore", "MVITestSupport"]),
        // Live sessions of every feature against the mock server, recorded and replayed (real sockets and queues).
        .testTarget(
            name: "ScenarioRecordingTests",
            dependencies: [
                "ScenarioRecording", "ConformanceKit", "ReferenceFeatures", "ReplaySeam", "FixtureFormat",
                "MockHTTPServer", "MVICore",
                "MVIKittens", "MVICountdownTimer", "MVINews", "MVINewsApp", "MVIImages", "KittensReplay", "TimerReplay",
                "NewsReplay",
                "NewsAppReplay", "ImagesReplay",
            ]),
        .testTarget(
            name: "ConformanceKitTests",
            dependencies: [
                "ConformanceKit", "ConformanceHTML", "ConformanceFuzzing", "ConformanceWire", "ConformanceCLI",
                "ReferenceFeatures",
                "ReplaySeam",
                "FixtureFormat", "CommandLineSupport", "MVIKittens", "MVICountdownTimer",
                "KittensReplay", "TimerReplay", "ImagesReplay", "MVITestSupport",
                "MVIStateMachine", "MVICore", "SeededRandom", "TestPlanSupport",
            ],
            exclude: ["PortFixtures"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        // The demo's renders, and journeys through the built mvi-demo in tmux (golden screens in Screens/).
        .testTarget(
            name: "DemoAppTests",
            dependencies: [
                "DemoApp", "TerminalUI", "MVITestSupport", "MVIEssentials", "MVIKittens", "MVICountdownTimer",
                "MVINews", "MVINewsApp", "MVIImages",
                "ConformanceKit", "ReferenceFeatures", "ReplaySeam",
            ],
            exclude: ["Screens"]),
    ],
    swiftLanguageModes: [.v6]
)
