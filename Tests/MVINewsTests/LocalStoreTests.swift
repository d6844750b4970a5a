import Foundation
import MVIEssentials
import MVINews
import Testing

@Suite struct SearchHistoryRuleTests {
    @Test func aQueryGoesToTheTopTrimmedAndOnce() {
        #expect(
            SearchHistory.recording("  Swift ", in: ["kittens", "swift", "space"]) == ["Swift", "kittens", "space"])
    }

    @Test func aBlankQueryChangesNothing() {
        #expect(SearchHistory.recording(" \n", in: ["kittens"]) == ["kittens"])
    }

    @Test func atMostTwentyEntriesAreKeptDroppingTheOldest() {
        let full = (1...20).map { "query \($0)" }
        let next = SearchHistory.recording("newest", in: full)
        #expect(next.count == SearchHistory.capacity)
        #expect(next.first == "newest")
        #expect(next.last == "query 19")
    }

    @Test func matchingIsACaseInsensitivePrefixInHistoryOrder() {
        let entries = ["Swift", "kittens", "swiftui", "Пушкин"]
        #expect(SearchHistory.matching("SW", in: entries) == ["Swift", "swiftui"])
        #expect(SearchHistory.matching("пу", in: entries) == ["Пушкин"])
        #expect(SearchHistory.matching("", in: entries) == entries)
        #expect(SearchHistory.matching("x", in: entries) == [])
    }
}

@Suite struct ContainerStateTests {
    @Test func setupErrorShowsTheAlertOnlyForNonEmptyText() {
        var container = ContainerState()
        container.setupError("")
        #expect(!container.hasError)
        container.setupError("Boom")
        container.setupError("")
        #expect(container.errorText == "Boom")
    }

    @Test func errorShownClearsTheAlertAndKeepsTheOverlay() {
        var container = ContainerState()
        container.showLoading()
        container.setupError("Boom")
        container.errorShown()
        #expect(container == ContainerState(isLoading: true))
        container.hideLoading()
        #expect(!container.isLoading)
    }

    @Test func anEmptyInitialTextIsNoAlert() {
        #expect(!ContainerState(errorText: "").hasError)
    }
}

@Suite struct JSONFileStoreTests {
    @Test func aMissingFileIsAnEmptyList() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        #expect(try JSONFileFavoritesStore(url: folder.file("none.json")).favorites().isEmpty)
        #expect(try JSONFileSearchHistoryStore(url: folder.file("none.json")).entries().isEmpty)
    }

    @Test func favouritesSurviveANewStoreMostRecentFirstWithoutDuplicates() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("nested/favorites.json")
        let store = JSONFileFavoritesStore(url: url)
        try store.setFavorite(true, article: article(1))
        try store.setFavorite(true, article: article(2))
        try store.setFavorite(true, article: article(1))
        #expect(try JSONFileFavoritesStore(url: url).favorites() == [article(2), article(1)])
        try store.setFavorite(false, article: article(2))
        try store.setFavorite(false, article: article(9))
        #expect(try JSONFileFavoritesStore(url: url).favorites() == [article(1)])
        #expect(try JSONFileFavoritesStore(url: url).isFavorite(url: article(1).url))
    }

    @Test func theFileIsVersionedJSONWithoutNulls() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("favorites.json")
        try JSONFileFavoritesStore(url: url).setFavorite(
            true, article: NewsArticle(source: .init(name: "W"), url: "https://x.test/1"))
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.contains("\"version\" : 1"))
        #expect(!text.contains("null"))
    }

    @Test(arguments: [
        ("", "not valid JSON"),
        ("{\"version\":1,\"value\":[{\"url\":", "not valid JSON"),
        ("[]", "the top level: expected an object"),
        ("{\"version\":2,\"value\":[]}", "version 2, expected 1"),
        ("{\"version\":0,\"value\":[]}", "version 0, expected 1"),
        ("{\"version\":1,\"value\":[{\"source\":{\"name\":\"A\"}}]}", "value[0].url: missing"),
    ])
    func aCorruptFileIsReportedWithWhatWasWrongAndKeptAsItIs(content: String, detail: String) throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("favorites.json")
        try Data(content.utf8).write(to: url)
        let store = JSONFileFavoritesStore(url: url)
        let expected = NewsStorageError.corrupt(store: "favourites", file: url.path, detail: detail)
        #expect(throws: expected) { try store.favorites() }
        #expect(throws: expected) { try store.setFavorite(true, article: article(1)) }
        #expect(try FileBytes.read(url) == Data(content.utf8))
    }

    @Test func aCorruptFileIsMovedAsideOnlyWhenAsked() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("history.json")
        try Data("garbage".utf8).write(to: url)
        let store = JSONFileSearchHistoryStore(url: url)
        let aside = try #require(try store.discardCorruptFile())
        #expect(aside.lastPathComponent == "history.json.corrupt")
        #expect(try FileBytes.read(aside) == Data("garbage".utf8))
        try store.save(["swift"])
        #expect(try JSONFileSearchHistoryStore(url: url).entries() == ["swift"])
        #expect(try store.discardCorruptFile() == nil)
    }

    @Test func aFileThatCannotBeReadIsReportedAndNotMovedAside() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        // A folder where the file should be: it exists, but reading it fails.
        let url = folder.file("favorites.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let store = JSONFileFavoritesStore(url: url)
        #expect {
            try store.discardCorruptFile()
        } throws: { error in
            guard case .unreadable(let store, let file, _) = error as? NewsStorageError else { return false }
            return store == "favourites" && file == url.path
        }
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathExtension("corrupt").path))
    }

    @Test func aFileThatCannotBeReadRefusesReadsAndWritesAlike() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        // A folder where each file should be. A write reads the file first (read-modify-write), so
        // it fails as the read does and writes nothing: the replay's `unreadable` fault (news.119).
        let favoritesURL = folder.file("favorites.json")
        let historyURL = folder.file("search-history.json")
        for url in [favoritesURL, historyURL] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        let favorites = JSONFileFavoritesStore(url: favoritesURL)
        let history = JSONFileSearchHistoryStore(url: historyURL)
        func isUnreadable(_ store: String, _ url: URL) -> (any Error) -> Bool {
            { error in
                guard case .unreadable(let named, let file, _) = error as? NewsStorageError else { return false }
                return named == store && file == url.path
            }
        }
        #expect(performing: { try favorites.favorites() }, throws: isUnreadable("favourites", favoritesURL))
        #expect(
            performing: { try favorites.setFavorite(true, article: NewsArticle(source: .init(name: "S"), url: "u")) },
            throws: isUnreadable("favourites", favoritesURL))
        #expect(performing: { try history.entries() }, throws: isUnreadable("search history", historyURL))
        #expect(performing: { try history.save(["swift"]) }, throws: isUnreadable("search history", historyURL))
        for url in [favoritesURL, historyURL] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty)
        }
    }

    @Test func anUnwritableFolderIsReportedNamingTheFile() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        // A regular file where the folder should be: nothing can be created below it.
        try Data().write(to: folder.file("blocker"))
        let url = folder.file("blocker/history.json")
        #expect {
            try JSONFileSearchHistoryStore(url: url).save(["swift"])
        } throws: { error in
            guard case .unwritable(let store, let file, _) = error as? NewsStorageError else { return false }
            return store == "search history" && file == url.path
        }
    }

    @Test func concurrentTogglesLoseNoFavourite() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let store = JSONFileFavoritesStore(url: folder.file("favorites.json"))
        await withTaskGroup(of: Void.self) { group in
            for number in 1...16 {
                group.addTask { try? store.setFavorite(true, article: article(number)) }
            }
        }
        #expect(try Set(store.favorites().map(\.url)) == Set((1...16).map { article($0).url }))
    }
}

@Suite struct NewsStorageErrorTests {
    @Test(arguments: [
        (
            NewsStorageError.corrupt(store: "favourites", file: "/d/f.json", detail: "not valid JSON"),
            "The favourites file is damaged and was left as it is (/d/f.json). Changes are not saved until it is moved away.",
            "favourites file /d/f.json is corrupt: not valid JSON"
        ),
        (
            NewsStorageError.unreadable(store: "search history", file: "/d/h.json", detail: "permission denied"),
            "The saved search history could not be read (/d/h.json).",
            "search history file /d/h.json cannot be read: permission denied"
        ),
        (
            NewsStorageError.unwritable(store: "favourites", file: "/d/f.json", detail: "disk full"),
            "The favourites could not be saved (/d/f.json).",
            "favourites file /d/f.json cannot be written: disk full"
        ),
    ])
    func eachStorageErrorHasATextForTheUserAndOneForLogs(error: NewsStorageError, text: String, log: String) {
        #expect(error.userMessage == text)
        #expect(error.description == log)
    }
}
