import MVICore
import MVINavigation
import Testing

@Suite struct NavigatorLifecycleTests {
    @Test func nothingIsBuiltBeforeStartAndStartBuildsOnlyTheVisibleRoute() throws {
        let harness = try Harness(state(.home, .list))
        #expect(harness.navigator.builtRoutes == [])
        harness.navigator.start()
        #expect(harness.factory.builtRoutes == [.list])
        #expect(harness.takeLog() == ["module built list", "module list viewCreated", "module list start"])
    }

    @Test func pushStopsTheCoveredScreenAndBuildsAndStartsTheNewOne() throws {
        let harness = try Harness()
        harness.navigator.start()
        _ = harness.takeLog()
        #expect(harness.navigator.navigate(.push(.list)) == .applied(state(.home, .list)))
        #expect(
            harness.takeLog() == [
                "stack [home, list] after push list", "module home stop", "module built list",
                "module list viewCreated",
                "module list start",
            ])
    }

    @Test func popDestroysTheTopAndStartsTheUncoveredScreenAgain() throws {
        let harness = try Harness()
        harness.navigator.start()
        harness.navigator.navigate(.push(.list))
        _ = harness.takeLog()
        #expect(harness.navigator.navigate(.pop) == .applied(state(.home)))
        #expect(
            harness.takeLog() == [
                "stack [home] after pop", "module list stop", "module list viewDestroyed", "module list destroy",
                "module released list", "module home start",
            ])
        #expect(harness.factory.module(.home)?.events == [.viewCreated, .start, .stop, .start])
        #expect(harness.factory.module(.list)?.events == [.viewCreated, .start, .stop, .viewDestroyed, .destroy])
        #expect(harness.navigator.builtRoutes == [.home])
        #expect(harness.factory.built.allSatisfy { $0.misuses.isEmpty })
    }

    @Test func aRefusedOperationChangesNothingAndIsLogged() throws {
        let harness = try Harness()
        harness.navigator.start()
        _ = harness.takeLog()
        #expect(harness.navigator.navigate(.pop) == .refused(.popAtRoot(.home)))
        #expect(harness.navigator.state == state(.home))
        #expect(harness.takeLog() == ["refused pop: nothing to pop: only the root home is on the stack"])
        #expect(harness.factory.module(.home)?.events == [.viewCreated, .start])
    }

    @Test func routesPlacedBeneathTheTopAreBuiltOnlyWhenUncovered() throws {
        let harness = try Harness()
        harness.navigator.navigate(.replace(state(.home, .list, .item(1))))
        harness.navigator.start()
        #expect(harness.factory.builtRoutes == [.item(1)])
        harness.navigator.navigate(.pop)
        #expect(harness.factory.builtRoutes == [.item(1), .list])
        harness.navigator.navigate(.pop)
        #expect(harness.factory.builtRoutes == [.item(1), .list, .home])
    }

    @Test func routesNeverOpenedAreNeverBuilt() throws {
        let harness = try Harness(state(.home, .list, .item(1), .item(2)))
        harness.navigator.start()
        harness.navigator.navigate(.popTo(.list))
        harness.navigator.navigate(.push(.item(3)))
        #expect(harness.factory.builtRoutes == [.item(2), .list, .item(3)])
        #expect(!harness.factory.builtRoutes.contains(.home))
        #expect(!harness.factory.builtRoutes.contains(.item(1)))
    }

    @Test func aModalCoversTheTopAndDismissUncoversIt() throws {
        let harness = try Harness()
        harness.navigator.start()
        _ = harness.takeLog()
        harness.navigator.navigate(.present(.settings))
        #expect(
            harness.takeLog() == [
                "stack [home] modal settings after present settings", "module home stop", "module built settings",
                "module settings viewCreated", "module settings start",
            ])
        #expect(harness.navigator.visibleModule === harness.factory.module(.settings))
        harness.navigator.navigate(.back)
        #expect(
            harness.takeLog() == [
                "stack [home] after back", "module settings stop", "module settings viewDestroyed",
                "module settings destroy",
                "module released settings", "module home start",
            ])
        #expect(harness.navigator.modalModule == nil)
    }

    @Test func replaceKeepsTheScreensThatStayAtTheBottom() throws {
        let harness = try Harness()
        harness.navigator.start()
        harness.navigator.navigate(.push(.list))
        harness.navigator.navigate(.push(.item(1)))
        let home = harness.navigator.module(at: 0)
        let list = harness.navigator.module(at: 1)
        _ = harness.takeLog()
        harness.navigator.navigate(.replace(state(.home, .list, .item(2))))
        #expect(
            harness.takeLog() == [
                "stack [home, list, item(2)] after replace [home, list, item(2)]", "module item stop",
                "module item viewDestroyed", "module item destroy", "module released item", "module built item",
                "module item viewCreated", "module item start",
            ])
        #expect(harness.navigator.module(at: 0) === home)
        #expect(harness.navigator.module(at: 1) === list)
        #expect(harness.factory.builtRoutes == [.home, .list, .item(1), .item(2)])
    }

    @Test func aStoppedHostStopsTheTopAndBuildsNothingUntilStartedAgain() throws {
        let harness = try Harness()
        harness.navigator.start()
        harness.navigator.stop()
        harness.navigator.navigate(.push(.list))
        #expect(harness.factory.builtRoutes == [.home])
        #expect(harness.factory.module(.home)?.events == [.viewCreated, .start, .stop])
        harness.navigator.start()
        #expect(harness.factory.builtRoutes == [.home, .list])
        #expect(harness.factory.module(.list)?.events == [.viewCreated, .start])
        harness.navigator.start()
        #expect(harness.factory.module(.list)?.events == [.viewCreated, .start])
    }

    @Test func destroyReleasesEveryBuiltModuleTopFirstAndRefusesEverythingAfter() throws {
        let harness = try Harness()
        harness.navigator.start()
        harness.navigator.navigate(.push(.list))
        harness.navigator.navigate(.present(.settings))
        _ = harness.takeLog()
        harness.navigator.destroy()
        #expect(
            harness.takeLog() == [
                "module settings stop", "module settings viewDestroyed", "module settings destroy",
                "module released settings",
                "module list viewDestroyed", "module list destroy", "module released list",
                "module home viewDestroyed", "module home destroy", "module released home",
            ])
        #expect(harness.navigator.builtRoutes == [])
        #expect(harness.navigator.isDestroyed)
        #expect(!harness.navigator.isStarted, "destroying a started host stops it first")
        #expect(harness.navigator.navigate(.dismiss) == .refused(.destroyed))
        harness.navigator.start()
        #expect(harness.navigator.builtRoutes == [])
        #expect(harness.factory.built.allSatisfy { $0.misuses.isEmpty && $0.events.last == .destroy })
    }

    @Test func aRouteWithNoFactoryIsRefused() throws {
        let harness = try Harness()
        #expect(harness.navigator.navigate(.push(.unknown)) == .refused(.unregistered(.unknown)))
        #expect(harness.navigator.state == state(.home))
        #expect(
            NavigationRefusal<TestRoute>.unregistered(.unknown).description
                == "no module is registered for the screen \"unknown\" of unknown")
        #expect(throws: NavigationRefusal<TestRoute>.unregistered(.unknown)) {
            try Navigator(state(.home, .unknown), registry: ModuleFactory().registry())
        }
        #expect(throws: NavigationRefusal<TestRoute>.duplicateRoute(.list)) {
            try Navigator(state(.home, .list, .list), registry: ModuleFactory().registry())
        }
    }

    @Test func navigationAskedDuringANavigationIsQueuedNotNested() throws {
        let harness = try Harness()
        var answers: [NavigationResult<TestRoute>] = []
        // Unowned: the harness holds the factory, which holds this closure and the modules.
        harness.factory.onBuild = { [unowned harness] module in
            guard module.route == .list else { return }
            module.onEvent = { event in
                if event == .start { answers.append(harness.navigator.navigate(.push(.item(1)))) }
            }
        }
        harness.navigator.start()
        _ = harness.takeLog()
        #expect(harness.navigator.navigate(.push(.list)) == .applied(state(.home, .list)))
        #expect(answers == [.queued(position: 1)])
        #expect(harness.navigator.state == state(.home, .list, .item(1)))
        #expect(
            harness.takeLog() == [
                "stack [home, list] after push list", "module home stop", "module built list",
                "module list viewCreated",
                "module list start", "stack [home, list, item(1)] after push item(1)", "module list stop",
                "module built item", "module item viewCreated", "module item start",
            ])
        #expect(harness.factory.built.allSatisfy { $0.misuses.isEmpty })
    }

    @Test func aRefusalAskedDuringANavigationIsToldAsAnEvent() throws {
        let harness = try Harness()
        harness.factory.onBuild = { [unowned harness] module in
            module.onEvent = { event in
                if event == .viewCreated { harness.navigator.navigate(.dismiss) }
            }
        }
        harness.navigator.start()
        #expect(
            harness.takeLog() == [
                "module built home", "module home viewCreated", "module home start",
                "refused dismiss: nothing to dismiss: no modal is presented",
            ])
    }

    @Test func theRegistryRefusesASecondFactoryForAScreen() {
        var registry = ModuleFactory().registry()
        #expect(registry.screens == ["home", "item", "list", "settings"])
        #expect(throws: ModuleRegistryError.duplicateScreen("home")) {
            try registry.register("home") { route, saved in RecordingModule(route: route, restored: saved) }
        }
        #expect(
            ModuleRegistryError.duplicateScreen("home").description
                == "a module for the screen \"home\" is already registered")
    }
}
