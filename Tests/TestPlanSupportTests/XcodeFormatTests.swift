import Foundation
import TestPlanSupport
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let schemePath = ".swiftpm/xcode/xcshareddata/xcschemes/MVIConformance-Package.xcscheme"

/// The plans and scheme are checked here against Xcode's format, since CI's Linux jobs have no Xcode.
@Suite struct XcodeFormatTests {
    /// Fails with what to add when a new test target is missing from the plans or the scheme.
    @Test func thePackagesPlansAndSchemeAreValidForXcode() throws {
        let check = try XcodePackageCheck.load(packageRoot: packageRoot, schemePath: schemePath)
        #expect(
            check.plans.map(\.path) == [
                "TestPlans/All.xctestplan", "TestPlans/Conformance.xctestplan", "TestPlans/Integration.xctestplan",
                "TestPlans/Unit.xctestplan",
            ])
        #expect(check.testTargets.contains("TestPlanSupportTests"))
        // One issue per problem, each saying what to add and where.
        for problem in check.problems() { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func aNewTestTargetIsReportedWithTheExactEntriesToAdd() throws {
        let real = try XcodePackageCheck.load(packageRoot: packageRoot, schemePath: schemePath)
        let check = XcodePackageCheck(
            plans: real.plans, scheme: real.scheme, testTargets: real.testTargets + ["PlannedFeatureTests"])
        let problems = check.problems()
        let entry = """
            {
              "target" : {
                "containerPath" : "container:",
                "identifier" : "PlannedFeatureTests",
                "name" : "PlannedFeatureTests"
              }
            }
            """
        #expect(problems.count == 3)
        #expect(
            problems.contains(
                "TestPlans/All.xctestplan: test target PlannedFeatureTests is missing. Add this entry to its \"testTargets\" array:\n"
                    + entry))
        #expect(
            problems.contains {
                $0.hasPrefix("test target PlannedFeatureTests is in no plan but All.") && $0.hasSuffix(entry)
                    && $0.contains("TestPlans/Unit.xctestplan")
            })
        #expect(
            problems.contains(
                "\(schemePath): test target PlannedFeatureTests is not built for testing. Add this inside <BuildActionEntries>:\n"
                    + SchemeElement.testTargetBuildEntry("PlannedFeatureTests")))
        #expect(
            SchemeElement.testTargetBuildEntry("PlannedFeatureTests").contains(
                #"BlueprintIdentifier = "PlannedFeatureTests""#))
    }

    @Test(arguments: [
        (
            #"{"testTargets": [{"target": {"containerPath": "container:", "identifier": "A", "name": "A"}, "skippedTests": ["S"]}]}"#,
            "P.xctestplan: testTargets[0].skippedTests is in the Xcode 15 form; Xcode 16 writes it as {\n  \"suites\" : [\n    {\n      \"name\" : \"S\"\n    }\n  ]\n}"
        ),
        (
            #"{"testTargets": [{"target": {"containerPath": "container:Other", "identifier": "A", "name": "A"}}]}"#,
            #"P.xctestplan: testTargets[0].target.containerPath: expected "container:" (the package itself)"#
        ),
        (
            #"{"testTargets": [{"target": {"containerPath": "container:", "identifier": "X", "name": "A"}}]}"#,
            #"P.xctestplan: testTargets[0].target: "identifier" and "name" must both be the test target's name"#
        ),
        (
            #"{"testTargets": [{"target": {"containerPath": "container:", "identifier": "Gone", "name": "Gone"}}]}"#,
            #"P.xctestplan: testTargets[0].target.name: "Gone" is not a test target of the package (they are A)"#
        ),
        (
            #"{"testTargets": [{"target": {"containerPath": "container:", "identifier": "A", "name": "A"}, "skip": []}]}"#,
            #"P.xctestplan: testTargets[0]: unknown field "skip""#
        ),
        (#"{"testTargets": []}"#, #"P.xctestplan: field "testTargets": expected a non-empty array of objects"#),
    ])
    func planProblemsNameTheField(targets: String, message: String) {
        let json =
            #"{"configurations": [{"id": "6F1C2A0E-3B7D-4C59-9E48-2A7D5B0C1F36", "name": "Default", "options": {}}], "#
            + #""defaultOptions": {}, "version": 1, "# + targets.dropFirst()
        #expect(XcodePlanFormat.problems(in: Data(json.utf8), file: "P.xctestplan", testTargets: ["A"]) == [message])
    }

    @Test func configurationsNeedUpperCaseUniqueIdsAndTheVersion() {
        let json = #"""
            {"configurations": [{"id": "not-a-uuid", "name": "Default", "options": {}}, {"name": "", "options": 1, "id": "6f1c2a0e-3b7d-4c59-9e48-2a7d5b0c1f36"}],
             "defaultOptions": {}, "version": 2, "testTargets": [{"target": {"containerPath": "container:", "identifier": "A", "name": "A"}}]}
            """#
        #expect(
            XcodePlanFormat.problems(in: Data(json.utf8), file: "P.xctestplan", testTargets: ["A"]) == [
                #"P.xctestplan: field "version": expected 1"#,
                #"P.xctestplan: configurations[0].id: expected an upper-case UUID such as "6F1C2A0E-3B7D-4C59-9E48-2A7D5B0C1F36", got "not-a-uuid""#,
                #"P.xctestplan: configurations[1].id: expected an upper-case UUID such as "6F1C2A0E-3B7D-4C59-9E48-2A7D5B0C1F36", got "6f1c2a0e-3b7d-4c59-9e48-2a7d5b0c1f36""#,
                "P.xctestplan: configurations[1].name: expected a name",
                "P.xctestplan: configurations[1].options: expected an object",
            ])
    }

    @Test func aPlanNotLaidOutAsXcodeWritesItIsReportedAtTheLine() throws {
        let plan = try Data(contentsOf: packageRoot.appendingPathComponent("TestPlans/Conformance.xctestplan"))
        let compact = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: plan))
        let problems = XcodePlanFormat.problems(in: compact, file: "C.xctestplan", testTargets: ["ConformanceKitTests"])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("C.xctestplan:1: not laid out as Xcode writes it") == true)
        #expect(XcodePlanFormat.problems(in: plan, file: "C.xctestplan", testTargets: ["ConformanceKitTests"]).isEmpty)
    }

    @Test func schemeProblemsSayWhatToChange() throws {
        let real = try XcodePackageCheck.load(packageRoot: packageRoot, schemePath: schemePath)
        let text = String(decoding: real.scheme.data, as: UTF8.self)
        func problems(_ scheme: String) -> [String] {
            XcodePackageCheck(
                plans: real.plans, scheme: .init(path: "S.xcscheme", data: Data(scheme.utf8)),
                testTargets: real.testTargets
            ).problems()
        }
        let noIntegration = text.replacingOccurrences(
            of: "container:TestPlans/Integration.xctestplan", with: "container:TestPlans/Old.xctestplan")
        #expect(
            problems(noIntegration) == [
                "S.xcscheme: <TestAction> does not list TestPlans/Integration.xctestplan. Add inside <TestPlans>:\n"
                    + "         <TestPlanReference\n            reference = \"container:TestPlans/Integration.xctestplan\">\n         </TestPlanReference>",
                #"S.xcscheme: <TestPlanReference reference = "container:TestPlans/Old.xctestplan"> names no plan under TestPlans/"#,
            ])
        let noDefault = text.replacingOccurrences(of: #"default = "YES""#, with: #"default = "NO""#)
        #expect(
            problems(noDefault) == [
                #"S.xcscheme: exactly one <TestPlanReference> must be default = "YES", the Unit plan; found none"#
            ])
        let badContainer = text.replacingOccurrences(
            of: #"ReferencedContainer = "container:">"#, with: #"ReferencedContainer = "container:X.xcodeproj">"#)
        #expect(
            problems(badContainer).first?.hasPrefix("S.xcscheme: BuildActionEntry 1: a package target is referenced as")
                == true)
        #expect(problems("<Scheme>").first?.hasPrefix("S.xcscheme:1:") == true)
    }
}
