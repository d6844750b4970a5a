import MVICore
import MVINavigation

/// A small app's routes: a home root, a list, items and a settings sheet.
enum TestRoute: NavigationRoute {
    case home
    case list
    case item(Int)
    case settings
    /// A screen no test registry builds.
    case unknown

    var screen: String {
        switch self {
        case .home: "home"
        case .list: "list"
        case .item: "item"
        case .settings: "settings"
        case .unknown: "unknown"
        }
    }

    var description: String {
        switch self {
        case .item(let number): "item(\(number))"
        default: screen
        }
    }
}

/// A module that records the lifecycle events it gets and checks their order with the core's rules.
final class RecordingModule: ScreenModule {
    let route: TestRoute
    let restored: String?
    var saved: String?
    private(set) var events: [LifecycleEvent] = []
    private(set) var misuses: [LifecycleError] = []
    private var lifecycle: LifecycleRegistry
    /// Called after each event, to act from inside a lifecycle call.
    var onEvent: ((LifecycleEvent) -> Void)?

    init(route: TestRoute, restored: String?) {
        self.route = route
        self.restored = restored
        self.saved = restored
        lifecycle = LifecycleRegistry(component: route.description)
    }

    func handle(_ event: LifecycleEvent) {
        events.append(event)
        do { try lifecycle.handle(event) } catch { misuses.append(error) }
        onEvent?(event)
    }

    func savedState() -> String? { saved }
}

/// Builds `RecordingModule`s and remembers every one it built, in order.
final class ModuleFactory {
    private(set) var built: [RecordingModule] = []
    /// Called with each module as it is built.
    var onBuild: ((RecordingModule) -> Void)?
    var builtRoutes: [TestRoute] { built.map(\.route) }

    func registry(screens: [String] = ["home", "list", "item", "settings"]) -> ModuleRegistry<TestRoute, String> {
        var registry = ModuleRegistry<TestRoute, String>()
        for screen in screens {
            try? registry.register(screen) { [unowned self] route, saved in
                let module = RecordingModule(route: route, restored: saved)
                built.append(module)
                onBuild?(module)
                return module
            }
        }
        return registry
    }

    func module(_ route: TestRoute) -> RecordingModule? { built.last { $0.route == route } }
}

/// A navigator over `ModuleFactory` modules whose events are kept as text.
final class Harness {
    let factory = ModuleFactory()
    let navigator: Navigator<TestRoute, String>
    private(set) var log: [String] = []

    init(
        _ initial: NavigationState<TestRoute> = NavigationState(root: .home), rules: NavigationRules = NavigationRules()
    ) throws {
        navigator = try Navigator(initial, registry: factory.registry(), rules: rules)
        navigator.onEvent = { [unowned self] in log.append($0.description) }
    }

    init(restoring saved: SavedNavigation<TestRoute, String>) throws {
        navigator = try Navigator(restoring: saved, registry: factory.registry())
        navigator.onEvent = { [unowned self] in log.append($0.description) }
    }

    /// The log since the last call.
    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }
}

/// `NavigationState` shorthand: `state(.home, .list)`.
func state(_ stack: TestRoute..., modal: TestRoute? = nil) -> NavigationState<TestRoute> {
    NavigationState(stack: stack, modal: modal)!
}
