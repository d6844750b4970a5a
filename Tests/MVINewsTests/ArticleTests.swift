import Foundation
import MVICore
import MVITestSupport
import Testing

@testable import MVINews

@Suite struct ArticleTests {
    private let scheduler = TestScheduler()

    @Test func showsEveryFieldWithTheDateInUTC() {
        let store = ArticleStore.article(article(7), favorites: InMemoryFavoritesStore(), scheduler: scheduler)
        #expect(
            ArticleMappers.model(store.state)
                == ArticleViewModel(
                    url: "https://news.test/a/7", title: "Title a7", sourceName: "Source 1", author: "Author 7",
                    description: "About 7",
                    content: "Body 7… [+70 chars]", imageURL: "https://news.test/img/7.jpg", date: "08.10.2026",
                    isFavorite: false,
                    container: ContainerState()))
    }

    @Test func missingFieldsAreAbsentNotNull() {
        let bare = NewsArticle(source: .init(name: "Wire"), url: "https://news.test/bare")
        let model = ArticleMappers.model(ArticleState(article: bare))
        #expect(model.title == nil)
        #expect(model.author == nil)
        #expect(model.description == nil)
        #expect(model.content == nil)
        #expect(model.imageURL == nil)
        #expect(model.date == nil)
        #expect(model.sourceName == "Wire")
    }

    @Test func contentKeepsTheAPITruncationAsGiven() {
        var cut = article(1)
        cut.content = "Первые строки статьи… [+2954 chars]"
        #expect(ArticleMappers.model(ArticleState(article: cut)).content == "Первые строки статьи… [+2954 chars]")
    }

    @Test func readsTheFavouriteFlagWhenCreated() {
        let favorites = InMemoryFavoritesStore([article(3)])
        let store = ArticleStore.article(article(3), favorites: favorites, scheduler: scheduler)
        #expect(store.state.isFavorite)
    }

    @Test func toggleAddsAndRemovesTheFavourite() {
        let favorites = InMemoryFavoritesStore([article(9)])
        let store = ArticleStore.article(article(3), favorites: favorites, scheduler: scheduler)
        store.accept(.toggleFavorite)
        #expect(store.state.isFavorite)
        #expect(favorites.favorites() == [article(3), article(9)])
        store.accept(.toggleFavorite)
        #expect(!store.state.isFavorite)
        #expect(favorites.favorites() == [article(9)])
    }

    @Test func aFavouriteIsPersistedToTheFileAndRestoredByANewStore() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("favorites.json")
        let first = ArticleStore.article(article(5), favorites: JSONFileFavoritesStore(url: url), scheduler: scheduler)
        first.accept(.toggleFavorite)
        first.dispose()
        // Process death: a new store over a new file store on the same file.
        let restored = ArticleStore.article(
            article(5), favorites: JSONFileFavoritesStore(url: url), scheduler: scheduler)
        #expect(restored.state.isFavorite)
        #expect(try JSONFileFavoritesStore(url: url).favorites() == [article(5)])
    }

    @Test func aCorruptFavouritesFileIsReportedAndNotOverwritten() throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("favorites.json")
        try Data("{\"version\":1,\"value\":[{\"url\":".utf8).write(to: url)
        let store = ArticleStore.article(article(5), favorites: JSONFileFavoritesStore(url: url), scheduler: scheduler)
        let alert = try #require(store.state.container.errorText)
        #expect(alert.hasPrefix("The favourites file is damaged and was left as it is ("))
        store.accept(.errorShown)
        store.accept(.toggleFavorite)
        #expect(!store.state.isFavorite)
        #expect(store.state.container.hasError)
        #expect(try Data(contentsOf: url) == Data("{\"version\":1,\"value\":[{\"url\":".utf8))
    }

    @Test func aFailedWriteKeepsTheFlagAndShowsWhy() {
        let error = NewsStorageError.unwritable(store: "favourites", file: "/ro/favorites.json", detail: "read-only")
        let store = ArticleStore.article(
            article(1), favorites: FailingFavoritesStore(error: error), scheduler: scheduler)
        store.accept(.errorShown)
        store.accept(.toggleFavorite)
        #expect(!store.state.isFavorite)
        #expect(store.state.container.errorText == "The favourites could not be saved (/ro/favorites.json).")
        #expect(!store.state.container.isLoading)
    }

    @Test func theComponentTurnsTheButtonIntoAToggle() {
        let favorites = InMemoryFavoritesStore()
        let component = ArticleComponent(article: article(2), favorites: favorites, scheduler: scheduler)
        let proxy = ArticleViewProxy(model: component.model)
        component.onViewCreated(proxy)
        component.onStart()
        proxy.dispatch(.favoriteToggled)
        #expect(proxy.model.isFavorite == true)
        #expect(favorites.favorites().map(\.url) == ["https://news.test/a/2"])
    }
}
