import FixtureFormat
import ConformanceKit
import MVICountdownTimer
import ReplaySeam
import Foundation
import MVIKittens
import MVICore
import ReferenceFeatures
import Testing

/// The harness knows no feature: features depend on the seam, the seam on no feature.
@Suite struct ArchitectureTests {
    static let root = FixtureCatalog.packageRoot

    /// Every source target's folder by target name: `Sources/<layer>/<target>`.
    static func targetFolders() throws -> [String: URL] {
        let sources = root.appendingPathComponent("Sources")
        var folders: [String: URL] = [:]
        for layer in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let layerFolder = sources.appendingPathComponent(layer)
            for target in (try? FileManager.default.contentsOfDirectory(atPath: layerFolder.path)) ?? [] {
                folders[target] = layerFolder.appendingPathComponent(target)
            }
        }
        return folders
    }

    /// Targets that export a feature: a `*Feature.swift` file in their folder declaring `static let module`.
    static func featureTargets() throws -> [String] {
        try targetFolders().filter { _, folder in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return files.contains { file in
                guard file.hasSuffix("Feature.swift"), let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else {
                    return false
                }
                return text.contains("public static let module")
            }
        }.keys.sorted()
    }

    @Test func theHarnessAndTheSeamImportNoFeature() throws {
        let features = try Self.featureTargets()
        #expect(features == ["MVICountdownTimer", "MVIImages", "MVIKittens", "MVINews", "MVINewsApp"])
        for target in ["ConformanceKit", "ReplaySeam", "FixtureFormat", "CommandLineSupport"] {
            let folder = try #require(try Self.targetFolders()[target], "no folder for \(target)")
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for feature in features {
                    #expect(!text.contains("import \(feature)\n"), "\(target)/\(file) imports \(feature)")
                }
            }
        }
    }

    @Test func packageSwiftGivesTheHarnessNoFeatureDependency() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.split(separator: "\n").first { $0.contains(#".target(name: "ConformanceKit""#) })
        for feature in try Self.featureTargets() {
            #expect(!line.contains("\"\(feature)\""), "ConformanceKit depends on \(feature)")
        }
    }

    @Test func everyReferenceFeatureHasItsFixturesAndItsPage() throws {
        let catalog = try #require(Corpus.catalog)
        for module in FeatureRegistry.reference.modules {
            #expect(Corpus.entries.contains { $0.feature == module.name }, "no scenarios under Fixtures/\(module.name)")
            let page = Self.root.appendingPathComponent("docs/features/\(module.name).md")
            #expect(FileManager.default.fileExists(atPath: page.path), "no docs/features/\(module.name).md")
            for kind in ScenarioFormat.LineKind.allCases {
                let schema = catalog.root.appendingPathComponent("schema/" + ScenarioFormat.schemaFileName(module, kind))
                #expect(FileManager.default.fileExists(atPath: schema.path), "no \(schema.lastPathComponent)")
            }
        }
    }

    @Test func noFeatureNamesItsOwnEventLikeAFormatEvent() {
        for module in TestFeatures.registry.modules {
            for custom in module.customEvents {
                #expect(!ScenarioFormat.builtInEvents.contains(custom.name), "\(module.name) defines \(custom.name)")
            }
            #expect(Set(module.screens.map(\.name)).count == module.screens.count, "\(module.name) names a screen twice")
        }
    }

    @Test func anAppReusesAFeaturesScreenUnderAName() throws {
        let app = FeatureModule(
            name: "app", componentName: "App", config: .empty(()),
            screens: [KittensFeature.module.screens[0].named("kittens"), TimerFeature.module.screens[0].named("timer")],
            hasSavedState: false) { environment, _ in CompositeDemo.Session(output: environment.output) }
        let replayer = Replayer(features: FeatureRegistry([app]))
        let header = #"{"format": 1, "id": "app/x", "feature": "app", "description": "d"}"#
        let line = #"{"event": "view", "screen": "timer", "name": "timeSet", "payload": {"minutes": 1, "seconds": 2}}"#
        let scenario = try replayer.read([header, #"{"event": "create"}"#, line].joined(separator: "\n"), file: "f")
        #expect(scenario.events.last?.input?.echo == "view timer: timeSet(minutes: 1, seconds: 2)")
        #expect(throws: ScenarioError.self) {
            try replayer.read([header, line.replacingOccurrences(of: "\"timer\"", with: "\"kittens\"")].joined(separator: "\n"), file: "f")
        }
    }

    @Test(arguments: [("stack", true), ("module built", true), ("render", false), ("Stack", false), ("two  spaces", false), ("", false), (" x", false)])
    func aFeaturesOwnReactionIsLowercaseWordsNotAFormatKeyword(keyword: String, valid: Bool) {
        #expect(ReplayOutput.isValidKeyword(keyword) == valid)
    }

    @Test func aReactionWithABadKeywordFailsTheReplayAtItsLine() throws {
        final class Noisy: FeatureSession {
            let output: OutputLog
            init(output: OutputLog) { self.output = output }
            func create() { output.append(.custom(keyword: "render", value: .int(1))) }
            func perform(_ event: LifecycleEvent) {}
            func send(_ input: FeatureInput) throws(FieldError) {}
            func restore() throws(FieldError) -> CanonicalValue { .null }
        }
        let module = FeatureModule(
            name: "noisy", componentName: "Noisy", config: .empty(()), screens: [ScreenDescription(events: [ViewEventCodec<Int>]())],
            hasSavedState: false) { environment, _ in Noisy(output: environment.output) }
        let replayer = Replayer(features: FeatureRegistry([module]))
        let text = #"{"format": 1, "id": "noisy/x", "feature": "noisy", "description": "d"}"# + "\n" + #"{"event": "create"}"# + "\n"
        #expect(throws: ScenarioError(
            file: "f", line: 2, field: "event",
            message: #"noisy wrote a reaction named "render"; a feature's own reactions are lowercase words other than cancel, label, rejected, render, request, saved"#)
        ) { try replayer.replay(try replayer.read(text, file: "f")) }
    }
}
