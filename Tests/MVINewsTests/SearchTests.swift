import Foundation
import MVICore
import MVITestSupport
import Testing

@testable import MVINews

private struct Fixture {
    let scheduler = TestScheduler()
    let dataSource = FakeNewsDataSource()
    let history: any SearchHistoryStore
    let store: SearchStore

    init(history: any SearchHistoryStore = InMemorySearchHistoryStore(), restoring saved: SearchSavedState? = nil) {
        self.history = history
        store = .search(dataSource: dataSource, history: history, scheduler: scheduler, restoring: saved)
    }

    func type(_ text: String) { store.accept(.queryChanged(text)) }

    /// Types `text` one character more at a time, `gap` apart.
    func typeSlowly(_ text: String, gap: Duration) {
        var typed = ""
        for character in text {
            typed.append(character)
            type(typed)
            scheduler.advance(by: gap)
        }
    }

    var model: SearchViewModel { SearchMappers.model(store.state) }
}

private func search(_ query: String) -> NewsRequest { .everything(query: query, page: 1, pageSize: 20) }

@Suite struct SearchDebounceTests {
    @Test func aQuerySearchesOnlyAfterThreeHundredQuietMilliseconds() {
        let fixture = Fixture()
        fixture.type("swift")
        fixture.scheduler.advance(by: .milliseconds(299))
        #expect(fixture.dataSource.calls.isEmpty)
        fixture.scheduler.advance(by: .milliseconds(1))
        #expect(fixture.dataSource.requests == [search("swift")])
        #expect(fixture.store.state.container.isLoading)
    }

    @Test func aBurstOfKeystrokesSearchesOnceForTheLastText() {
        let fixture = Fixture()
        fixture.typeSlowly("kittens", gap: .milliseconds(120))
        fixture.scheduler.advance(by: .milliseconds(300))
        #expect(fixture.dataSource.requests == [search("kittens")])
    }

    @Test func twoBurstsWithAPauseBetweenSearchTwice() {
        let fixture = Fixture()
        fixture.typeSlowly("cat", gap: .milliseconds(100))
        fixture.scheduler.advance(by: .milliseconds(300))
        fixture.type("cats")
        fixture.scheduler.advance(by: .milliseconds(300))
        #expect(fixture.dataSource.requests == [search("cat"), search("cats")])
    }

    @Test func aNewerQueryCancelsTheRequestInFlightAndItsLateAnswerIsDropped() {
        let fixture = Fixture()
        fixture.type("swift")
        fixture.scheduler.advance(by: .milliseconds(300))
        fixture.type("kotlin")
        #expect(fixture.dataSource.isCancelled(0))
        #expect(!fixture.store.state.container.isLoading)
        fixture.scheduler.advance(by: .milliseconds(300))
        fixture.dataSource.succeed(0, page(1...3, total: 3, prefix: "swift"))
        fixture.dataSource.succeed(1, page(1...2, total: 2, prefix: "kotlin"))
        fixture.scheduler.advance()
        #expect(fixture.store.state.resultsQuery == "kotlin")
        #expect(fixture.store.state.results.map(\.url) == ["https://news.test/kotlin/1", "https://news.test/kotlin/2"])
    }

    @Test func theQueryIsTrimmedAndEncodedInTheRequest() {
        let fixture = Fixture()
        fixture.type("  c++ & ü  ")
        fixture.scheduler.advance(by: .milliseconds(300))
        #expect(
            fixture.dataSource.requests.map(\.description) == [
                "/v2/everything?q=c%2B%2B%20%26%20%C3%BC&page=1&pageSize=20"
            ])
    }

    @Test func searchErrorsAreShownNotDropped() {
        let fixture = Fixture()
        fixture.type("swift")
        fixture.scheduler.advance(by: .milliseconds(300))
        fixture.dataSource.fail(0, .api(status: 401, code: "apiKeyInvalid", message: "Your API key is invalid."))
        fixture.scheduler.advance()
        #expect(
            fixture.model.container
                == ContainerState(errorText: "The NewsAPI key is not valid. Check the key in the settings."))
        fixture.store.accept(.errorShown)
        #expect(!fixture.model.container.hasError)
    }

    @Test func disposeCancelsThePendingSearchAndTheRequest() {
        let fixture = Fixture()
        fixture.type("swift")
        fixture.scheduler.advance(by: .milliseconds(300))
        fixture.type("swifty")
        fixture.store.dispose()
        fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.dataSource.calls.count == 1)
        #expect(fixture.dataSource.isCancelled(0))
    }
}

@Suite struct SearchHistoryScreenTests {
    @Test func anEmptyQueryShowsTheWholeHistory() {
        let fixture = Fixture(history: InMemorySearchHistoryStore(["swift", "kittens"]))
        #expect(fixture.model.content == .history(["swift", "kittens"]))
    }

    @Test func oneOrTwoCharactersSearchNothingAndShowTheEntriesTheyPrefix() {
        let fixture = Fixture(history: InMemorySearchHistoryStore(["Swift", "kittens", "swiftui", "space"]))
        fixture.type("s")
        fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.model.content == .history(["Swift", "swiftui", "space"]))
        fixture.type(" SW ")
        fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.model.content == .history(["Swift", "swiftui"]))
        #expect(fixture.dataSource.calls.isEmpty)
    }

    @Test func goingBackToTwoCharactersCancelsThePendingSearch() {
        let fixture = Fixture()
        fixture.type("swi")
        fixture.scheduler.advance(by: .milliseconds(200))
        fixture.type("sw")
        fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.dataSource.calls.isEmpty)
    }

    @Test func eachExecutedQueryGoesToTheTopOnceAndIsPersisted() {
        let history = InMemorySearchHistoryStore(["kittens", "swift"])
        let fixture = Fixture(history: history)
        fixture.type("Swift ")
        fixture.scheduler.advance(by: .milliseconds(300))
        #expect(fixture.store.state.history == ["Swift", "kittens"])
        #expect(history.entries() == ["Swift", "kittens"])
        // Typed but never executed: not recorded.
        fixture.type("space")
        fixture.type("")
        fixture.scheduler.advance(by: .seconds(1))
        #expect(history.entries() == ["Swift", "kittens"])
        #expect(fixture.model.content == .history(["Swift", "kittens"]))
    }

    @Test func aTappedEntrySearchesAtOnceAndMovesToTheTop() {
        let fixture = Fixture(history: InMemorySearchHistoryStore(["kittens", "swift"]))
        fixture.store.accept(.historyEntrySelected("swift"))
        #expect(fixture.dataSource.requests == [search("swift")])
        #expect(fixture.store.state.history == ["swift", "kittens"])
        #expect(fixture.store.state.query == "swift")
    }

    @Test func aCorruptHistoryFileIsReportedOnceAndNeverOverwritten() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("history.json")
        try Data("not json".utf8).write(to: url)
        let fixture = Fixture(history: JSONFileSearchHistoryStore(url: url))
        #expect(
            fixture.store.state.container.errorText?.hasPrefix(
                "The search history file is damaged and was left as it is (") == true)
        fixture.store.accept(.errorShown)
        fixture.type("swift")
        fixture.scheduler.advance(by: .milliseconds(300))
        #expect(fixture.store.state.history == ["swift"])
        #expect(!fixture.store.state.container.hasError)
        #expect(try Data(contentsOf: url) == Data("not json".utf8))
    }

    @Test func aHistoryWriteFailureIsShownOnceThenTheHistoryStaysInMemory() {
        let error = NewsStorageError.unwritable(store: "search history", file: "/ro/h.json", detail: "read-only")
        let store = FailingHistoryStore(error: error, readFails: false)
        let fixture = Fixture(history: store)
        fixture.type("swift")
        fixture.scheduler.advance(by: .milliseconds(300))
        #expect(fixture.store.state.container.errorText == "The search history could not be saved (/ro/h.json).")
        fixture.store.accept(.errorShown)
        fixture.type("kotlin")
        fixture.scheduler.advance(by: .milliseconds(300))
        #expect(store.writes == 1)
        #expect(fixture.store.state.history == ["kotlin", "swift"])
        #expect(!fixture.store.state.container.hasError)
    }

    @Test func restoredAfterProcessDeathTheSavedQueryIsSearchedAtOnce() throws {
        let first = Fixture()
        first.type("kittens")
        let saved = try JSONDecoder().decode(SearchSavedState.self, from: JSONEncoder().encode(first.store.state.saved))
        let restored = Fixture(history: first.history, restoring: saved)
        #expect(restored.store.state.query == "kittens")
        #expect(restored.dataSource.requests == [search("kittens")])
    }

    @Test func restoredWithAShortQueryShowsTheHistoryItPrefixes() {
        let restored = Fixture(
            history: InMemorySearchHistoryStore(["kittens", "swift"]), restoring: SearchSavedState(query: "ki"))
        #expect(restored.dataSource.calls.isEmpty)
        #expect(restored.model.content == .history(["kittens"]))
    }
}

@Suite struct SearchComponentTests {
    @Test func keystrokesFromTheViewAreDebouncedAndResultsRendered() {
        let scheduler = TestScheduler()
        let dataSource = FakeNewsDataSource()
        let component = SearchComponent(
            dataSource: dataSource, history: InMemorySearchHistoryStore(), scheduler: scheduler)
        let view = RecordingView<SearchViewModel, SearchViewEvent>()
        component.onViewCreated(view)
        component.onStart()
        for text in ["s", "sw", "swi", "swif", "swift"] { view.dispatch(.queryChanged(text)) }
        scheduler.advance(by: .milliseconds(300))
        #expect(dataSource.requests == [search("swift")])
        #expect(view.last?.container.isLoading == true)
        dataSource.succeed(0, page(1...2, total: 2))
        scheduler.advance()
        guard case .results(let rows, let total)? = view.last?.content else {
            Issue.record("expected results, got \(String(describing: view.last?.content))")
            return
        }
        #expect(rows.map(\.url) == ["https://news.test/a/1", "https://news.test/a/2"])
        #expect(total == 2)
        #expect(view.last?.container.isLoading == false)
    }

    /// The component's name reaches only this message (a replay never makes a refused call).
    @Test func aCallOutOfOrderStopsTheProgramNamingTheComponent() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let component = SearchComponent(
                dataSource: FakeNewsDataSource(), history: InMemorySearchHistoryStore(), scheduler: TestScheduler())
            component.onStart()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("SearchComponent.onStart() called while created: no view is attached"))
    }
}
