import ConformanceFuzzing
import ConformanceKit
import ConformanceWire
import FixtureFormat
import Foundation
import ReferenceFeatures
import Testing

/// Subject: ports at the wire level (docs/porting.md, "The wire level"): a real child process whose
/// own HTTP client talks to the runner's mock server over loopback, judged by the goldens and the
/// wire transcripts. Timeouts are generous (a loaded 2-core machine); nothing sleeps here.
extension AtTheWire {
    @Suite(.serialized, .enabled(if: PortFixtures.python != nil, "the Python port needs python3 on PATH"))
    struct PortWireTests {
        /// Runs `entries` of the corpus at the wire level on the port `command`.
        static func run(_ command: String, _ entries: [FixtureCatalog.Entry], lanes: Int = 2) -> RunReport {
            let runner = ConformanceRunner(catalog: PortFixtures.corpus, features: .reference, isCI: true, timeout: 120)
            let root = PortFixtures.root
            return runner.run(
                entries, lanes: lanes,
                make: { AdapterImplementation(command: command, directory: root, level: .wire, features: .reference) },
                command: command)
        }

        /// The whole corpus through the port's own HTTP client: under a sanitizer it checks the
        /// port, not our memory (WireLevelTests runs the corpus at the wire there), so it runs in the
        /// plain test stage and CI/ports.sh.
        @Test(
            .disabled(
                if: FuzzerTests.underSanitizer,
                "runs in the plain test stage: under a sanitizer it checks the port, not our memory"))
        func thePythonPortPassesEveryScenarioTheReferencePassesAtTheWire() throws {
            let entries = try PortFixtures.corpus.entries()
            let runner = ConformanceRunner(catalog: PortFixtures.corpus, features: .reference, isCI: true)
            let reference = runner.run(
                entries, lanes: 4, make: { ReferenceImplementation(features: .reference, level: .wire) })
            let passedByTheReference = Set(reference.results.filter { $0.outcome == .passed }.map(\.id))
            #expect(passedByTheReference.count > 200, "the wire level runs most of the corpus")

            let port = Self.run(PortFixtures.portCommand, entries)
            #expect(port.implementation?.name == "python-port")
            let notPassed = port.results.filter { passedByTheReference.contains($0.id) && $0.outcome != .passed }
                .map { "\($0.id): \($0.outcome.message)" }
            #expect(notPassed.isEmpty, "\(notPassed.joined(separator: "\n"))")
            // What the reference does not run at the wire (no wire form, no requests), the port does not either.
            let skipped = Set(port.results.filter { $0.outcome.kind == .skipped }.map(\.id))
            #expect(skipped == Set(entries.map(\.id)).subtracting(passedByTheReference))
            #expect(port.passes, "\(port.summary)")
        }

        @Test func aPortWithoutTheWireLevelIsSkippedWithAMessage() throws {
            let command = try PortFixtures.brokenCopy(
                file: "mviport/protocol.py", replacing: "    \"wire\": True,\n", with: "")
            let entries = try PortFixtures.entries(
                ["kittens/refresh-while-loading", "news/headlines-first-page"], in: PortFixtures.corpus)
            #expect(entries.count == 2)
            let report = Self.run(command, entries, lanes: 1)
            for result in report.results {
                #expect(
                    result.outcome
                        == .skipped(
                            "not run at the wire level: the port has no wire level (its start answer has no "
                                + "\"wire\": true; docs/porting.md, \"The wire level\")", declared: false),
                    "\(result.id): \(result.outcome)")
            }
            #expect(report.counts.skipped == 2)
            #expect(report.passes, "a port need not run at the wire level: its skips are counted, not failed")
        }

        @Test func aPortWhoseClientSendsAnotherHeaderFailsNamingTheWireTranscript() throws {
            // Kittens' data source sends `Accept: application/json` (kittens.46); this copy sends `*/*`.
            let command = try PortFixtures.brokenCopy(
                file: "mviport/wire.py", replacing: "{\"Accept\": \"application/json\"}, read,\n",
                with: "{\"Accept\": \"*/*\"}, read,\n")
            let entries = try PortFixtures.entries(["kittens/refresh-while-loading"], in: PortFixtures.corpus)
            let result = try #require(Self.run(command, entries, lanes: 1).results.first)
            guard case .failed(let message) = result.outcome else {
                Issue.record("expected a failure, got \(result.outcome)")
                return
            }
            #expect(message.contains("Fixtures/kittens/refresh-while-loading.wire.txt"), "\(message)")
            #expect(message.contains("Accept: */*"), "the diff shows the header sent: \(message)")
            #expect(message.contains("Accept: application/json"), "and the one expected: \(message)")
        }

        /// The runner stages every answer on the scenario's server; a port that never releases
        /// exchange n at `respond #n` waits for an answer that never comes, and is stopped at the
        /// scenario's time limit, named.
        @Test func aPortThatDoesNotReleaseItsAnswersIsStoppedAtTheTimeLimit() throws {
            let command = try PortFixtures.brokenCopy(
                file: "mviport/engine.py", replacing: "            self._wire.release(request.exchange)\n",
                with: "")
            let entries = try PortFixtures.entries(["kittens/refresh-while-loading"], in: PortFixtures.corpus)
            let runner = ConformanceRunner(catalog: PortFixtures.corpus, features: .reference, isCI: true, timeout: 3)
            let port = AdapterImplementation(
                command: command, directory: PortFixtures.root, level: .wire, features: .reference)
            let result = try #require(runner.run(entries, on: port).results.first)
            #expect(result.outcome.kind == .errored)
            #expect(
                result.outcome.message.hasPrefix(
                    "Fixtures/kittens/refresh-while-loading.jsonl: no reply within the scenario's timeout of 3 s: "
                        + "the port \"python3 -B "), "\(result.outcome.message)")
        }

        /// The reference's adapter declares the level and reads the scenario's `wire` object,
        /// refusing one it cannot use with the field's name.
        @Test(arguments: [
            (#"{"baseURL":"http://example.com","apiKey":"k","timeoutSeconds":1}"#, "wire.baseURL"),
            (#"{"baseURL":"http://127.0.0.1:9","apiKey":"","timeoutSeconds":1}"#, "wire.apiKey"),
            (#"{"baseURL":"http://127.0.0.1:9","apiKey":"k","timeoutSeconds":0}"#, "wire.timeoutSeconds"),
            (#"[]"#, "wire"),
        ])
        func theReferenceAdapterRefusesAWireObjectItCannotUse(wire: String, field: String) throws {
            let header = #"{"format":1,"id":"kittens/x","feature":"kittens","description":"d"}"#
            var input = [
                #"{"cmd":"start","seq":1,"version":2}"#,
                #"{"cmd":"run","seq":2,"header":\#(header),"events":[{"event":"create"}],"wire":\#(wire)}"#,
            ][...]
            var replies: [String] = []
            ReferenceAdapter(features: .reference, level: .wire).serve(
                readLine: { input.popFirst() }, write: { replies.append($0) })
            #expect(replies.count == 2)
            #expect(replies.first?.contains(#""wire":true"#) == true, "\(replies)")
            #expect(replies.last?.contains(#""errored":{"step":0,"#) == true, "\(replies)")
            #expect(replies.last?.contains(#"field \"\#(field)\""#) == true, "\(replies)")
        }
    }
}
