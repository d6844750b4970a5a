import Foundation

/// Checks a package's test plans and its shared scheme together, as Xcode would read them:
/// every plan valid (see `XcodePlanFormat`), the scheme listing every plan with one default,
/// and every test target in the `All` plan, in one other plan, and built for testing by the
/// scheme. Each problem says what to add or change, and where.
public struct XcodePackageCheck: Sendable {
    /// A file as read, named by its path relative to the package root.
    public struct File: Sendable {
        public let path: String
        public let data: Data
        public init(path: String, data: Data) {
            self.path = path
            self.data = data
        }
    }

    public let plans: [File]
    public let scheme: File
    public let testTargets: [String]
    /// The plan Xcode runs when none is named (`xcodebuild test` without `-testPlan`).
    public let defaultPlan: String

    public init(plans: [File], scheme: File, testTargets: [String], defaultPlan: String = "Unit") {
        self.plans = plans
        self.scheme = scheme
        self.testTargets = testTargets
        self.defaultPlan = defaultPlan
    }

    /// Reads `TestPlans/*.xctestplan`, the scheme at `schemePath` and the test targets (every
    /// folder under `Tests/`, SwiftPM's layout) of the package at `root`.
    public static func load(packageRoot root: URL, schemePath: String) throws(TestPlanError) -> XcodePackageCheck {
        func read(_ path: String) throws(TestPlanError) -> File {
            do { return File(path: path, data: try Data(contentsOf: root.appendingPathComponent(path))) } catch {
                throw TestPlanError("\(path): cannot read: \(error.localizedDescription)")
            }
        }
        func list(_ folder: String) throws(TestPlanError) -> [String] {
            do {
                return try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                    .sorted()
            } catch {
                throw TestPlanError("\(folder): cannot list: \(error.localizedDescription)")
            }
        }
        let plans = try list("TestPlans").filter { $0.hasSuffix(".xctestplan") }
        var files: [File] = []
        for plan in plans { files.append(try read("TestPlans/\(plan)")) }
        let targets = try list("Tests").filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: root.appendingPathComponent("Tests/\(name)").path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        return XcodePackageCheck(plans: files, scheme: try read(schemePath), testTargets: targets)
    }

    /// Every problem found; empty when Xcode would accept the plans and scheme as they are.
    public func problems() -> [String] {
        var problems: [String] = []
        var planTargets: [String: Set<String>] = [:]
        for plan in plans {
            problems += XcodePlanFormat.problems(in: plan.data, file: plan.path, testTargets: Set(testTargets))
            if let parsed = try? TestPlan.parse(plan.data, name: Self.planName(plan.path), file: plan.path) {
                planTargets[parsed.name] = Set(parsed.targets.map(\.name))
            }
        }
        problems += schemeProblems()
        problems += coverageProblems(planTargets)
        return problems
    }

    static func planName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".xctestplan", with: "")
    }

    private func coverageProblems(_ planTargets: [String: Set<String>]) -> [String] {
        let others = planTargets.keys.filter { $0 != "All" }.sorted()
        var problems: [String] = []
        for target in testTargets {
            let entry = XcodeJSON.render(XcodeJSON.testTargetEntry(target)).trimmingCharacters(in: .newlines)
            if planTargets["All"]?.contains(target) != true {
                problems.append(
                    "TestPlans/All.xctestplan: test target \(target) is missing. Add this entry to its \"testTargets\" array:\n\(entry)"
                )
            }
            if !others.contains(where: { planTargets[$0]?.contains(target) == true }) {
                problems.append(
                    "test target \(target) is in no plan but All. Add this entry to the \"testTargets\" array of the plan that "
                        + "should run it (\(others.map { "TestPlans/\($0).xctestplan" }.joined(separator: ", ")); Unit unless it uses a real socket, "
                        + "session or queue):\n\(entry)")
            }
        }
        return problems
    }

    private func schemeProblems() -> [String] {
        let file = scheme.path
        let root: SchemeElement
        do { root = try SchemeElement.parse(scheme.data, file: file) } catch { return [error.description] }
        var problems: [String] = []
        if root.name != "Scheme" || root.attributes["LastUpgradeVersion"] == nil || root.attributes["version"] == nil {
            problems.append("\(file): expected a <Scheme LastUpgradeVersion = \"...\" version = \"...\"> root element")
        }
        let entries = root.first("BuildAction")?.first("BuildActionEntries")?.all("BuildActionEntry") ?? []
        var builtForTesting: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let place = "\(file): BuildActionEntry \(index + 1)"
            guard let reference = entry.first("BuildableReference") else {
                problems.append("\(place): has no <BuildableReference>")
                continue
            }
            let name = reference.attributes["BlueprintName"] ?? ""
            if reference.attributes["BuildableIdentifier"] != "primary"
                || reference.attributes["ReferencedContainer"] != "container:"
                || reference.attributes["BlueprintIdentifier"] != name || reference.attributes["BuildableName"] != name
                || name.isEmpty
            {
                problems.append(
                    "\(place): a package target is referenced as BuildableIdentifier = \"primary\", "
                        + "BlueprintIdentifier, BuildableName and BlueprintName all the target's name, ReferencedContainer = \"container:\""
                )
            }
            if entry.attributes["buildForTesting"] == "YES" { builtForTesting.insert(name) }
        }
        for target in testTargets where !builtForTesting.contains(target) {
            problems.append(
                "\(file): test target \(target) is not built for testing. Add this inside <BuildActionEntries>:\n"
                    + SchemeElement.testTargetBuildEntry(target))
        }

        let references = root.first("TestAction")?.first("TestPlans")?.all("TestPlanReference") ?? []
        let referenced = references.map { $0.attributes["reference"] ?? "" }
        let expected = plans.map { "container:\($0.path)" }
        for missing in expected where !referenced.contains(missing) {
            problems.append(
                "\(file): <TestAction> does not list \(missing.dropFirst("container:".count)). Add inside <TestPlans>:\n"
                    + "         <TestPlanReference\n            reference = \"\(missing)\">\n         </TestPlanReference>"
            )
        }
        for extra in referenced where !expected.contains(extra) {
            problems.append("\(file): <TestPlanReference reference = \"\(extra)\"> names no plan under TestPlans/")
        }
        let defaults = references.filter { $0.attributes["default"] == "YES" }.map { $0.attributes["reference"] ?? "" }
        if defaults != ["container:TestPlans/\(defaultPlan).xctestplan"] {
            problems.append(
                "\(file): exactly one <TestPlanReference> must be default = \"YES\", the \(defaultPlan) plan; found \(defaults.isEmpty ? "none" : defaults.joined(separator: ", "))"
            )
        }
        return problems
    }
}
