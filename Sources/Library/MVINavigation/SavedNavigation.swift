import Foundation

/// The navigation saved before process death: the state, and what each built screen saved
/// (a screen never built keeps what it was restored with).
///
/// JSON (`encoded()`), a public format:
/// `{"version": 1, "stack": [{"route": R, "saved": S}, ...], "modal": {"route": R, "saved": S}}`,
/// `saved` absent for a screen that keeps nothing, `modal` absent when none is presented, the
/// stack never empty. `R` and `S` are the app's route and saved-screen encodings.
public struct SavedNavigation<Route: NavigationRoute, Saved: Codable & Equatable & Sendable>: Equatable, Sendable {
    /// One route and what its screen saved.
    public struct Entry: Codable, Equatable, Sendable {
        public var route: Route
        public var saved: Saved?

        public init(route: Route, saved: Saved? = nil) {
            self.route = route
            self.saved = saved
        }
    }

    /// The format's version; another one is refused when decoding.
    public static var version: Int { SavedNavigationError.supportedVersion }

    /// The stack, bottom first; never empty.
    public let stack: [Entry]
    public let modal: Entry?

    /// Nil when `stack` is empty.
    public init?(stack: [Entry], modal: Entry? = nil) {
        guard !stack.isEmpty else { return nil }
        self.stack = stack
        self.modal = modal
    }

    /// A root entry and the entries above it: never empty.
    init(root: Entry, path: [Entry], modal: Entry?) {
        stack = [root] + path
        self.modal = modal
    }

    /// The navigation state saved.
    public var state: NavigationState<Route> {
        NavigationState(root: stack[0].route, path: stack.dropFirst().map(\.route), modal: modal?.route)
    }

    /// The JSON, keys sorted.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads the JSON `encoded()` writes.
    /// - Throws: `SavedNavigationError` naming what is wrong and where (`stack[1].route.url`).
    public static func decode(_ data: Data) throws(SavedNavigationError) -> SavedNavigation {
        do {
            return try JSONDecoder().decode(SavedNavigation.self, from: data)
        } catch let error as SavedNavigationError {
            throw error
        } catch let error as DecodingError {
            throw SavedNavigationError(error)
        } catch {
            throw .invalid(path: "", detail: "\(error)")
        }
    }
}

extension SavedNavigation: Codable {
    private enum CodingKeys: String, CodingKey {
        case version, stack, modal
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.version else { throw SavedNavigationError.unsupportedVersion(version) }
        let stack = try container.decode([Entry].self, forKey: .stack)
        guard !stack.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .stack, in: container, debugDescription: "a navigation stack is never empty")
        }
        self.stack = stack
        modal = try container.decodeIfPresent(Entry.self, forKey: .modal)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.version, forKey: .version)
        try container.encode(stack, forKey: .stack)
        try container.encodeIfPresent(modal, forKey: .modal)
    }
}

/// Why saved navigation could not be read. The path names the place, as `stack[1].route.url`.
public enum SavedNavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not JSON at all.
    case notJSON(detail: String)
    /// JSON, but a value is missing, of the wrong type or not allowed at `path`.
    case invalid(path: String, detail: String)
    /// Written by another version of the format.
    case unsupportedVersion(Int)

    /// The version this library reads and writes.
    public static let supportedVersion = 1

    init(_ error: DecodingError) {
        func place(_ path: [any CodingKey]) -> String {
            path.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .invalid(path: place(context.codingPath + [key]), detail: "missing")
        case .typeMismatch(let type, let context):
            self = .invalid(path: place(context.codingPath), detail: "expected \(Self.name(of: type))")
        case .valueNotFound(let type, let context):
            self = .invalid(path: place(context.codingPath), detail: "expected \(Self.name(of: type)), found null")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .notJSON(detail: context.debugDescription)
        case .dataCorrupted(let context):
            self = .invalid(path: place(context.codingPath), detail: context.debugDescription)
        @unknown default:
            self = .invalid(path: "", detail: "\(error)")
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "\(type)"
        }
    }

    public var description: String {
        switch self {
        case .notJSON(let detail): "the saved navigation is not JSON: \(detail)"
        case .invalid(let path, let detail):
            "the saved navigation is invalid at \(path.isEmpty ? "the top" : path): \(detail)"
        case .unsupportedVersion(let version):
            "the saved navigation has version \(version); this version reads \(Self.supportedVersion)"
        }
    }
}

extension Navigator where Saved: Codable & Equatable & Sendable {
    /// A navigator at the state saved before process death. Each screen gets what it saved when
    /// it is built: the visible one at `start()`, the others when they are uncovered.
    /// - Throws: the refusal when the saved state breaks `rules` or names a screen `registry` cannot build.
    public convenience init(
        restoring saved: SavedNavigation<Route, Saved>, registry: ModuleRegistry<Route, Saved>,
        rules: NavigationRules = NavigationRules()
    ) throws(NavigationRefusal<Route>) {
        try self.init(
            saved.state, stackSaved: saved.stack.map(\.saved), modalSaved: saved.modal?.saved, registry: registry,
            rules: rules)
    }

    /// What to save now: the state, and each screen's saved state (a screen never built keeps
    /// what it was restored with). Save before `destroy()`: destroyed screens save nothing.
    public func saved() -> SavedNavigation<Route, Saved> {
        let (stack, modal) = screenStates()
        let entries = stack.map { SavedNavigation<Route, Saved>.Entry(route: $0.route, saved: $0.saved) }
        return SavedNavigation(
            root: entries[0], path: Array(entries.dropFirst()),
            modal: modal.map { SavedNavigation<Route, Saved>.Entry(route: $0.route, saved: $0.saved) })
    }
}
