import MVICore
import MVINavigation
import MVITestSupport
import Testing

/// A counter whose store starts a 5-second load when created, as a screen's request would.
private enum CounterIntent { case increment }
private enum CounterAction: Sendable { case load }
private enum CounterMessage: Sendable { case incremented, loaded }
private struct CounterState: Equatable {
    var count = 0
    var loaded = false
}

private final class CounterExecutor: Executor {
    typealias Context = ExecutorContext<CounterAction, CounterMessage, CounterState, Never>
    func executeIntent(_ intent: CounterIntent, _ context: Context) { context.dispatch(.incremented) }

    func executeAction(_ action: CounterAction, _ context: Context) {
        let clock = context.clock
        context.run { send in
            try await clock.sleep(for: .seconds(5))
            send(.loaded)
        }
    }
}

private typealias CounterStore = DefaultStore<CounterIntent, CounterAction, CounterMessage, CounterState, Never>
private typealias CounterModule = ComponentModule<CounterIntent, CounterState, Never, Int, String, Int>

private final class CounterView: BaseMviView<Int, String> {
    private(set) var rendered: [Int] = []
    override func render(_ model: Int) { rendered.append(model) }
}

/// Registers `screen` routes as counter modules on `scheduler`, keeping weak references to what it builds.
private final class CounterFactory {
    let scheduler = TestScheduler()
    var modules: [Weak<CounterModule>] = []
    var stores: [Weak<CounterStore>] = []
    var executors: [CounterExecutor] = []

    func registry() -> ModuleRegistry<TestRoute, Int> {
        var registry = ModuleRegistry<TestRoute, Int>()
        for screen in ["home", "list", "item"] {
            try? registry.register(screen) { [unowned self] _, saved in
                let executor = CounterExecutor()
                let store = CounterStore(
                    name: "Counter", initialState: CounterState(count: saved ?? 0),
                    bootstrapper: SimpleBootstrapper(.load),
                    executor: executor,
                    reducer: ClosureReducer { state, message in
                        var state = state
                        switch message {
                        case .incremented: state.count += 1
                        case .loaded: state.loaded = true
                        }
                        return state
                    }, scheduler: scheduler)
                let component = StoreComponent<CounterIntent, CounterState, Never, Int, String>(
                    name: "CounterComponent", store: store, stateToModel: \.count, eventToIntent: { _ in .increment })
                let module = CounterModule(component: component, makeView: { _ in CounterView() }, save: \.count)
                modules.append(Weak(module))
                stores.append(Weak(store))
                executors.append(executor)
                return module
            }
        }
        return registry
    }
}

private struct Weak<T: AnyObject> {
    weak var value: T?
    init(_ value: T) { self.value = value }
}

@Suite struct ComponentModuleTests {
    @Test func theViewIsMadeAtViewCreatedAndBoundWhileTheScreenIsOnTop() throws {
        let factory = CounterFactory()
        let navigator = try Navigator(NavigationState(root: TestRoute.home), registry: factory.registry())
        navigator.start()
        let home = try #require(navigator.visibleModule as? CounterModule)
        let view = try #require(home.view as? CounterView)
        view.dispatch("tap")
        #expect(view.rendered == [0, 1])
        navigator.navigate(.push(.list))
        view.dispatch("tap while covered")
        #expect(view.rendered == [0, 1])
        #expect(home.component.store.state.count == 1)
        navigator.navigate(.pop)
        #expect(view.rendered == [0, 1, 1])
        #expect(home.view === view)
    }

    @Test func aPoppedModuleIsReleasedAndItsWorkInFlightCancelled() throws {
        let factory = CounterFactory()
        let navigator = try Navigator(NavigationState(root: TestRoute.home), registry: factory.registry())
        navigator.start()
        navigator.navigate(.push(.list))
        #expect(factory.modules.count == 2)
        #expect(factory.modules[1].value != nil)
        #expect(factory.scheduler.pendingCount == 2)
        navigator.navigate(.pop)
        #expect(factory.modules[1].value == nil)
        #expect(factory.stores[1].value == nil)
        factory.scheduler.advance()  // the popped module's cancelled load ends
        #expect(factory.scheduler.pendingCount == 1, "only the home module's load is left")
        factory.scheduler.advance(by: .seconds(10))
        #expect(factory.modules[0].value?.component.store.state.loaded == true)
        #expect(factory.scheduler.pendingCount == 0)
    }

    @Test func everyModuleIsReleasedWhenTheNavigatorIsDestroyed() throws {
        let factory = CounterFactory()
        let navigator = try Navigator(NavigationState(root: TestRoute.home), registry: factory.registry())
        navigator.start()
        navigator.navigate(.push(.list))
        navigator.navigate(.push(.item(1)))
        navigator.destroy()
        factory.scheduler.advance()  // the cancelled loads end
        #expect(factory.modules.count == 3)
        #expect(factory.modules.allSatisfy { $0.value == nil })
        #expect(factory.stores.allSatisfy { $0.value == nil })
        #expect(factory.scheduler.pendingCount == 0)
    }

    @Test func aModuleSavesWhatItsSaveFunctionReadsFromTheStore() throws {
        let factory = CounterFactory()
        let navigator = try Navigator(NavigationState(root: TestRoute.home), registry: factory.registry())
        navigator.start()
        (navigator.visibleModule as? CounterModule)?.view?.dispatch("tap")
        #expect(navigator.saved().stack.map(\.saved) == [1])
        let restored = try Navigator(restoring: navigator.saved(), registry: factory.registry())
        restored.start()
        #expect((restored.visibleModule as? CounterModule)?.component.store.state.count == 1)
    }

    @Test func theDefaultViewIsAViewProxyForSwiftUI() {
        let factory = CounterFactory()
        let proxyModule = CounterModule(
            component: StoreComponent(
                name: "C",
                store: CounterStore(
                    name: "Counter", initialState: CounterState(), executor: CounterExecutor(),
                    reducer: ClosureReducer { state, _ in state }, scheduler: factory.scheduler),
                stateToModel: \.count, eventToIntent: { _ in .increment }))
        proxyModule.handle(.viewCreated)
        proxyModule.handle(.start)
        #expect((proxyModule.view as? ViewProxy<Int, String>)?.model == 0)
        proxyModule.handle(.stop)
        proxyModule.handle(.viewDestroyed)
        #expect(proxyModule.view == nil)
        proxyModule.handle(.destroy)
        #expect(proxyModule.component.store.isDisposed)
    }
}
