import FixtureFormat
import Foundation
import ReplaySeam
import Testing

@testable import ConformanceCLI
@testable import ConformanceFuzzing
@testable import ConformanceKit

/// A shrunk finding fails as the original did, for every kind of failure (issue 49, item 3): the
/// shrinker keeps a smaller scenario only if it fails, as written, the same way, and the message
/// names the written scenario's own steps and requests. One fault planted in the todos feature per kind.
@Suite struct FuzzerFaultTests {
    /// The first finding from seed 1 on, with `fault` planted in the reference (or, for
    /// `diverged`, in the port the unbroken reference is checked against).
    static func finding(_ fault: TodosFeature.Fault) throws -> (Fuzzer, Fuzzer.Finding) {
        let port =
            fault == .miscounts ? PlantedPort(features: FeatureRegistry([TodosFeature.module(fault: fault)])) : nil
        let features = FeatureRegistry([TodosFeature.module(fault: fault == .miscounts ? nil : fault)])
        let fuzzer = Fuzzer(features: features, corpus: [], port: port, maxSteps: 30)
        for seed in UInt64(1)...60 {
            if let finding = fuzzer.check(feature: "todos", seed: seed, shrinkFor: 60) { return (fuzzer, finding) }
        }
        throw FindingMissing(fault: fault)
    }

    struct FindingMissing: Error { let fault: TodosFeature.Fault }

    /// The fixture's lines read back as the fuzzer's scenario: header and events.
    static func readBack(_ text: String) throws -> (header: JSONObject, events: [JSONObject]) {
        let objects = try text.split(separator: "\n").map { line -> JSONObject in
            guard case .object(let object) = try JSONValue.parse(String(line)) else {
                throw FindingMissing(fault: .errored)
            }
            return object
        }
        return (objects[0], Array(objects.dropFirst()))
    }

    @Test(arguments: [
        (TodosFeature.Fault.endlessRetry, Fuzzer.Failure.Kind.pending),
        (.nondeterministic, .nondeterministic),
        (.unbounded, .unbounded),
        (.errored, .errored),
        (.miscounts, .diverged),
    ])
    func aShrunkFindingFailsAsWrittenAsTheOriginalDid(fault: TodosFeature.Fault, kind: Fuzzer.Failure.Kind) throws {
        let (fuzzer, finding) = try Self.finding(fault)
        #expect(finding.found.kind == kind, "\(finding.found)")
        #expect(finding.failure.kind == kind, "\(finding.failure)")
        #expect(finding.shrunk.count <= finding.original.count)
        let fixture = try #require(fuzzer.fixture(finding))
        let written = try Self.readBack(fixture.scenario)
        guard case .failed(let again) = fuzzer.judge(header: written.header, events: written.events) else {
            Issue.record("the written finding does not fail: \(fixture.scenario)")
            return
        }
        #expect(again.kind == kind, "\(again)")
        #expect(again == finding.failure, "the message is the written scenario's own")
    }

    /// The endless retry: the written finding holds the answers that keep it going (it once held
    /// only `create`, and replayed green), and its message names requests the fixture makes.
    @Test func anEndlessRetryIsWrittenWithTheAnswersThatShowIt() throws {
        let (fuzzer, finding) = try Self.finding(.endlessRetry)
        let responds = finding.shrunk.filter { $0["event"] == "respond" }
        #expect(responds.count >= 6, "\(finding.shrunk.map { JSONValue.object($0).compactText })")
        let fixture = try #require(fuzzer.fixture(finding))
        let last = try #require(finding.failure.message.firstMatch(of: /request #(\d+) is neither/)).output.1
        #expect(
            fixture.golden.contains("  request #\(last) load()\n"),
            "the fixture makes request #\(last): \(fixture.golden)")
        #expect(!fixture.golden.contains("  request #\(Int(last)! + 1) "), "and no later one")
        #expect(finding.failure.message.contains("6 rounds of answers"), "\(finding.failure.message)")
    }

    /// `fuzz --check` judges a written finding again from its file: it fails as found while the
    /// fault is there, and the command says so with status 1.
    @Test func fuzzCheckJudgesAWrittenFindingAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("findings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = ConformanceCommand(features: FeatureRegistry([TodosFeature.module(fault: .endlessRetry)]))
        func run(_ command: ConformanceCommand, _ arguments: [String]) -> (status: Int32, out: String, err: String) {
            var out = ""
            var err = ""
            let io = ConformanceCommand.IO(out: { out += $0 }, err: { err += $0 }, isTerminal: false, environment: [:])
            let status = command.run(arguments, io: io)
            return (status, out, err)
        }
        let found = run(broken, ["fuzz", "--seed", "1", "--runs", "60", "--out", folder.path])
        #expect(found.status == 1, "\(found.out)\(found.err)")
        let written = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("todos").path).first {
                $0.hasSuffix(".jsonl")
            })
        let file = folder.appendingPathComponent("todos/" + written).path
        let again = run(broken, ["fuzz", "--check", file])
        #expect(again.status == 1)
        #expect(again.out.hasPrefix("FAIL  \(file): pending at step "), "\(again.out)\(again.err)")
        #expect(run(broken, ["fuzz", "--check"]).err.contains("--check needs the scenario files to judge"))
    }
}
