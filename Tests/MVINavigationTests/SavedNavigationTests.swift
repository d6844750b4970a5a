import Foundation
import MVINavigation
import Testing

@Suite struct SavedNavigationTests {
    /// A navigator at [home, list, item(1)] whose list and item screens were built and saved something.
    private func deepNavigator() throws -> Harness {
        let harness = try Harness()
        harness.navigator.start()
        harness.navigator.navigate(.push(.list))
        harness.factory.module(.list)?.saved = "list at row 12"
        harness.navigator.navigate(.push(.item(1)))
        harness.factory.module(.item(1))?.saved = "item scrolled"
        return harness
    }

    @Test func savesTheStackAndEachScreenAsJSON() throws {
        let harness = try deepNavigator()
        let json = String(decoding: try harness.navigator.saved().encoded(), as: UTF8.self)
        #expect(
            json
                == #"{"stack":[{"route":{"home":{}}},{"route":{"list":{}},"saved":"list at row 12"},{"route":{"item":{"_0":1}},"saved":"item scrolled"}],"version":1}"#
        )
    }

    @Test func aRestoredNavigatorBuildsOnlyTheTopThenTheOthersWhenUncovered() throws {
        let data = try deepNavigator().navigator.saved().encoded()
        let restored = try Harness(restoring: SavedNavigation.decode(data))
        #expect(restored.navigator.state == state(.home, .list, .item(1)))
        restored.navigator.start()
        #expect(restored.factory.builtRoutes == [.item(1)])
        #expect(restored.factory.module(.item(1))?.restored == "item scrolled")
        restored.navigator.navigate(.pop)
        #expect(restored.factory.builtRoutes == [.item(1), .list])
        #expect(restored.factory.module(.list)?.restored == "list at row 12")
    }

    @Test func aScreenNotYetBuiltKeepsWhatItWasRestoredWithWhenSavedAgain() throws {
        let saved = try deepNavigator().navigator.saved()
        let restored = try Harness(restoring: saved)
        restored.navigator.start()
        restored.factory.module(.item(1))?.saved = "item read to the end"
        let again = restored.navigator.saved()
        #expect(again.stack.map(\.saved) == [nil, "list at row 12", "item read to the end"])
    }

    @Test func theModalIsSavedAndRestored() throws {
        let harness = try Harness()
        harness.navigator.start()
        harness.navigator.navigate(.present(.settings))
        let restored = try Harness(restoring: SavedNavigation.decode(harness.navigator.saved().encoded()))
        restored.navigator.start()
        #expect(restored.navigator.state == state(.home, modal: .settings))
        #expect(restored.factory.builtRoutes == [.settings])
    }

    @Test func textThatIsNotJSONIsRefused() {
        #expect {
            try SavedNavigation<TestRoute, String>.decode(Data("stack: home".utf8))
        } throws: { error in
            guard case SavedNavigationError.notJSON = error else { return false }
            return "\(error)".hasPrefix("the saved navigation is not JSON")
        }
    }

    @Test func anotherVersionIsRefused() {
        #expect(throws: SavedNavigationError.unsupportedVersion(2)) {
            try SavedNavigation<TestRoute, String>.decode(Data(#"{"version":2,"stack":[]}"#.utf8))
        }
        #expect(
            SavedNavigationError.unsupportedVersion(2).description
                == "the saved navigation has version 2; this version reads 1")
    }

    @Test func anEmptyStackIsRefusedAtTheStackField() {
        #expect(throws: SavedNavigationError.invalid(path: "stack", detail: "a navigation stack is never empty")) {
            try SavedNavigation<TestRoute, String>.decode(Data(#"{"version":1,"stack":[]}"#.utf8))
        }
    }

    @Test func aMissingOrMistypedFieldIsNamedByItsPath() {
        #expect(throws: SavedNavigationError.invalid(path: "stack[1].route", detail: "missing")) {
            try SavedNavigation<TestRoute, String>.decode(
                Data(#"{"version":1,"stack":[{"route":{"home":{}}},{"saved":"x"}]}"#.utf8))
        }
        #expect(throws: SavedNavigationError.invalid(path: "stack[0].saved", detail: "expected a string")) {
            try SavedNavigation<TestRoute, String>.decode(
                Data(#"{"version":1,"stack":[{"route":{"home":{}},"saved":3}]}"#.utf8))
        }
        #expect(throws: SavedNavigationError.invalid(path: "stack", detail: "expected an array")) {
            try SavedNavigation<TestRoute, String>.decode(Data(#"{"version":1,"stack":{"route":{"home":{}}}}"#.utf8))
        }
        #expect(throws: SavedNavigationError.invalid(path: "version", detail: "missing")) {
            try SavedNavigation<TestRoute, String>.decode(Data(#"{"stack":[]}"#.utf8))
        }
        #expect(
            SavedNavigationError.invalid(path: "stack[1].route", detail: "missing").description
                == "the saved navigation is invalid at stack[1].route: missing")
    }

    @Test func aSavedStateThatBreaksTheRulesIsRefusedOnRestore() throws {
        let saved = try #require(SavedNavigation<TestRoute, String>(stack: [.init(route: .home), .init(route: .home)]))
        #expect(throws: NavigationRefusal<TestRoute>.duplicateRoute(.home)) {
            try Navigator(restoring: saved, registry: ModuleFactory().registry())
        }
        #expect(SavedNavigation<TestRoute, String>(stack: []) == nil)
    }
}
