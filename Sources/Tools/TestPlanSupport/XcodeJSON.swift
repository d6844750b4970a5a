import Foundation

/// JSON laid out the way Xcode writes `.xctestplan` files: keys sorted, two-space indent,
/// `"key" : value`, an empty object or array as an opening and closing line with a blank line
/// between, `/` escaped as `\/`, and a final newline.
public enum XcodeJSON {
    /// Renders a JSON object (`[String: Any]`, `[Any]`, strings, numbers, booleans).
    public static func render(_ object: Any) -> String {
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        else { return "\(object)" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One `testTargets` entry for a test target of this package, as Xcode writes it.
    public static func testTargetEntry(_ name: String, skipped: [String] = [], selected: [String]? = nil) -> [String:
        Any]
    {
        var entry: [String: Any] = ["target": ["containerPath": "container:", "identifier": name, "name": name]]
        if let selected { entry["selectedTests"] = TestSelection.xcode16Object(for: selected) }
        if !skipped.isEmpty { entry["skippedTests"] = TestSelection.xcode16Object(for: skipped) }
        return entry
    }
}
