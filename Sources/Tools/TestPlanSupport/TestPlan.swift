import Foundation

/// An Xcode test plan (`.xctestplan`), reduced to what selects tests.
public struct TestPlan: Equatable, Sendable {
    public struct Target: Equatable, Sendable {
        public let name: String
        /// When present, only these tests of the target run (`Suite` or `Suite/test()`), read
        /// from either form of `selectedTests` (see `TestSelection`).
        public let selectedTests: [String]?
        public let skippedTests: [String]
        public let enabled: Bool
    }

    public let name: String
    public let targets: [Target]

    /// Reads a plan; errors name the file and the field.
    public static func load(_ url: URL) throws(TestPlanError) -> TestPlan {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw TestPlanError("\(url.path): cannot read: \(error.localizedDescription)")
        }
        return try parse(data, name: url.deletingPathExtension().lastPathComponent, file: url.path)
    }

    public static func parse(_ data: Data, name: String, file: String) throws(TestPlanError) -> TestPlan {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw TestPlanError("\(file): not a JSON object")
        }
        guard let rawTargets = root["testTargets"] as? [[String: Any]] else {
            throw TestPlanError("\(file): field \"testTargets\": expected an array of objects")
        }
        var targets: [Target] = []
        for (index, raw) in rawTargets.enumerated() {
            let place = "\(file): testTargets[\(index)]"
            guard let target = raw["target"] as? [String: Any], let targetName = target["name"] as? String,
                !targetName.isEmpty
            else {
                throw TestPlanError("\(place).target.name: expected the test target's name")
            }
            func entries(_ key: String) throws(TestPlanError) -> [String]? {
                guard let value = raw[key] else { return nil }
                return try TestSelection.entries(from: value, at: "\(place).\(key)")
            }
            let enabled = raw["enabled"] as? Bool ?? true
            targets.append(
                Target(
                    name: targetName, selectedTests: try entries("selectedTests"),
                    skippedTests: try entries("skippedTests") ?? [], enabled: enabled))
        }
        return TestPlan(name: name, targets: targets)
    }

    /// Whether the plan runs `test`, an identifier as `swift test list` prints it (`Target.Suite/test()`).
    public func includes(_ test: String) -> Bool {
        guard let dot = test.firstIndex(of: ".") else { return false }
        let targetName = String(test[..<dot])
        let path = String(test[test.index(after: dot)...])
        return targets.contains { target in
            guard target.enabled, target.name == targetName else { return false }
            if let selected = target.selectedTests, !selected.contains(where: { Self.matches($0, path) }) {
                return false
            }
            return !target.skippedTests.contains { Self.matches($0, path) }
        }
    }

    /// A plan entry matches a test path when it is the path, or a suite that contains it.
    static func matches(_ entry: String, _ path: String) -> Bool {
        path == entry || path.hasPrefix(entry + "/")
    }

    /// The `swift test` arguments that run exactly this plan's tests.
    public var swiftTestArguments: [String] {
        var arguments: [String] = []
        for target in targets where target.enabled {
            let prefix = "^" + Self.escape(target.name) + "\\."
            if let selected = target.selectedTests {
                for entry in selected { arguments += ["--filter", prefix + Self.escape(entry) + "(/|$)"] }
            } else {
                arguments += ["--filter", prefix]
            }
            for entry in target.skippedTests { arguments += ["--skip", prefix + Self.escape(entry) + "(/|$)"] }
        }
        return arguments
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

/// A problem with a plan, or with the coverage of the plans.
public struct TestPlanError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What the plans together cover.
public struct PlanCoverage: Equatable, Sendable {
    /// Tests that no plan runs.
    public let orphans: [String]
    /// Plan entries (target, selected or skipped test) that match no existing test.
    public let staleEntries: [String]

    public var isComplete: Bool { orphans.isEmpty && staleEntries.isEmpty }

    public init(plans: [TestPlan], tests: [String]) {
        orphans = tests.filter { test in !plans.contains { $0.includes(test) } }
        var stale: [String] = []
        for plan in plans {
            for target in plan.targets {
                let mine = tests.filter { $0.hasPrefix(target.name + ".") }.map {
                    String($0.dropFirst(target.name.count + 1))
                }
                if mine.isEmpty { stale.append("\(plan.name): target \(target.name) has no tests") }
                for entry in (target.selectedTests ?? []) + target.skippedTests
                where !mine.contains(where: { TestPlan.matches(entry, $0) }) {
                    stale.append("\(plan.name): \(target.name)/\(entry) matches no test")
                }
            }
        }
        staleEntries = stale
    }
}
