import FixtureFormat
import MVICore
import ReplaySeam

/// A small feature with two screens, kept apart from any real feature: it proves
/// that the seam carries composite features (renders that name their screen, view events
/// addressed to a screen, the feature's own `back` and `deepLink` events, its own `stack` lines).
///
/// The app shows a list of three items; `select` opens an item's detail on top; `back` closes it;
/// `deepLink` replaces the stack (`demo://list`, `demo://detail?item=N`). While started, the screen
/// on top renders after each change. View events for a screen that is not on top are refused.
enum CompositeDemo {
    static let items = ["alpha", "beta", "gamma"]

    enum ListEvent: Sendable {
        case select(Int)
        case refresh
    }
    enum DetailEvent: Sendable { case favourite }
    struct DeepLink: Sendable { let url: String }
    struct Back: Sendable {}

    static let module: FeatureModule = {
        let index = Field.required("index", JSONCodec.integer(0...99))
        let select = ObjectCodec.object(index) { try $0.read(index) }
        let url = Field.required("url", JSONCodec.string)
        return FeatureModule(
            name: "demo-app", componentName: "DemoAppComponent", config: .empty(()),
            screens: [
                ScreenDescription(
                    "list",
                    events: [
                        .payload("select", select.value, event: ListEvent.select, echo: { "select(index: \($0))" }),
                        .plain("refresh", ListEvent.refresh),
                    ]),
                ScreenDescription("detail", events: [ViewEventCodec.plain("favourite", DetailEvent.favourite)]),
            ],
            customEvents: [
                CustomEventCodec("back", fields: .empty(Back()), echo: { _ in "back" }),
                CustomEventCodec(
                    "deepLink", fields: .object(url) { DeepLink(url: try $0.read(url)) },
                    echo: { "deepLink \(CanonicalRender.quote($0.url))" }),
            ],
            hasSavedState: false
        ) { environment, _ in Session(output: environment.output) }
    }()

    enum Route: Equatable {
        case list
        case detail(item: Int)

        var screen: String {
            switch self {
            case .list: "list"
            case .detail: "detail"
            }
        }
    }

    final class Session: FeatureSession {
        private let output: OutputLog
        private var stack: [Route] = [.list]
        private var favourites: Set<Int> = []
        private var isStarted = false

        init(output: OutputLog) { self.output = output }

        func create() {}

        func perform(_ event: LifecycleEvent) {
            isStarted = event == .start
            if isStarted { render() }
        }

        func send(_ input: FeatureInput) throws(FieldError) {
            switch input {
            case .view(let screen, let event):
                guard screen == stack.last?.screen else {
                    return output.append(
                        .rejected(
                            "view \(screen ?? "?"): the screen is not on top (\(stack.last?.screen ?? "none") is)"))
                }
                switch (event, stack.last) {
                case (ListEvent.select(let index), _):
                    guard index < items.count else { return output.append(.rejected("select: no item \(index)")) }
                    navigate(stack + [.detail(item: index)])
                case (ListEvent.refresh, _):
                    render()
                case (DetailEvent.favourite, .detail(let item)?):
                    if !favourites.insert(item).inserted { favourites.remove(item) }
                    render()
                default:
                    throw FieldError(field: "name", "not a demo-app view event")
                }
            case .custom(_, let value):
                switch value {
                case is Back:
                    guard stack.count > 1 else { return output.append(.rejected("back: already at the root screen")) }
                    navigate(Array(stack.dropLast()))
                case let link as DeepLink:
                    guard let routes = Self.routes(link.url) else {
                        return output.append(
                            .rejected(
                                "deepLink: \(CanonicalRender.quote(link.url)) is not demo://list or demo://detail?item=N"
                            ))
                    }
                    navigate(routes)
                default:
                    throw FieldError(field: "event", "not a demo-app event")
                }
            }
        }

        func restore() throws(FieldError) -> CanonicalValue {
            throw FieldError(field: "event", "demo-app has no saved state")
        }

        private static func routes(_ url: String) -> [Route]? {
            if url == "demo://list" { return [.list] }
            let prefix = "demo://detail?item="
            guard url.hasPrefix(prefix), let item = Int(url.dropFirst(prefix.count)), items.indices.contains(item)
            else { return nil }
            return [.list, .detail(item: item)]
        }

        private func navigate(_ routes: [Route]) {
            stack = routes
            output.append(.custom(keyword: "stack", value: .strings(stack.map(\.screen))))
            render()
        }

        private func render() {
            guard isStarted, let top = stack.last else { return }
            switch top {
            case .list:
                output.append(.render(.record("ListModel", ["items": .strings(items)]), screen: "list"))
            case .detail(let item):
                output.append(
                    .render(
                        .record(
                            "DetailModel",
                            ["title": .string(items[item]), "isFavourite": .bool(favourites.contains(item))]),
                        screen: "detail"))
            }
        }
    }
}
