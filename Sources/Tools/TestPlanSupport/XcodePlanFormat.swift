import Foundation

/// Checks one `.xctestplan` against the format Xcode 16 reads and writes: the fields it
/// knows, configuration ids, package containers, selections in the Xcode 16 form, and the
/// layout Xcode writes (so that opening the plan in Xcode leaves no diff).
public enum XcodePlanFormat {
    /// The fields Xcode writes in a `testTargets` entry.
    static let targetEntryFields: Set<String> = [
        "enabled", "parallelizable", "randomExecutionOrdering", "selectedTests", "skippedTests", "target",
    ]

    /// Problems with the plan in `data`, each naming `file` and the field; empty when valid.
    /// `testTargets` are the package's test targets, the only ones a plan may name.
    public static func problems(in data: Data, file: String, testTargets: Set<String>) -> [String] {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return ["\(file): not a JSON object"]
        }
        var problems: [String] = []
        func report(_ message: String) { problems.append("\(file): \(message)") }

        for key in root.keys.sorted()
        where !["configurations", "defaultOptions", "testTargets", "version"].contains(key) {
            report("unknown top-level field \"\(key)\"")
        }
        if (root["version"] as? Int) != 1 { report("field \"version\": expected 1") }
        if !(root["defaultOptions"] is [String: Any]) { report("field \"defaultOptions\": expected an object") }
        problems += configurationProblems(root["configurations"], file: file)

        guard let entries = root["testTargets"] as? [[String: Any]], !entries.isEmpty else {
            report("field \"testTargets\": expected a non-empty array of objects")
            return problems
        }
        var seen: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let place = "testTargets[\(index)]"
            for key in entry.keys.sorted() where !targetEntryFields.contains(key) {
                report("\(place): unknown field \"\(key)\"")
            }
            guard let target = entry["target"] as? [String: Any] else {
                report("\(place).target: expected an object with \"containerPath\", \"identifier\" and \"name\"")
                continue
            }
            let name = target["name"] as? String ?? ""
            if target["containerPath"] as? String != "container:" {
                report("\(place).target.containerPath: expected \"container:\" (the package itself)")
            }
            if target["identifier"] as? String != name || name.isEmpty {
                report("\(place).target: \"identifier\" and \"name\" must both be the test target's name")
            }
            if !name.isEmpty, !testTargets.contains(name) {
                report(
                    "\(place).target.name: \"\(name)\" is not a test target of the package (they are \(testTargets.sorted().joined(separator: ", ")))"
                )
            }
            if !seen.insert(name).inserted { report("\(place): \(name) is listed twice") }
            if entry["selectedTests"] != nil, entry["skippedTests"] != nil {
                report("\(place): has both \"selectedTests\" and \"skippedTests\"; Xcode keeps one of them")
            }
            for key in ["selectedTests", "skippedTests"] {
                guard let value = entry[key] else { continue }
                do {
                    let parsed = try TestSelection.entries(from: value, at: "\(file): \(place).\(key)")
                    if value is [String] {
                        report(
                            "\(place).\(key) is in the Xcode 15 form; Xcode 16 writes it as "
                                + XcodeJSON.render(TestSelection.xcode16Object(for: parsed)).trimmingCharacters(
                                    in: .newlines))
                    }
                } catch {
                    problems.append(error.description)
                }
            }
        }
        if problems.isEmpty { problems += layoutProblems(data, object: root, file: file) }
        return problems
    }

    private static func configurationProblems(_ value: Any?, file: String) -> [String] {
        guard let configurations = value as? [[String: Any]], !configurations.isEmpty else {
            return ["\(file): field \"configurations\": expected a non-empty array of objects"]
        }
        var problems: [String] = []
        var ids: Set<String> = []
        for (index, configuration) in configurations.enumerated() {
            let place = "\(file): configurations[\(index)]"
            let id = configuration["id"] as? String ?? ""
            if UUID(uuidString: id) == nil || id != id.uppercased() {
                problems.append(
                    "\(place).id: expected an upper-case UUID such as \"6F1C2A0E-3B7D-4C59-9E48-2A7D5B0C1F36\", got \"\(id)\""
                )
            } else if !ids.insert(id).inserted {
                problems.append("\(place).id: \(id) is used twice")
            }
            if (configuration["name"] as? String ?? "").isEmpty { problems.append("\(place).name: expected a name") }
            if !(configuration["options"] is [String: Any]) { problems.append("\(place).options: expected an object") }
        }
        return problems
    }

    /// Xcode rewrites a plan in its own layout when it saves it; a committed plan already in
    /// that layout stays byte for byte the same.
    private static func layoutProblems(_ data: Data, object: [String: Any], file: String) -> [String] {
        let expected = XcodeJSON.render(object).split(separator: "\n", omittingEmptySubsequences: false)
        let actual = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in expected.enumerated() where index >= actual.count || actual[index] != line {
            let found = index < actual.count ? String(actual[index]) : "the end of the file"
            return [
                "\(file):\(index + 1): not laid out as Xcode writes it (sorted keys, two-space indent, \" : \"): expected `\(line)`, found `\(found)`"
            ]
        }
        if actual.count > expected.count, actual[expected.count...].contains(where: { !$0.isEmpty }) {
            return ["\(file):\(expected.count + 1): text after the plan's closing brace"]
        }
        return []
    }
}
