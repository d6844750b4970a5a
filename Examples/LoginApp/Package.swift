// swift-tools-version: 6.2
//
// An app's package, as a team would write it: a feature of its own (Login) on the MVI library,
// its conformance scenarios, its own `conformance`-style executable and its tests, using only the
// products of MVIConformance. CI builds it, tests it and runs its conformance (CI/example.sh).
import PackageDescription

// Xcode 26 makes a new app target's default isolation the main actor; this package builds the same
// sources both ways (CI/example.sh runs both): as it is, and with LOGINAPP_DEFAULT_ISOLATION=MainActor
// in the environment, which gives the app's targets (its features and their tests) `.defaultIsolation(MainActor.self)`.
// The replay seam and the tools (LoginReplay, login-conformance, store-figures) keep the nonisolated default:
// the seam's codecs are `@Sendable` functions the harness calls from its own threads.
let defaultIsolation: [SwiftSetting] =
    Context.environment["LOGINAPP_DEFAULT_ISOLATION"] == "MainActor" ? [.defaultIsolation(MainActor.self)] : []

/// The replay seam, the app's conformance command and its tests, and the store's figures. Under the
/// main actor default they are left out: the seam's codecs are `@Sendable` functions that the harness
/// calls off the main actor, and the feature's values are then the main actor's (Getting Started,
/// "Default isolation").
let seamAndTools: [Target] = [
    // The feature's half of the seam: its FeatureModule, codecs, canonical render, data sources for replay and recording.
    .target(
        name: "LoginReplay",
        dependencies: [
            "Login",
            .product(name: "ReplaySeam", package: "MVIConformance"),
            .product(name: "FixtureFormat", package: "MVIConformance"),
            .product(name: "MVICore", package: "MVIConformance"),
        ]),
    // `swift run login-conformance`: the app's scenarios against its own feature.
    .executableTarget(
        name: "login-conformance",
        dependencies: ["LoginReplay", .product(name: "ConformanceKit", package: "MVIConformance"), .product(name: "ReplaySeam", package: "MVIConformance")]),
    // The app's scenarios replayed and a live session recorded, from its tests.
    .testTarget(
        name: "LoginConformanceTests",
        dependencies: [
            "Login", "LoginReplay",
            .product(name: "MVICore", package: "MVIConformance"),
            .product(name: "ConformanceKit", package: "MVIConformance"),
            .product(name: "ReplaySeam", package: "MVIConformance"),
            .product(name: "FixtureFormat", package: "MVIConformance"),
            .product(name: "ScenarioRecording", package: "MVIConformance"),
        ]),
    // `swift run -c release store-figures`: one intent's cost from an app's package, next to a naive store.
    .executableTarget(name: "store-figures", dependencies: [.product(name: "MVICore", package: "MVIConformance")]),
]

let package = Package(
    name: "LoginApp",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        // A path dependency is named after its folder, which is not "MVIConformance" in every
        // clone: `name:` fixes the name that `.product(name:package:)` refers to. A URL dependency
        // takes it from the URL's last path component instead (docs/app-conformance.md).
        .package(name: "MVIConformance", path: "../.."),
    ],
    targets: [
        // The feature, as the app ships it: it links no replay code.
        .target(name: "Login", dependencies: [.product(name: "MVICore", package: "MVIConformance")], swiftSettings: defaultIsolation),
        // The feature's store under TestStore, with Swift Testing and XCTest.
        .testTarget(
            name: "LoginTests",
            dependencies: [
                "Login",
                .product(name: "MVICore", package: "MVIConformance"),
                .product(name: "MVITestSupport", package: "MVIConformance"),
            ],
            // An XCTestCase subclass cannot take the main actor default on Linux, whose XCTestCase is
            // nonisolated: "main actor-isolated initializer 'init(name:testClosure:)' has different
            // actor isolation from nonisolated overridden declaration".
            exclude: defaultIsolation.isEmpty ? [] : ["LoginXCTests.swift"], swiftSettings: defaultIsolation),
        // The documentation's Swift blocks, compiled as an app compiles them (docs/snippets.md): the
        // getting-started counter as a feature target with its test target, and the other documents' blocks
        // (TestingWithTestStore's test is of the Login feature, imported `@testable`).
        .target(name: "Counter", dependencies: [.product(name: "MVICore", package: "MVIConformance")], swiftSettings: defaultIsolation),
        .testTarget(
            name: "CounterTests",
            dependencies: ["Counter", .product(name: "MVICore", package: "MVIConformance"), .product(name: "MVITestSupport", package: "MVIConformance")], swiftSettings: defaultIsolation),
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: ["Login", .product(name: "MVITestSupport", package: "MVIConformance")], swiftSettings: defaultIsolation),
        // An async feature: a debounced city search whose stale search is cancelled, then a forecast load.
        .target(name: "CitySearch", dependencies: [.product(name: "MVICore", package: "MVIConformance")], swiftSettings: defaultIsolation),
        .testTarget(
            name: "CitySearchTests",
            dependencies: ["CitySearch", .product(name: "MVITestSupport", package: "MVIConformance")], swiftSettings: defaultIsolation),
    ] + (defaultIsolation.isEmpty ? seamAndTools : []),
    swiftLanguageModes: [.v6]
)
