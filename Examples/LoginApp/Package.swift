// swift-tools-version: 6.0
//
// An app's package, as a team would write it: a feature of its own (Login) on the MVI library,
// its conformance scenarios, its own `conformance`-style executable and its tests, using only the
// products of MVIConformance. CI builds it, tests it and runs its conformance (CI/example.sh).
import PackageDescription

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
        .target(name: "Login", dependencies: [.product(name: "MVICore", package: "MVIConformance")]),
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
        .testTarget(
            name: "LoginTests",
            dependencies: [
                "Login", "LoginReplay",
                .product(name: "MVICore", package: "MVIConformance"),
                .product(name: "MVITestSupport", package: "MVIConformance"),
                .product(name: "ConformanceKit", package: "MVIConformance"),
                .product(name: "ReplaySeam", package: "MVIConformance"),
                .product(name: "FixtureFormat", package: "MVIConformance"),
                .product(name: "ScenarioRecording", package: "MVIConformance"),
            ]),
        // `swift run -c release store-figures`: one intent's cost from an app's package, next to a naive store.
        .executableTarget(name: "store-figures", dependencies: [.product(name: "MVICore", package: "MVIConformance")]),
        // The documentation's Swift blocks, compiled as an app compiles them (docs/snippets.md): the
        // getting-started counter as a feature target with its test target, and the other documents' blocks
        // (TestingWithTestStore's test is of the Login feature, imported `@testable`).
        .target(name: "Counter", dependencies: [.product(name: "MVICore", package: "MVIConformance")]),
        .testTarget(
            name: "CounterTests",
            dependencies: ["Counter", .product(name: "MVICore", package: "MVIConformance"), .product(name: "MVITestSupport", package: "MVIConformance")]),
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: ["Login", .product(name: "MVITestSupport", package: "MVIConformance")]),
    ],
    swiftLanguageModes: [.v6]
)
