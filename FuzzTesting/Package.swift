// swift-tools-version: 6.0
//
// libFuzzer targets for every reader of untrusted bytes in MVI Conformance (docs/fuzzing.md,
// "Coverage-guided fuzzing"). A package of its own, so that the main package builds and tests
// without any fuzzing flag. It builds only with the fuzzer linked in:
//
//     swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// Each executable defines `LLVMFuzzerTestOneInput`, and its `@main` starts libFuzzer's driver
// (SwiftPM links the executable's own entry point as `main`, not libFuzzer's). Seeds come from
// `seeds.py` (the fixtures and the mock server's data), dictionaries from `Dictionaries/`, and
// each finding is kept in `FailCases/<target>/`, which the main package's tests replay.
import PackageDescription

/// The targets, each with the products of the main package it reads with.
let targets: [(name: String, products: [String])] = [
    ("FuzzHTTPRequest", ["MockHTTPServer"]),
    ("FuzzJSON", ["MVIJSON"]),
    ("FuzzScenario", ["ConformanceKit", "ReferenceFeatures", "FixtureFormat"]),
    ("FuzzStub", ["MockHTTPServer"]),
    ("FuzzAdapterReply", ["ConformanceKit", "FixtureFormat"]),
    ("FuzzDeepLink", ["MVINewsApp", "MVINavigation"]),
    ("FuzzNewsDate", ["MVINews"]),
    ("FuzzCatAPI", ["MVIKittens"]),
    ("FuzzNewsAPI", ["MVINews"]),
    ("FuzzDiskEntry", ["MVIImagePipeline"]),
]

let package = Package(
    name: "FuzzTesting",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "MVIConformance", path: "..")],
    targets: [
        // libFuzzer's driver function, declared for Swift.
        .target(name: "CLibFuzzer"),
        // What every target shares: the driver's start, the input as bytes and text, the oracle's failure.
        .target(name: "FuzzCheck", dependencies: ["CLibFuzzer"]),
    ]
        + targets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzCheck"] + target.products.map { .product(name: $0, package: "MVIConformance") })
        },
    swiftLanguageModes: [.v6]
)
