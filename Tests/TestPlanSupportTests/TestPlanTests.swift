import Foundation
import TestPlanSupport
import Testing

private func plan(_ json: String, name: String = "P") throws -> TestPlan {
    try TestPlan.parse(Data(json.utf8), name: name, file: "\(name).xctestplan")
}

@Suite struct TestPlanTests {
    let unit =
        #"{"testTargets": [{"target": {"name": "CoreTests"}}, {"target": {"name": "FeatureTests"}, "skippedTests": ["HTTPTests"]}]}"#
    let integration =
        #"{"testTargets": [{"target": {"name": "FeatureTests"}, "selectedTests": ["HTTPTests", "Other/one()"]}]}"#

    @Test func includesFollowsTargetsSelectionsAndSkips() throws {
        let unitPlan = try plan(unit)
        #expect(unitPlan.includes("CoreTests.StoreTests/a()"))
        #expect(unitPlan.includes("FeatureTests.ParserTests/b()"))
        #expect(!unitPlan.includes("FeatureTests.HTTPTests/c()"))
        #expect(
            unitPlan.includes("FeatureTests.HTTPTestsExtra/c()"), "skipping a suite does not skip a longer suite name")
        #expect(!unitPlan.includes("OtherTests.X/y()"))
        let integrationPlan = try plan(integration)
        #expect(integrationPlan.includes("FeatureTests.HTTPTests/c()"))
        #expect(integrationPlan.includes("FeatureTests.Other/one()"))
        #expect(!integrationPlan.includes("FeatureTests.Other/two()"))
    }

    @Test func swiftTestArgumentsSelectExactlyThePlan() throws {
        #expect(
            try plan(unit).swiftTestArguments == [
                "--filter", "^CoreTests\\.", "--filter", "^FeatureTests\\.", "--skip", "^FeatureTests\\.HTTPTests(/|$)",
            ])
        #expect(
            try plan(integration).swiftTestArguments == [
                "--filter", "^FeatureTests\\.HTTPTests(/|$)", "--filter", "^FeatureTests\\.Other/one\\(\\)(/|$)",
            ])
    }

    @Test func disabledTargetsRunNothing() throws {
        let disabled = try plan(#"{"testTargets": [{"target": {"name": "CoreTests"}, "enabled": false}]}"#)
        #expect(!disabled.includes("CoreTests.A/b()"))
        #expect(disabled.swiftTestArguments.isEmpty)
    }

    @Test func coverageReportsOrphansAndStaleEntries() throws {
        let tests = ["CoreTests.A/a()", "FeatureTests.HTTPTests/c()", "FeatureTests.ParserTests/b()", "NewTests.X/y()"]
        let coverage = PlanCoverage(
            plans: [try plan(unit, name: "Unit"), try plan(integration, name: "Integration")], tests: tests)
        #expect(coverage.orphans == ["NewTests.X/y()"])
        #expect(coverage.staleEntries == ["Integration: FeatureTests/Other/one() matches no test"])
        #expect(!coverage.isComplete)
    }

    @Test(arguments: [
        ("[]", "P.xctestplan: not a JSON object"),
        (#"{"testTargets": 1}"#, #"P.xctestplan: field "testTargets": expected an array of objects"#),
        (
            #"{"testTargets": [{"target": {}}]}"#,
            "P.xctestplan: testTargets[0].target.name: expected the test target's name"
        ),
        (
            #"{"testTargets": [{"target": {"name": "A"}, "skippedTests": "x"}]}"#,
            #"P.xctestplan: testTargets[0].skippedTests: expected an array of strings (Xcode 15) or an object with "suites" or "xctestClasses" (Xcode 16)"#
        ),
        (
            #"{"testTargets": [{"target": {"name": "A"}, "skippedTests": {"suites": [{"nam": "S"}]}}]}"#,
            #"P.xctestplan: testTargets[0].skippedTests.suites[0]: unknown field "nam" (expected "name", "suites", "testFunctions")"#
        ),
        (
            #"{"testTargets": [{"target": {"name": "A"}, "selectedTests": {"suites": [{"name": "S", "testFunctions": "a()"}]}}]}"#,
            "P.xctestplan: testTargets[0].selectedTests.suites[0].testFunctions: expected an array of strings"
        ),
        (
            #"{"testTargets": [{"target": {"name": "A"}, "selectedTests": {"xctestClasses": [{"name": ""}]}}]}"#,
            #"P.xctestplan: testTargets[0].selectedTests.xctestClasses[0].name: expected the suite's or class's name (a non-empty string without "/")"#
        ),
    ])
    func badPlansNameTheField(json: String, message: String) {
        #expect(throws: TestPlanError(message)) { try plan(json) }
    }

    /// The package's own plans cover every test the package has (checked fully by CI's `testplan check`).
    @Test func thePackagesPlansAreValid() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("TestPlans")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".xctestplan")
        }.sorted()
        #expect(files == ["All.xctestplan", "Conformance.xctestplan", "Integration.xctestplan", "Unit.xctestplan"])
        for file in files { _ = try TestPlan.load(directory.appendingPathComponent(file)) }
    }
}
