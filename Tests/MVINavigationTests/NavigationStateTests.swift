import Foundation
import MVINavigation
import Testing

@Suite struct NavigationStateTests {
    @Test func pushPopAndPopToRootChangeOnlyTheTopOfTheStack() {
        let home = state(.home)
        #expect(home.applying(.push(.list)) == .success(state(.home, .list)))
        #expect(state(.home, .list).applying(.pop) == .success(home))
        #expect(state(.home, .list, .item(1)).applying(.popToRoot) == .success(home))
        #expect(home.applying(.popToRoot) == .success(home))
    }

    @Test func popToStopsAtTheTopmostMatchingRoute() {
        let rules = NavigationRules(allowsDuplicates: true)
        let deep = state(.home, .list, .item(1), .list, .item(2))
        #expect(deep.applying(.popTo(.list), rules: rules) == .success(state(.home, .list, .item(1), .list)))
        #expect(deep.applying(.popTo(.item(2)), rules: rules) == .success(deep))
        #expect(deep.applying(.popTo(.home), rules: rules) == .success(state(.home)))
        #expect(deep.applying(.popTo(.settings), rules: rules) == .failure(.notOnStack(.settings)))
    }

    @Test func presentDismissAndBackHandleTheModalFirst() {
        let stack = state(.home, .list)
        let presented = state(.home, .list, modal: .settings)
        #expect(stack.applying(.present(.settings)) == .success(presented))
        #expect(presented.applying(.dismiss) == .success(stack))
        #expect(presented.applying(.back) == .success(stack))
        #expect(stack.applying(.back) == .success(state(.home)))
    }

    @Test func replaceSetsTheWholeStateModalIncluded() {
        let next = state(.home, .item(3))
        #expect(state(.home, .list, modal: .settings).applying(.replace(next)) == .success(next))
    }

    @Test func popAndBackAtTheRootAreRefused() {
        #expect(state(.home).applying(.pop) == .failure(.popAtRoot(.home)))
        #expect(state(.home).applying(.back) == .failure(.popAtRoot(.home)))
        #expect(
            NavigationRefusal<TestRoute>.popAtRoot(.home).description
                == "nothing to pop: only the root home is on the stack")
    }

    @Test func dismissWithNothingPresentedIsRefused() {
        #expect(state(.home).applying(.dismiss) == .failure(.nothingToDismiss))
        #expect(
            NavigationRefusal<TestRoute>.nothingToDismiss.description == "nothing to dismiss: no modal is presented")
    }

    @Test func stackOperationsUnderAModalAreRefused() {
        let presented = state(.home, .list, modal: .settings)
        for operation: NavigationOperation<TestRoute> in [.push(.item(1)), .pop, .popTo(.home), .popToRoot] {
            #expect(presented.applying(operation) == .failure(.modalPresented(.settings)))
        }
        #expect(presented.applying(.present(.item(1))) == .failure(.modalAlreadyPresented(.settings)))
        #expect(
            NavigationRefusal<TestRoute>.modalPresented(.settings).description
                == "the modal settings is presented: dismiss it before changing the stack")
    }

    @Test func duplicatesAreRefusedUnlessTheRulesAllowThem() {
        let list = state(.home, .list)
        #expect(list.applying(.push(.list)) == .failure(.duplicateRoute(.list)))
        #expect(list.applying(.present(.list)) == .failure(.duplicateRoute(.list)))
        #expect(
            state(.home).applying(.replace(state(.home, .item(1), .item(1)))) == .failure(.duplicateRoute(.item(1))))
        #expect(
            list.applying(.push(.list), rules: NavigationRules(allowsDuplicates: true))
                == .success(state(.home, .list, .list)))
        #expect(
            NavigationRefusal<TestRoute>.duplicateRoute(.list).description
                == "list is already on the stack, and these rules refuse duplicates")
    }

    @Test func aStackDeeperThanTheLimitIsRefused() {
        let rules = NavigationRules(maxDepth: 3)
        let full = state(.home, .list, .item(1))
        #expect(full.applying(.push(.item(2)), rules: rules) == .failure(.tooDeep(depth: 4, limit: 3)))
        #expect(
            full.applying(.present(.settings), rules: rules)
                == .success(state(.home, .list, .item(1), modal: .settings)))
        #expect(NavigationRules(maxDepth: 0).maxDepth == 1)
        #expect(
            NavigationRefusal<TestRoute>.tooDeep(depth: 4, limit: 3).description
                == "a stack of 4 routes is deeper than the limit of 3")
    }

    @Test func theStackIsNeverEmpty() {
        #expect(NavigationState<TestRoute>(stack: []) == nil)
        let home = state(.home)
        #expect(home.stack == [.home])
        #expect(home.top == .home)
        #expect(state(.home, .list, modal: .settings).visible == .settings)
    }

    @Test func describesItselfAsTheStackAndTheModal() {
        #expect(state(.home, .item(2)).description == "[home, item(2)]")
        #expect(state(.home, modal: .settings).description == "[home] modal settings")
        #expect(NavigationOperation<TestRoute>.replace(state(.home, .list)).description == "replace [home, list]")
    }

    @Test func encodesAsJSONAndDecodesBack() throws {
        let value = state(.home, .item(2), modal: .settings)
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(NavigationState<TestRoute>.self, from: data) == value)
    }

    @Test func decodingAnEmptyStackFailsAtTheStackField() {
        let json = Data(#"{"stack":[]}"#.utf8)
        #expect {
            try JSONDecoder().decode(NavigationState<TestRoute>.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["stack"]
                && context.debugDescription.contains("never empty")
        }
    }
}
