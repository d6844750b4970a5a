// swift-tools-version: 6.0
//
// MVI Conformance: a small MVI library, reference features built on it, and a
// language-neutral conformance suite that replays recorded fixtures against them.
//
// The package names no package dependencies: toolchain modules only.
import PackageDescription

let package = Package(
    name: "MVIConformance",
    // Observation (the view proxy) needs these on Apple systems.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "MVICore", targets: ["MVICore"]),
        .library(name: "MVITestSupport", targets: ["MVITestSupport"]),
        .library(name: "StateMachine", targets: ["StateMachine"]),
        .library(name: "Kittens", targets: ["Kittens"]),
        .library(name: "CountdownTimer", targets: ["CountdownTimer"]),
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
        // Feature: Kittens (image URLs from The Cat API).
        .target(name: "Kittens", dependencies: ["MVICore"]),
        // Feature: a countdown timer driven by the state machine.
        .target(name: "CountdownTimer", dependencies: ["MVICore", "StateMachine"]),
        // The replay harness: scenarios, drivers, canonical renders, goldens.
        .target(name: "ConformanceKit", dependencies: ["MVICore", "MVITestSupport", "StateMachine", "Kittens", "CountdownTimer"]),
        // A real HTTP/1.1 server on loopback standing in for The Cat API, images and NewsAPI.
        .target(name: "MockHTTPServer", dependencies: ["MVICore"]),
        .executableTarget(name: "mock-server", dependencies: ["MockHTTPServer"]),
        // Runs Xcode test plans on Linux and checks that every test is in a plan.
        .target(name: "TestPlanSupport"),
        .executableTarget(name: "testplan", dependencies: ["TestPlanSupport"]),
        // `swift run -c release benchmarks`: medians next to same-run baselines (docs/performance.md).
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "benchmarks",
            dependencies: ["AllocationCounter", "MVICore", "MVITestSupport", "ConformanceKit", "MockHTTPServer"]),
        // `swift run conformance`: replays every fixture against the reference implementation.
        .executableTarget(name: "conformance", dependencies: ["ConformanceKit"]),

        .testTarget(name: "MVICoreTests", dependencies: ["MVICore", "MVITestSupport"]),
        .testTarget(name: "StateMachineTests", dependencies: ["StateMachine"]),
        .testTarget(name: "KittensTests", dependencies: ["Kittens", "MVICore", "MVITestSupport"]),
        .testTarget(name: "CountdownTimerTests", dependencies: ["CountdownTimer", "MVICore", "MVITestSupport", "StateMachine"]),
        .testTarget(name: "MockHTTPServerTests", dependencies: ["MockHTTPServer", "Kittens", "MVICore"]),
        .testTarget(name: "TestPlanSupportTests", dependencies: ["TestPlanSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["ConformanceKit", "Kittens", "CountdownTimer", "StateMachine", "MVICore"]),
    ],
    swiftLanguageModes: [.v6]
)

// Feature: News (top headlines, article, search over NewsAPI; docs/features/news.md).
package.products.append(.library(name: "News", targets: ["News"]))
package.targets += [
    .target(name: "News", dependencies: ["MVICore"]),
    .testTarget(name: "NewsTests", dependencies: ["News", "MVICore", "MVITestSupport"]),
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
