import ConformanceKit
import Foundation
import TestPlanSupport
import Testing

/// The reports tools parse: JUnit XML in the junit-10.xsd shape, a versioned JSON report, artifacts.
@Suite struct ReportTests {
    /// One passing, one failing and one malformed scenario, with all three reports and artifacts.
    private struct MixedRun {
        let fixtures: TemporaryFixtures
        let run: CommandRun
        let junit: URL
        let json: URL
        let artifacts: URL

        init(extra: [String] = [], environment: [String: String] = [:]) throws {
            fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
            let kittens = fixtures.root.appendingPathComponent("kittens")
            try scenario(#"{"event": "create"}"#).replacingOccurrences(of: "kittens/x", with: "kittens/y")
                .write(to: kittens.appendingPathComponent("y.jsonl"), atomically: true, encoding: .utf8)
            try "# kittens/y\n# d\n> 1 create\n  request #1 load(limit: 50, page: 9)\n"
                .write(to: kittens.appendingPathComponent("y.golden.txt"), atomically: true, encoding: .utf8)
            try scenario(#"{"event": "jump"}"#).replacingOccurrences(of: "kittens/x", with: "kittens/z")
                .write(to: kittens.appendingPathComponent("z.jsonl"), atomically: true, encoding: .utf8)
            let base = fixtures.root.deletingLastPathComponent()
            junit = base.appendingPathComponent("report.xml")
            json = base.appendingPathComponent("report.json")
            artifacts = base.appendingPathComponent("artifacts")
            run = CommandRun(
                ["run", "--record", "never", "--junit", junit.path, "--json", json.path] + extra, fixtures: fixtures,
                environment: environment)
        }
    }

    @Test func junitHasTheAttributesOfTheSchemaAndSeparatesErrorsFromFailures() throws {
        let mixed = try MixedRun()
        #expect(mixed.run.status == 1)
        // Parsed with the package's XML reader (XMLParser, streaming), as a CI service would read it.
        let root = try SchemeElement.parse(try Data(contentsOf: mixed.junit), file: mixed.junit.path)
        #expect(root.name == "testsuites")
        let suites = root.all("testsuite")
        #expect(suites.count == 1)
        let suite = try #require(suites.first)
        #expect(suite.attributes["name"] == "kittens")
        #expect(suite.attributes["tests"] == "3")
        #expect(suite.attributes["failures"] == "1")
        #expect(suite.attributes["errors"] == "1")
        #expect(suite.attributes["skipped"] == "0")
        #expect(Double(suite.attributes["time"] ?? "") != nil)
        let cases = suite.all("testcase")
        #expect(cases.map { $0.attributes["name"] } == ["kittens/x", "kittens/y", "kittens/z"])
        for testcase in cases {
            #expect(testcase.attributes["classname"] == "kittens")
            #expect(Double(testcase.attributes["time"] ?? "") != nil)
            #expect(
                testcase.attributes["file"]?.hasPrefix("\(mixed.fixtures.root.path)/kittens/") == true,
                "the folder in use, as given")
        }
        #expect(cases[0].children.isEmpty)
        #expect(cases[1].all("failure").count == 1)
        #expect(cases[1].all("error").isEmpty)
        #expect(cases[2].all("error").count == 1)
        #expect(
            cases[2].first("error")?.attributes["message"]?.hasPrefix("\(mixed.fixtures.root.path)/kittens/z.jsonl:2:")
                == true)
    }

    @Test func theJSONReportHasItsVersionCountsDurationsShardAndFirstDifference() throws {
        let mixed = try MixedRun(extra: ["--shard", "1/1"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: mixed.json)) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        let counts = try #require(object["counts"] as? [String: Int])
        #expect(counts == ["passed": 1, "failed": 1, "errored": 1, "recorded": 0, "skipped": 0, "total": 3])
        #expect(object["durationSeconds"] is Double || object["durationSeconds"] is Int)
        #expect(object["shard"] as? [String: Int] == ["index": 1, "count": 1])
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["outcome"] as? String } == ["passed", "failed", "errored"])
        #expect(scenarios[1]["firstDifference"] as? [String: Int] == ["step": 1, "scenarioLine": 2, "goldenLine": 4])
        #expect(scenarios[0]["firstDifference"] == nil)
        #expect(
            scenarios.allSatisfy {
                $0["durationSeconds"] != nil && $0["steps"] != nil && $0["id"] != nil && $0["message"] != nil
            })
    }

    @Test func artifactsHoldEachFailingTranscriptUnderItsGoldensPath() throws {
        for viaEnvironment in [false, true] {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("artifacts-\(UUID().uuidString)")
            let mixed = try MixedRun(
                extra: viaEnvironment ? [] : ["--artifacts", base.path],
                environment: viaEnvironment ? ["CONFORMANCE_ARTIFACTS": base.path] : [:])
            #expect(mixed.run.status == 1)
            let written = try FileManager.default.subpathsOfDirectory(atPath: base.path).sorted()
            #expect(
                written == ["kittens", "kittens/y.golden.txt"], "only the failing transcript, under its golden's path")
            #expect(
                try String(contentsOf: base.appendingPathComponent("kittens/y.golden.txt"), encoding: .utf8)
                    == "# kittens/y\n# d\n> 1 create\n  request #1 load(limit: 50, page: 0)\n")
        }
    }
}
