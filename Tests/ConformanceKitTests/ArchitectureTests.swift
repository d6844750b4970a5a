import ConformanceKit
import FixtureFormat
import Foundation
import KittensReplay
import MVICore
import MVICountdownTimer
import MVIKittens
import ReferenceFeatures
import ReplaySeam
import Testing
import TimerReplay

/// The harness knows no feature: features depend on the seam, the seam on no feature.
@Suite struct ArchitectureTests {
    static let root = FixtureCatalog.packageRoot

    /// A source target as Package.swift declares it.
    struct Target {
        let name: String
        let dependencies: [String]
        let path: String
    }

    /// The source targets of Package.swift (`.target` and `.executableTarget`), read from its text.
    static func manifestTargets() throws -> [Target] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration =
            /\.(?:target|executableTarget)\(\s*name: "([^"]+)",(?:\s*dependencies: \[([^\]]*)\],)?\s*path: "([^"]+)"/
        return manifest.matches(of: declaration).map { match in
            let dependencies = (match.output.2.map(String.init) ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\""))
            }.filter { !$0.isEmpty }
            return Target(name: String(match.output.1), dependencies: dependencies, path: String(match.output.3))
        }
    }

    /// The targets of one layer: those whose folder is under `folder` (`Sources/Features`).
    static func targets(under folder: String) throws -> [Target] {
        try manifestTargets().filter { $0.path.hasPrefix(folder + "/") }.sorted { $0.name < $1.name }
    }

    /// Every Swift file of `target`, with its text.
    static func sources(of target: Target) throws -> [(file: String, text: String)] {
        let folder = root.appendingPathComponent(target.path)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
            (file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    /// Every HTTP client of the package (data sources, recorder, demo, the mock server's proxy)
    /// goes through the one cancellable data-task wrapper, MVIEssentials' `URLSessionTransfer`.
    @Test func oneURLSessionDataTaskWrapperServesEveryHTTPClient() throws {
        var found: [String] = []
        for target in try Self.manifestTargets() {
            for (file, text) in try Self.sources(of: target)
            where text.contains("dataTask(with") || text.contains("URLSession(configuration") {
                found.append("\(target.path)/\(file)")
            }
        }
        #expect(found == ["Sources/Library/MVIEssentials/URLSessionTransfer.swift"])
    }

    @Test func theManifestReaderSeesEveryLayer() throws {
        let targets = try Self.manifestTargets()
        // Every source folder is a declared target, and every declared target has its folder.
        var folders: [String] = []
        for layer in try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path)
        {
            let layerFolder = Self.root.appendingPathComponent("Sources/\(layer)")
            for entry in try FileManager.default.contentsOfDirectory(atPath: layerFolder.path) {
                let path = "Sources/\(layer)/\(entry)"
                if targets.contains(where: { $0.path.hasPrefix(path + "/") }) {
                    // A folder of targets (Sources/Conformance/Replays).
                    folders += try FileManager.default.contentsOfDirectory(
                        atPath: layerFolder.appendingPathComponent(entry).path
                    ).map { path + "/" + $0 }
                } else {
                    folders.append(path)
                }
            }
        }
        #expect(Set(targets.map(\.path)) == Set(folders))
        #expect(try Self.targets(under: "Sources/Features").count == FeatureRegistry.reference.modules.count)
    }

    /// The harness, the seam and the format import no feature and no feature's replay; a feature
    /// links no replay code, so an app that links it does not link the seam.
    @Test func theHarnessAndTheSeamImportNoFeature() throws {
        let features = try Self.targets(under: "Sources/Features").map(\.name)
        let replays = try Self.targets(under: "Sources/Conformance/Replays").map(\.name)
        #expect(replays.count == features.count, "one replay target a feature: \(replays) for \(features)")
        for name in ["ReplaySeam", "FixtureFormat", "CommandLineSupport"] + Self.harnessLayers.keys.sorted() {
            let target = try #require(try Self.manifestTargets().first { $0.name == name })
            #expect(
                Set(target.dependencies).isDisjoint(with: features + replays),
                "\(name) depends on \(target.dependencies)")
            for (file, text) in try Self.sources(of: target) {
                for module in features + replays {
                    #expect(!text.contains("import \(module)\n"), "\(name)/\(file) imports \(module)")
                }
            }
        }
        for feature in try Self.targets(under: "Sources/Features") {
            #expect(
                !feature.dependencies.contains {
                    ["ReplaySeam", "ConformanceKit"].contains($0) || replays.contains($0)
                },
                "\(feature.name) links replay code: \(feature.dependencies)")
        }
    }

    /// A feature is app code: it neither links nor imports the harness (the fixture format, the seam,
    /// the runner, the recorder) nor any feature's replay. What it shares with them (the escaper, the
    /// JSON reader) comes from the libraries under Sources/Library.
    @Test func noFeatureImportsTheHarness() throws {
        let harness = try Self.targets(under: "Sources/Conformance").map(\.name)
        #expect(
            harness.contains("FixtureFormat") && harness.contains("ReplaySeam") && harness.contains("ConformanceKit"))
        for feature in try Self.targets(under: "Sources/Features") {
            let linked = Set(feature.dependencies).intersection(harness)
            #expect(linked.isEmpty, "\(feature.name) depends on the harness: \(linked.sorted())")
            for (file, text) in try Self.sources(of: feature) {
                for match in text.matches(
                    of:
                        /(?m)^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?(\w+)/
                ) where harness.contains(String(match.output.1)) {
                    Issue.record("\(feature.name)/\(file) imports \(match.output.1), a module of the harness")
                }
            }
        }
    }

    /// The library's escape hatches from the compiler's `Sendable` checking carry their conditions
    /// with them: every `@unchecked Sendable` says why on its line; `Locked` crosses threads only
    /// when its value may (as swift-nio's `NIOLockedValueBox`); `Confined` names its scheduler at
    /// every hand-over and checks where it is made and every read, in release builds too (as
    /// `NIOLoopBound`); `KeptAlive` offers no access.
    @Test func everyEscapeHatchStatesAndChecksItsCondition() throws {
        let library = try Self.targets(under: "Sources/Library")
        var texts: [String: String] = [:]
        for target in library {
            for (file, text) in try Self.sources(of: target) { texts["\(target.name)/\(file)"] = text }
        }
        for (file, text) in texts {
            for line in text.split(separator: "\n") where line.contains("@unchecked Sendable") && !line.contains("///")
            {
                #expect(line.contains("//"), "\(file): an @unchecked Sendable without its reason on its line: \(line)")
            }
        }
        let locked = try #require(texts["MVIEssentials/Locked.swift"])
        #expect(locked.contains("public final class Locked<Value> {"), "Locked itself claims no Sendable conformance")
        #expect(
            locked.contains("\nextension Locked: @unchecked Sendable where Value: Sendable {}  //"),
            "Locked is Sendable only where its value is")
        let confined = try #require(texts["MVICore/Confined.swift"])
        #expect(
            confined.contains("init(_ value: Value, to scheduler: any Scheduler)"),
            "Confined is handed over to a scheduler")
        #expect(
            confined.components(separatedBy: "precondition(scheduler.isCurrent,").count == 3
                && !confined.contains("assert("),
            "Confined checks where it is made and every read against its scheduler, in release builds too")
        #expect(
            confined.contains("init(handingOver value: sending Value, to scheduler: any Scheduler)"),
            "a value handed over from anywhere is one the compiler proves the caller keeps no reference to")
        #expect(
            confined.contains("private let object: AnyObject") && !confined.contains("var object"),
            "KeptAlive offers no way to its object")
        // Every hand-over, anywhere in the package, names the scheduler.
        for layer in ["Sources/Library", "Sources/Conformance", "Sources/Tools", "Sources/Features"] {
            for target in try Self.targets(under: layer) {
                for (file, text) in try Self.sources(of: target) {
                    for match in text.matches(of: /Confined\((?:[^()]|\([^()]*\))*\)/)
                    where !match.output.contains(", to: ") {
                        Issue.record(
                            "\(target.name)/\(file): \(match.output) hands a value over without naming its scheduler")
                    }
                }
            }
        }
    }

    /// The harness's layers (docs/architecture.md, "The harness's layers"), each with the layers it
    /// may depend on: ConformanceKit at the bottom (the reader, the engine, the runner, goldens,
    /// reports, the protocol), fuzzing, the HTML report and the wire level on it, the command line on top.
    static let harnessLayers: [String: Set<String>] = [
        "ConformanceKit": [],
        "ConformanceFuzzing": ["ConformanceKit"],
        "ConformanceHTML": ["ConformanceKit", "ConformanceFuzzing"],
        "ConformanceWire": ["ConformanceKit"],
        "ConformanceCLI": ["ConformanceKit", "ConformanceFuzzing", "ConformanceHTML", "ConformanceWire"],
    ]

    /// The layers point one way, in the manifest and in the imports; only the wire level links the
    /// mock server.
    @Test func theHarnessLayersPointOneWay() throws {
        let targets = try Self.manifestTargets()
        let layers = Set(Self.harnessLayers.keys)
        for (name, allowed) in Self.harnessLayers.sorted(by: { $0.key < $1.key }) {
            let target = try #require(targets.first { $0.name == name }, "no target \(name)")
            let above = layers.subtracting(allowed).subtracting([name])
            #expect(
                Set(target.dependencies).isDisjoint(with: above),
                "\(name) depends on \(Set(target.dependencies).intersection(above).sorted())")
            let linksTheServer = name == "ConformanceWire"
            #expect(
                target.dependencies.contains("MockHTTPServer") == linksTheServer,
                "\(name): only ConformanceWire depends on MockHTTPServer")
            for (file, text) in try Self.sources(of: target) {
                for module in above.sorted() where text.contains("import \(module)\n") {
                    Issue.record("\(name)/\(file) imports \(module), a layer above it")
                }
                if !linksTheServer, text.contains("import MockHTTPServer\n") {
                    Issue.record("\(name)/\(file) imports MockHTTPServer, which only ConformanceWire may")
                }
            }
        }
    }

    /// One verdict pipeline: the reference and every port are judged by one runner, into one
    /// outcome type, and written by one writer per report format; the harness links no test library.
    @Test func theHarnessHasOneRunnerOneOutcomeAndOneWriterPerFormat() throws {
        var text = ""
        for name in Self.harnessLayers.keys.sorted() {
            let kit = try #require(try Self.manifestTargets().first { $0.name == name })
            #expect(
                !kit.dependencies.contains("MVITestSupport"),
                "the conformance executable must not link Swift Testing or XCTest (\(name) does)")
            text += try Self.sources(of: kit).map(\.text).joined(separator: "\n")
        }
        func count(_ pattern: Regex<Substring>) -> Int { text.matches(of: pattern).count }
        #expect(count(/(?:struct|class|enum|actor) \w*Runner\b/) == 1, "one runner")
        #expect(count(/(?:struct|class|enum) \w*Outcome\b/) == 1, "one outcome type")
        #expect(
            count(/(?:struct|class|enum) \w*Report\b/) == 3,
            "one report model (RunReport), the JSON report's shape, and the HTML report written from the model")
        #expect(count(/<!DOCTYPE html>/) == 1, "one HTML page layout")
        #expect(count(/func junit\(/) == 1, "one JUnit writer")
        #expect(count(/func json\(_ report: RunReport\)/) == 1 && count(/JSONEncoder\(\)/) == 1, "one JSON writer")
        #expect(count(/func markdown\(/) == 1, "one markdown table")
        #expect(count(/<testsuites/) == 1, "JUnit XML is written in one place")
        #expect(count(/func firstDivergingStep\(/) == 1, "one first-difference finder")
        #expect(count(/" \(after cancel\)"/) == 1, "the after-cancel echo is made in one place")
        let implementations = text.matches(of: /(?:final )?class (\w+): Implementation\b/).map { String($0.output.1) }
            .sorted()
        #expect(implementations == ["AdapterImplementation", "ReferenceImplementation"])
    }

    /// Every screen of every feature has one shape: `XStore.swift` (the public intent, state, label,
    /// the internal message, action, store and its factory), `XExecutor.swift` (executor and reducer,
    /// nothing public), `XView.swift` (view model, view events, mappers) and `XComponent.swift`.
    @Test func everyScreenHasTheSameFourFiles() throws {
        var screens = 0
        for feature in try Self.targets(under: "Sources/Features") {
            let files = try Self.sources(of: feature)
            let stores = files.compactMap { file, text -> (folder: String, screen: String)? in
                guard let match = text.firstMatch(of: /(?m)^(?:public |package )?typealias (\w+)Store = DefaultStore</)
                else {
                    return nil
                }
                return ((file as NSString).deletingLastPathComponent, String(match.output.1))
            }
            for (folder, screen) in stores {
                screens += 1
                func text(_ suffix: String) -> String? {
                    let name = folder.isEmpty ? "\(screen)\(suffix).swift" : "\(folder)/\(screen)\(suffix).swift"
                    return files.first { $0.file == name }?.text
                }
                let store = try #require(text("Store"), "\(feature.name): \(screen)Store.swift declares the store")
                #expect(
                    store.contains("\ntypealias \(screen)Store = DefaultStore<")
                        || store.contains("\npackage typealias \(screen)Store = DefaultStore<"),
                    "\(feature.name): the store is declared, internal (or package, for the demo), in \(screen)Store.swift"
                )
                #expect(
                    store.contains("extension DefaultStore"), "\(feature.name): the factory is in \(screen)Store.swift")
                let executor = try #require(text("Executor"), "\(feature.name): no \(screen)Executor.swift")
                #expect(
                    executor.contains("class \(screen)Executor"),
                    "\(feature.name): \(screen)Executor.swift holds the executor")
                #expect(
                    !executor.contains("public "), "\(feature.name): \(screen)Executor.swift declares something public")
                let view = try #require(text("View"), "\(feature.name): no \(screen)View.swift")
                #expect(
                    view.contains("struct \(screen)ViewModel"),
                    "\(feature.name): \(screen)View.swift holds the view model")
                let component = try #require(text("Component"), "\(feature.name): no \(screen)Component.swift")
                #expect(
                    component.contains("class \(screen)Component"),
                    "\(feature.name): \(screen)Component.swift holds the component")
                #expect(
                    component.contains("StoreComponent<\n    \(screen)Intent, \(screen)State, "),
                    "\(feature.name): \(screen)Component names the store's intent and state, not its type")
                for (file, text) in files where !file.hasSuffix("\(screen)Executor.swift") {
                    #expect(
                        !text.contains("class \(screen)Executor") && !text.contains("struct \(screen)Reducer"),
                        "\(feature.name)/\(file) declares the executor or reducer outside \(screen)Executor.swift")
                }
            }
        }
        // Kittens, Timer, Images, and News's headlines, article and search.
        #expect(screens >= 6)
    }

    /// A feature's stores are made by the `StoreFactory` it is given, so that logging and recording
    /// wrap every store; no feature threads an event observer through its stores and components.
    @Test func everyFeatureStoreIsMadeByAnInjectedFactory() throws {
        var stores = 0
        for feature in try Self.targets(under: "Sources/Features") {
            for (file, text) in try Self.sources(of: feature) {
                #expect(!text.contains("eventObserver"), "\(feature.name)/\(file) passes an event observer along")
                guard text.contains("typealias"), text.contains("= DefaultStore<") else { continue }
                stores += 1
                #expect(
                    text.contains("factory: any StoreFactory = DefaultStoreFactory()")
                        && text.contains("factory: factory)"),
                    "\(feature.name)/\(file): the store is not made by an injected factory")
            }
        }
        #expect(stores >= 6)
    }

    /// A feature's public face is its intent, state, label, view model, view events and component
    /// (docs/architecture.md, "A feature's public face"): its actions, messages, store type and store
    /// factory are internal, so that nothing outside the feature depends on them.
    @Test func aFeaturesActionsMessagesAndStoreAreInternal() throws {
        var checked = 0
        for feature in try Self.targets(under: "Sources/Features") {
            for (file, text) in try Self.sources(of: feature) {
                checked += 1
                for match in text.matches(of: /public (?:enum|struct|typealias) (\w+(?:Action|Message))\b/) {
                    Issue.record("\(feature.name)/\(file): \(match.output.1) is public")
                }
                for match in text.matches(of: /public typealias (\w+) = DefaultStore</) {
                    Issue.record("\(feature.name)/\(file): the store type \(match.output.1) is public")
                }
                if text.contains("extension DefaultStore") {
                    #expect(
                        !text.contains("public static func"),
                        "\(feature.name)/\(file): a store factory is public")
                }
            }
        }
        #expect(checked >= 20)
    }

    /// Every library product has a test target of its own, named after it, except the reference
    /// features' replay targets, whose tests are the corpus's scenarios
    /// (ConformanceKitTests replays every one through them).
    @Test func everyLibraryHasATestTargetOfTheSameName() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = manifest.matches(of: /\.library\(name: "([^"]+)"/).map { String($0.output.1) }
        let testTargets = Set(manifest.matches(of: /\.testTarget\(\s*name: "([^"]+)"/).map { String($0.output.1) })
        let testedByTheCorpus: Set = ["KittensReplay", "TimerReplay", "NewsReplay", "NewsAppReplay", "ImagesReplay"]
        #expect(libraries.count >= 10)
        for library in libraries where !testedByTheCorpus.contains(library) {
            #expect(testTargets.contains(library + "Tests"), "no test target \(library)Tests")
        }
    }

    /// Small files (docs/architecture.md, "The layout"): no source file of any target is longer
    /// than 450 lines; one that grows past it is split along a seam, as ScenarioRecorder.swift
    /// was (458 lines) into the recorder and RecordingDescription.swift.
    @Test func noSourceFileIsLongerThanFourHundredFiftyLines() throws {
        var long: [String] = []
        for target in try Self.manifestTargets() {
            for (file, text) in try Self.sources(of: target) {
                let lines =
                    text.split(separator: "\n", omittingEmptySubsequences: false).count
                    - (text.hasSuffix("\n") ? 1 : 0)
                if lines > 450 { long.append("\(target.path)/\(file): \(lines) lines") }
            }
        }
        #expect(long.isEmpty, "over 450 lines: \(long)")
    }

    @Test func everyReferenceFeatureHasItsFixturesAndItsPage() throws {
        let catalog = try #require(Corpus.catalog)
        for module in FeatureRegistry.reference.modules {
            #expect(Corpus.entries.contains { $0.feature == module.name }, "no scenarios under Fixtures/\(module.name)")
            let page = Self.root.appendingPathComponent("docs/features/\(module.name).md")
            #expect(FileManager.default.fileExists(atPath: page.path), "no docs/features/\(module.name).md")
            for kind in ScenarioFormat.LineKind.allCases {
                let schema = catalog.root.appendingPathComponent(
                    "schema/" + ScenarioFormat.schemaFileName(module, kind))
                #expect(FileManager.default.fileExists(atPath: schema.path), "no \(schema.lastPathComponent)")
            }
        }
    }

    @Test func noFeatureNamesItsOwnEventLikeAFormatEvent() {
        for module in TestFeatures.registry.modules {
            for custom in module.customEvents {
                #expect(!ScenarioFormat.builtInEvents.contains(custom.name), "\(module.name) defines \(custom.name)")
            }
            #expect(
                Set(module.screens.map(\.name)).count == module.screens.count, "\(module.name) names a screen twice")
        }
    }

    @Test func anAppReusesAFeaturesScreenUnderAName() throws {
        let app = FeatureModule(
            name: "app", componentName: "App", config: .empty(()),
            screens: [
                KittensFeature.module.screens[0].named("kittens"), TimerFeature.module.screens[0].named("timer"),
            ],
            hasSavedState: false
        ) { environment, _ in CompositeDemo.Session(output: environment.output) }
        let replayer = ReferenceImplementation(features: FeatureRegistry([app]))
        let header = #"{"format": 1, "id": "app/x", "feature": "app", "description": "d"}"#
        let line = #"{"event": "view", "screen": "timer", "name": "timeSet", "payload": {"minutes": 1, "seconds": 2}}"#
        let scenario = try replayer.read([header, #"{"event": "create"}"#, line].joined(separator: "\n"), file: "f")
        #expect(scenario.events.last?.input?.echo == "view timer: timeSet(minutes: 1, seconds: 2)")
        #expect(throws: ScenarioError.self) {
            try replayer.read(
                [header, line.replacingOccurrences(of: "\"timer\"", with: "\"kittens\"")].joined(separator: "\n"),
                file: "f")
        }
    }

    @Test(arguments: [
        ("stack", true), ("module built", true), ("render", false), ("Stack", false), ("two  spaces", false),
        ("", false), (" x", false),
    ])
    func aFeaturesOwnReactionIsLowercaseWordsNotAFormatKeyword(keyword: String, valid: Bool) {
        #expect(ReplayOutput.isValidKeyword(keyword) == valid)
    }

    @Test func aReactionWithABadKeywordFailsTheReplayAtItsLine() throws {
        final class Noisy: FeatureSession {
            let output: OutputLog
            init(output: OutputLog) { self.output = output }
            func create() { output.append(.custom(keyword: "render", value: .integer(1))) }
            func perform(_ event: LifecycleEvent) {}
            func send(_ input: FeatureInput) throws(FieldError) {}
            func restore() throws(FieldError) -> CanonicalValue { .null }
        }
        let module = FeatureModule(
            name: "noisy", componentName: "Noisy", config: .empty(()),
            screens: [ScreenDescription(events: [ViewEventCodec<Int>]())],
            hasSavedState: false
        ) { environment, _ in Noisy(output: environment.output) }
        let replayer = ReferenceImplementation(features: FeatureRegistry([module]))
        let text =
            #"{"format": 1, "id": "noisy/x", "feature": "noisy", "description": "d"}"# + "\n" + #"{"event": "create"}"#
            + "\n"
        #expect(
            throws: ScenarioError(
                file: "f", line: 2, field: "event",
                message:
                    #"noisy wrote a reaction named "render"; a feature's own reactions are lowercase words other than cancel, label, rejected, render, request, saved"#
            )
        ) { try replayer.replay(try replayer.read(text, file: "f")) }
    }
}
