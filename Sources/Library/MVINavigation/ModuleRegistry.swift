/// Maps a route's screen to the factory that builds its module.
///
/// The app makes the registry and gives each factory what the screen needs (data sources,
/// scheduler, stores) by capturing it: there is no shared instance and no global. A factory
/// runs only when its route is first visible, never for a route the user did not reach.
public struct ModuleRegistry<Route: NavigationRoute, Saved> {
    /// Builds the module of `route`; `restoring` is what the screen saved before process death.
    public typealias Factory = (_ route: Route, _ restoring: Saved?) -> any ScreenModule<Saved>

    private var factories: [String: Factory] = [:]

    public init() {}

    /// The screens a factory is registered for, sorted.
    public var screens: [String] { factories.keys.sorted() }

    /// Registers `factory` for the routes whose `screen` is `screen`.
    /// - Throws: `ModuleRegistryError.duplicateScreen` when one is already registered for it.
    public mutating func register(_ screen: String, _ factory: @escaping Factory) throws(ModuleRegistryError) {
        guard factories[screen] == nil else { throw .duplicateScreen(screen) }
        factories[screen] = factory
    }

    /// Whether a factory builds `route`.
    public func canBuild(_ route: Route) -> Bool { factories[route.screen] != nil }

    /// The module of `route`, or nil when no factory is registered for its screen.
    public func build(_ route: Route, restoring saved: Saved?) -> (any ScreenModule<Saved>)? {
        factories[route.screen]?(route, saved)
    }
}

/// A registration the registry refuses.
public enum ModuleRegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A second factory for one screen: which one would build it would be a guess.
    case duplicateScreen(String)

    public var description: String {
        switch self {
        case .duplicateScreen(let screen):
            "a module for the screen \"\(screen)\" is already registered"
        }
    }
}
