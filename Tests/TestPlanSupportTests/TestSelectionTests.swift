import Foundation
import TestPlanSupport
import Testing

@Suite struct TestSelectionTests {
    @Test func bothFormsSelectTheSameTests() throws {
        let old = #"{"testTargets": [{"target": {"name": "T"}, "skippedTests": ["HTTPTests", "Other/one()"]}]}"#
        let new = #"""
            {"testTargets": [{"target": {"name": "T"}, "skippedTests": {"suites": [
                {"name": "HTTPTests"}, {"name": "Other", "testFunctions": ["one()"]}]}}]}
            """#
        let oldPlan = try TestPlan.parse(Data(old.utf8), name: "P", file: "P.xctestplan")
        let newPlan = try TestPlan.parse(Data(new.utf8), name: "P", file: "P.xctestplan")
        #expect(oldPlan == newPlan)
        #expect(newPlan.targets[0].skippedTests == ["HTTPTests", "Other/one()"])
        #expect(!newPlan.includes("T.Other/one()"))
        #expect(newPlan.includes("T.Other/two()"))
    }

    @Test func nestedSuitesAndXCTestClassesBecomePaths() throws {
        let value: [String: Any] = [
            "suites": [["name": "Outer", "testFunctions": ["a()"], "suites": [["name": "Inner"]]]],
            "xctestClasses": [["name": "LegacyTests", "xctestMethods": ["testOne()"]], ["name": "WholeCase"]],
        ]
        #expect(
            try TestSelection.entries(from: value, at: "here") == [
                "Outer/a()", "Outer/Inner", "LegacyTests/testOne()", "WholeCase",
            ])
    }

    @Test func theXcode16ObjectGroupsFunctionsUnderTheirSuite() throws {
        let entries = ["HTTPTests", "Other/one()", "Other/two()", "Outer/Inner/deep()"]
        let object = TestSelection.xcode16Object(for: entries)
        #expect(
            XcodeJSON.render(object) == """
                {
                  "suites" : [
                    {
                      "name" : "HTTPTests"
                    },
                    {
                      "name" : "Other",
                      "testFunctions" : [
                        "one()",
                        "two()"
                      ]
                    },
                    {
                      "name" : "Outer",
                      "suites" : [
                        {
                          "name" : "Inner",
                          "testFunctions" : [
                            "deep()"
                          ]
                        }
                      ]
                    }
                  ]
                }

                """)
        #expect(try TestSelection.entries(from: object, at: "here") == entries)
    }
}
