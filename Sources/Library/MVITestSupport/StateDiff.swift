/// The fields in which two values differ, found by reflection (`Mirror`), one line per field.
///
/// Structs, classes and tuples are compared child by child, an enum case's payload under the
/// case's name, arrays element by element when their counts agree, optionals through their
/// wrapped value; anything else is compared by its description. A line reads
/// `.data.images[1]: expected "b", actual "c"`; a top-level value compared whole is labelled
/// with its type (`Phase: expected idle, actual running`).
public enum StateDiff {
    /// The differing fields of `expected` and `actual`; empty when their descriptions agree everywhere.
    public static func lines(_ expected: Any, _ actual: Any) -> [String] {
        // A top-level enum's lines start with its type's name (`Phase.loaded.count: ...`).
        let root = Mirror(reflecting: expected).displayStyle == .enum ? String(describing: type(of: expected)) : ""
        let found = lines(expected, actual, path: root)
        if found.isEmpty, describe(expected) != describe(actual) {
            return ["expected \(describe(expected)), actual \(describe(actual))"]
        }
        return found
    }

    private static func lines(_ expected: Any, _ actual: Any, path: String) -> [String] {
        let left = Mirror(reflecting: expected)
        let right = Mirror(reflecting: actual)
        if let style = left.displayStyle, style == right.displayStyle {
            let leftChildren = Array(left.children)
            let rightChildren = Array(right.children)
            switch style {
            case .struct, .class, .tuple:
                if !leftChildren.isEmpty, leftChildren.count == rightChildren.count,
                    zip(leftChildren, rightChildren).allSatisfy({ $0.label == $1.label })
                {
                    return zip(leftChildren, rightChildren).enumerated().flatMap { index, pair in
                        lines(pair.0.value, pair.1.value, path: path + "." + (pair.0.label ?? "\(index)"))
                    }
                }
            case .enum, .optional:
                if let leftPayload = leftChildren.first, let rightPayload = rightChildren.first,
                    leftChildren.count == 1, rightChildren.count == 1, leftPayload.label == rightPayload.label
                {
                    let name = style == .enum ? "." + (leftPayload.label ?? "payload") : ""
                    return lines(leftPayload.value, rightPayload.value, path: path + name)
                }
            case .collection where leftChildren.count == rightChildren.count:
                return zip(leftChildren, rightChildren).enumerated().flatMap { index, pair in
                    lines(pair.0.value, pair.1.value, path: path + "[\(index)]")
                }
            default:
                break
            }
        }
        let (left_, right_) = (describe(expected), describe(actual))
        // A top-level value that is not compared field by field (an enum case, a number) is labelled with its type.
        return left_ == right_
            ? []
            : ["\(path.isEmpty ? String(describing: type(of: expected)) : path): expected \(left_), actual \(right_)"]
    }

    /// Strings quoted, everything else as `String(describing:)` prints it.
    static func describe(_ value: Any) -> String {
        if let text = value as? String { return text.debugDescription }
        return String(describing: value)
    }
}
