/// The tests a plan selects or skips in one target, in either form Xcode has written.
///
/// Entries are paths as `swift test list` prints them after the target: a suite (`Suite`,
/// `Outer/Inner`) or one test (`Suite/test()`). Xcode 15 wrote them as a list of strings
/// (`"skippedTests": ["Suite", "Suite/test()"]`); Xcode 16 writes Swift Testing suites and
/// XCTest classes as objects:
///
/// ```json
/// "skippedTests" : {
///   "suites" : [ { "name" : "Suite", "testFunctions" : [ "test()" ], "suites" : [ ... ] } ],
///   "xctestClasses" : [ { "name" : "Case", "xctestMethods" : [ "testThing()" ] } ]
/// }
/// ```
public enum TestSelection {
    /// Reads a `selectedTests` or `skippedTests` value in either form into entry paths.
    /// `place` names the field in errors (`Unit.xctestplan: testTargets[2].skippedTests`).
    public static func entries(from value: Any, at place: String) throws(TestPlanError) -> [String] {
        if let list = value as? [String] { return list }
        guard let object = value as? [String: Any] else {
            throw TestPlanError(
                "\(place): expected an array of strings (Xcode 15) or an object with \"suites\" or \"xctestClasses\" (Xcode 16)"
            )
        }
        try requireKnownKeys(object, ["suites", "xctestClasses"], at: place)
        var entries: [String] = []
        for (index, suite) in try objects(object["suites"], at: "\(place).suites").enumerated() {
            entries += try suiteEntries(suite, prefix: "", at: "\(place).suites[\(index)]")
        }
        for (index, testClass) in try objects(object["xctestClasses"], at: "\(place).xctestClasses").enumerated() {
            let classPlace = "\(place).xctestClasses[\(index)]"
            try requireKnownKeys(testClass, ["name", "xctestMethods"], at: classPlace)
            let name = try self.name(of: testClass, at: classPlace)
            let methods = try strings(testClass["xctestMethods"], at: "\(classPlace).xctestMethods")
            entries += methods.isEmpty ? [name] : methods.map { "\(name)/\($0)" }
        }
        return entries
    }

    /// The Xcode 16 object for entry paths: every entry becomes a suite, a nested suite or a
    /// test function (a last component ending in `)`) under its suite, in first-seen order.
    public static func xcode16Object(for entries: [String]) -> [String: Any] {
        ["suites": suiteObjects(entries.map { $0.split(separator: "/").map(String.init) })]
    }

    private static func suiteObjects(_ paths: [[String]]) -> [[String: Any]] {
        var order: [String] = []
        var children: [String: [[String]]] = [:]
        for path in paths where !path.isEmpty {
            if children[path[0]] == nil { order.append(path[0]) }
            children[path[0], default: []].append(Array(path.dropFirst()))
        }
        return order.map { name in
            let rest = children[name] ?? []
            var suite: [String: Any] = ["name": name]
            let functions = rest.filter { $0.count == 1 && $0[0].hasSuffix(")") }.map { $0[0] }
            let nested = rest.filter { !($0.count == 1 && $0[0].hasSuffix(")")) && !$0.isEmpty }
            if !functions.isEmpty { suite["testFunctions"] = functions }
            if !nested.isEmpty { suite["suites"] = suiteObjects(nested) }
            return suite
        }
    }

    private static func suiteEntries(_ suite: [String: Any], prefix: String, at place: String) throws(TestPlanError)
        -> [String]
    {
        try requireKnownKeys(suite, ["name", "testFunctions", "suites"], at: place)
        let path = prefix + (try name(of: suite, at: place))
        let functions = try strings(suite["testFunctions"], at: "\(place).testFunctions")
        var entries = functions.map { "\(path)/\($0)" }
        for (index, nested) in try objects(suite["suites"], at: "\(place).suites").enumerated() {
            entries += try suiteEntries(nested, prefix: path + "/", at: "\(place).suites[\(index)]")
        }
        return entries.isEmpty ? [path] : entries
    }

    private static func name(of object: [String: Any], at place: String) throws(TestPlanError) -> String {
        guard let name = object["name"] as? String, !name.isEmpty, !name.contains("/") else {
            throw TestPlanError(
                "\(place).name: expected the suite's or class's name (a non-empty string without \"/\")")
        }
        return name
    }

    private static func objects(_ value: Any?, at place: String) throws(TestPlanError) -> [[String: Any]] {
        guard let value else { return [] }
        guard let list = value as? [[String: Any]] else {
            throw TestPlanError("\(place): expected an array of objects")
        }
        return list
    }

    private static func strings(_ value: Any?, at place: String) throws(TestPlanError) -> [String] {
        guard let value else { return [] }
        guard let list = value as? [String] else { throw TestPlanError("\(place): expected an array of strings") }
        return list
    }

    private static func requireKnownKeys(_ object: [String: Any], _ known: Set<String>, at place: String)
        throws(TestPlanError)
    {
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw TestPlanError(
                "\(place): unknown field \"\(unknown)\" (expected \(known.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))"
            )
        }
    }
}
