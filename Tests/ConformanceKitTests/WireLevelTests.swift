import ConformanceKit
import ConformanceWire
import Foundation
import Testing

/// Subject: the wire level (docs/wire.md). Every scenario of a feature that makes requests is
/// replayed through the feature's real data sources against a mock server of its own, and must
/// give the golden it gives in memory, byte for byte, and its `<name>.wire.txt`. Its subject is a
/// real socket: each exchange waits on loopback (generous timeouts, never a sleep).
/// The suites that replay at the wire level in this process, one at a time: each scenario's folder
/// lives while it runs, and `theCorpusPassesAtTheWireWithOneGolden` checks that none is left.
@Suite(.serialized) enum AtTheWire {}

extension AtTheWire {
    @Suite(.serialized) struct WireLevelTests {
        static func run(_ entries: [FixtureCatalog.Entry], catalog: FixtureCatalog, lanes: Int = 4) -> RunReport {
            let runner = ConformanceRunner(
                catalog: catalog, features: TestFeatures.replayer.features, recordMode: .never, isCI: true)
            let features = runner.features
            return runner.run(
                entries, lanes: lanes, make: { ReferenceImplementation(features: features, level: .wire) })
        }

        @Test func theCorpusPassesAtTheWireWithOneGolden() throws {
            let catalog = try #require(Corpus.catalog)
            let report = Self.run(Corpus.entries, catalog: catalog)
            let failures = report.results.filter(\.failsTheRun).map { "\($0.id): \($0.outcome.message)" }
            #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
            // Every refusal names the step, its line and the reason; the timer makes no requests.
            let skipped = report.results.filter { $0.outcome.kind == .skipped }
            for result in skipped {
                let reason = result.outcome.message
                #expect(reason.hasPrefix("not run at the wire level: "), "\(result.id): \(reason)")
                if result.feature != "timer" {
                    #expect(
                        reason.contains("has no wire form") || reason.contains("runs as root"),
                        "\(result.id): \(reason)")
                }
            }
            #expect(
                skipped.filter { $0.feature == "timer" }.count == Corpus.entries.filter { $0.feature == "timer" }.count)
            let run = report.results.filter { $0.outcome.kind == .passed }
            #expect(run.count > 200, "the wire level runs most of the corpus: \(run.count)")
            let left =
                (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path))?
                .filter { $0.hasPrefix("conformance-wire-\(ProcessInfo.processInfo.processIdentifier)-") } ?? []
            #expect(left.isEmpty, "no scenario leaves its folder behind: \(left)")
        }

        /// A scenario copied to a folder of its own, with its golden and its wire transcript.
        static func copy(_ id: String) throws -> (catalog: FixtureCatalog, entry: FixtureCatalog.Entry, folder: URL) {
            let entry = try #require(Corpus.entries.first { $0.id == id })
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString)")
            let feature = folder.appendingPathComponent(entry.feature)
            try FileManager.default.createDirectory(at: feature, withIntermediateDirectories: true)
            for url in [entry.scenarioURL, entry.goldenURL, entry.wireURL] {
                try FileManager.default.copyItem(at: url, to: feature.appendingPathComponent(url.lastPathComponent))
            }
            let catalog = FixtureCatalog(root: folder)
            let copied = try #require(try catalog.entries().first)
            return (catalog, copied, folder)
        }

        @Test func aWireTranscriptThatDiffersFailsNamingItsFile() throws {
            let (catalog, entry, folder) = try Self.copy("news/headlines-refresh-during-load-more")
            defer { try? FileManager.default.removeItem(at: folder) }
            let text = try String(contentsOf: entry.wireURL, encoding: .utf8)
            #expect(text.contains("-> cancelled"))
            try text.replacingOccurrences(of: "-> cancelled", with: "-> 200").write(
                to: entry.wireURL, atomically: true, encoding: .utf8)
            let result = try #require(Self.run([entry], catalog: catalog, lanes: 1).results.first)
            guard case .failed(let message) = result.outcome else {
                Issue.record("expected a failure, got \(result.outcome)")
                return
            }
            #expect(message.contains("headlines-refresh-during-load-more.wire.txt"), "\(message)")
            #expect(message.contains("cancelled"), "the diff shows the line: \(message)")
        }

        /// A wire run that differs names the command that mends it, `record --wire` (a plain
        /// `record` leaves the `.wire.txt` as it was), whether the golden or the wire transcript differs.
        @Test(arguments: [false, true]) func aWireFailureNamesRecordDashDashWire(wireDiffers: Bool) throws {
            let (catalog, entry, folder) = try Self.copy("kittens/refresh-while-loading")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = wireDiffers ? entry.wireURL : entry.goldenURL
            try (try String(contentsOf: url, encoding: .utf8) + "a line that is not there\n").write(
                to: url, atomically: true, encoding: .utf8)
            let runner = ConformanceRunner(
                catalog: catalog, features: TestFeatures.replayer.features, commandName: "conformance",
                recordMode: .never, isCI: true)
            let features = runner.features
            let result = try #require(
                runner.run([entry], lanes: 1, make: { ReferenceImplementation(features: features, level: .wire) })
                    .results.first)
            #expect(result.outcome.kind == .failed, "\(result.outcome)")
            #expect(
                result.outcome.message.contains(
                    "re-record with `swift run conformance record --wire kittens/refresh-while-loading --fixtures "),
                "\(result.outcome.message)")
        }

        /// `record --wire` (record mode all) says that it rewrote the `.wire.txt` as well as the golden.
        @Test func recordingAtTheWireNamesTheWireTranscriptItWrote() throws {
            let (catalog, entry, folder) = try Self.copy("kittens/refresh-while-loading")
            defer { try? FileManager.default.removeItem(at: folder) }
            let before = try Data(contentsOf: entry.wireURL)
            try "stale\n".write(to: entry.wireURL, atomically: true, encoding: .utf8)
            let runner = ConformanceRunner(
                catalog: catalog, features: TestFeatures.replayer.features, recordMode: .all, isCI: false)
            let features = runner.features
            let result = try #require(
                runner.run([entry], lanes: 1, make: { ReferenceImplementation(features: features, level: .wire) })
                    .results.first)
            #expect(result.outcome.kind == .recorded, "\(result.outcome)")
            let message = result.outcome.message
            #expect(
                message.hasPrefix("re-recorded \(catalog.displayPath(entry.goldenURL)) (record mode all; unchanged)\n"),
                "\(message)")
            #expect(
                message.contains("\nre-recorded \(catalog.displayPath(entry.wireURL)); it differed:\n"), "\(message)")
            #expect(message.hasSuffix("\nrun again to verify it") && !message.hasPrefix("run again"))
            #expect(message.components(separatedBy: "run again to verify it").count == 2, "said once: \(message)")
            #expect(try Data(contentsOf: entry.wireURL) == before)
        }

        @Test func aMissingWireTranscriptFailsAndNothingIsWritten() throws {
            let (catalog, entry, folder) = try Self.copy("kittens/refresh-while-loading")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.removeItem(at: entry.wireURL)
            let result = try #require(Self.run([entry], catalog: catalog, lanes: 1).results.first)
            #expect(result.outcome.kind == .failed, "\(result.outcome)")
            #expect(!FileManager.default.fileExists(atPath: entry.wireURL.path), "CI never writes a golden")
        }

        @Test func theSameResultTwentyTimesOver() throws {
            // The scenarios whose exchanges end every way: cancelled, reset, timed out, unanswered, 304.
            let ids = [
                "kittens/network-failure-kinds", "kittens/refresh-while-loading",
                "news/headlines-refresh-during-load-more",
            ]
            let entries = Corpus.entries.filter { ids.contains($0.id) }
            #expect(entries.count == ids.count)
            let catalog = try #require(Corpus.catalog)
            // Twenty rounds at once, six scenarios at a time: each scenario has a server, a client
            // and a folder of its own, so none may see another's exchanges. One at a time, the
            // rounds spent twenty seconds waiting out the timed-out exchange's one-second timeout.
            let rounds = Array(repeating: entries, count: 20).flatMap { $0 }
            let report = Self.run(rounds, catalog: catalog, lanes: 6)
            #expect(report.results.count == 60)
            let failed = report.results.enumerated().filter { $0.element.outcome.kind != .passed }
                .map { "round \($0.offset / entries.count + 1): \($0.element.id) \($0.element.outcome)" }
            #expect(failed.isEmpty, "\(failed.joined(separator: "\n"))")
        }
    }
}
