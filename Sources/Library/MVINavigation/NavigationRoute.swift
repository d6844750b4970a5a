/// A destination an app can navigate to: a value, so that a stack of them can be compared,
/// saved as JSON and printed as a deep link.
///
/// An app declares its routes as an enum, for example `top`, `article(url)`, `search(q)`.
public protocol NavigationRoute: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The screen the route opens (`"article"`): the key a `ModuleRegistry` builds it by, and
    /// the name the navigation events use.
    var screen: String { get }
}
