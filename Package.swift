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
        .library(name: "MVICore", targets: ["MVICore"]),
        .library(name: "MVITestSupport", targets: ["MVITestSupport"]),
        .library(name: "StateMachine", targets: ["StateMachine"]),
        .library(name: "Kittens", targets: ["Kittens"]),
        .library(name: "CountdownTimer", targets: ["CountdownTimer"]),
        .library(name: "CanonicalRender", targets: ["CanonicalRender"]),
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
        .library(name: "FeatureKit", targets: ["FeatureKit"]),
        .library(name: "ConformanceKit", targets: ["ConformanceKit"]),
        .library(name: "MockHTTPServer", targets: ["MockHTTPServer"]),
        .executable(name: "mock-server", targets: ["mock-server"]),
        .executable(name: "conformance", targets: ["conformance"]),
    ],
    targets: [
        // The MVI library: store, schedulers, view binding, lifecycle.
        .target(name: "MVICore"),
        // Test helpers for users' own test targets: the virtual-time TestScheduler.
        .target(name: "MVITestSupport", dependencies: ["MVICore"]),
        // A finite state machine DSL modelled on Tinder's StateMachine.
        .target(name: "StateMachine"),
        // The canonical value and its text render, the string escaper, the JSON value and its strict reader.
        .target(name: "CanonicalRender"),
        // The feature seam: how a feature describes itself to the replay (codecs, schemas, renders, factory).
        .target(name: "FeatureKit", dependencies: ["CanonicalRender", "MVICore"]),
        // SplitMix64, the one seeded generator (the Timer's background picker, the mock server's shuffles).
        .target(name: "SeededRandom"),
        // The command-line parser and version every executable shares.
        .target(name: "CommandLineSupport"),
        // Feature: Kittens (image URLs from The Cat API).
        .target(name: "Kittens", dependencies: ["MVICore", "CanonicalRender", "FeatureKit"]),
        // Feature: a countdown timer driven by the state machine.
        .target(name: "CountdownTimer", dependencies: ["MVICore", "StateMachine", "CanonicalRender", "FeatureKit", "SeededRandom"]),
        // The one list of the reference features, composed by the executables and the tests.
        .target(name: "ReferenceFeatures", dependencies: ["FeatureKit", "Kittens", "CountdownTimer", "Images", "News"]),
        // The replay harness: scenarios, the engine, transcripts, goldens, reports. It names no feature.
        .target(name: "ConformanceKit", dependencies: ["CanonicalRender", "FeatureKit", "MVICore", "MVITestSupport", "CommandLineSupport"]),
        // A real HTTP/1.1 server on loopback standing in for The Cat API, images and NewsAPI.
        .target(name: "MockHTTPServer", dependencies: ["MVICore", "CanonicalRender", "SeededRandom"]),
        .executableTarget(name: "mock-server", dependencies: ["MockHTTPServer", "CommandLineSupport"]),
        // Runs Xcode test plans on Linux and checks that every test is in a plan.
        .target(name: "TestPlanSupport"),
        .executableTarget(name: "testplan", dependencies: ["TestPlanSupport", "CommandLineSupport"]),
        // `swift run -c release benchmarks`: medians next to same-run baselines (docs/performance.md).
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "AllocationCounter", "MVICore", "MVITestSupport", "ConformanceKit", "ReferenceFeatures", "MockHTTPServer", "CommandLineSupport",
            ]),
        // `swift run conformance`: replays every fixture against the reference implementation.
        .executableTarget(name: "conformance", dependencies: ["ConformanceKit", "ReferenceFeatures"]),

        .testTarget(name: "MVICoreTests", dependencies: ["MVICore", "MVITestSupport"]),
        .testTarget(name: "StateMachineTests", dependencies: ["StateMachine"]),
        .testTarget(name: "KittensTests", dependencies: ["Kittens", "MVICore", "MVITestSupport"]),
        .testTarget(name: "CountdownTimerTests", dependencies: ["CountdownTimer", "MVICore", "MVITestSupport", "StateMachine", "SeededRandom"]),
        .testTarget(name: "MockHTTPServerTests", dependencies: ["MockHTTPServer", "Kittens", "News", "CanonicalRender", "MVICore"]),
        .testTarget(name: "TestPlanSupportTests", dependencies: ["TestPlanSupport"]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "ConformanceKit", "ReferenceFeatures", "FeatureKit", "CanonicalRender", "CommandLineSupport", "Kittens", "CountdownTimer",
                "StateMachine", "MVICore", "SeededRandom",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Feature: News (top headlines, article, search over NewsAPI; docs/features/news.md).
package.products.append(.library(name: "News", targets: ["News"]))
package.targets += [
    .target(name: "News", dependencies: ["MVICore", "CanonicalRender", "FeatureKit"]),
    .testTarget(name: "NewsTests", dependencies: ["News", "MVICore", "MVITestSupport", "FeatureKit", "CanonicalRender"]),
]

// The image pipeline (a library on Foundation alone) and the per-view image feature built on it.
package.products += [
    .library(name: "ImagePipeline", targets: ["ImagePipeline"]),
    .library(name: "Images", targets: ["Images"]),
]
package.targets += [
    .target(name: "ImagePipeline"),
    .target(name: "Images", dependencies: ["MVICore", "ImagePipeline", "CanonicalRender", "FeatureKit"]),
    .testTarget(name: "ImagePipelineTests", dependencies: ["ImagePipeline"]),
    .testTarget(name: "ImagesTests", dependencies: ["Images", "ImagePipeline", "MVICore", "MVITestSupport"]),
]

// Navigation as state (docs/navigation.md) and the News app on it (docs/features/news-app.md).
package.products += [
    .library(name: "Navigation", targets: ["Navigation"]),
    .library(name: "NewsApp", targets: ["NewsApp"]),
]
package.targets += [
    .target(name: "Navigation", dependencies: ["MVICore"]),
    .target(name: "NewsApp", dependencies: ["Navigation", "News", "MVICore"]),
    .testTarget(name: "NavigationTests", dependencies: ["Navigation", "MVICore", "MVITestSupport"]),
    .testTarget(name: "NewsAppTests", dependencies: ["NewsApp", "Navigation", "News", "MVICore", "MVITestSupport"]),
]
