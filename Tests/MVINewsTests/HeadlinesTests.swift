import Foundation
import MVICore
import MVITestSupport
import Testing

@testable import MVINews

/// Store, scheduler and data source wired together with virtual time.
private struct Fixture {
    let scheduler = TestScheduler()
    let dataSource = FakeNewsDataSource()
    let store: HeadlinesStore

    init(restoring saved: HeadlinesSavedState? = nil) {
        store = .headlines(dataSource: dataSource, scheduler: scheduler, restoring: saved)
    }

    func answer(_ index: Int, _ page: NewsPage) {
        dataSource.succeed(index, page)
        scheduler.advance()
    }

    func fail(_ index: Int, _ error: NewsError) {
        dataSource.fail(index, error)
        scheduler.advance()
    }

    /// Loads pages 1...count of a query matching `total`, answering each.
    func loadPages(_ count: Int, total: Int) {
        answer(0, headlinesPage(1, total: total))
        for number in stride(from: 2, through: count, by: 1) {
            store.accept(.loadMore)
            answer(dataSource.calls.count - 1, headlinesPage(number, total: total))
        }
    }
}

@Suite struct HeadlinesTests {
    @Test func loadsPageOneWithTheOverlayWhenCreated() {
        let fixture = Fixture()
        #expect(fixture.dataSource.requests == [.topHeadlines(page: 1, pageSize: 20)])
        #expect(fixture.store.state.container.isLoading)
        fixture.answer(0, headlinesPage(1, total: 45))
        #expect(fixture.store.state.articles.count == 20)
        #expect(fixture.store.state.loadedPage == 1)
        #expect(!fixture.store.state.container.isLoading)
    }

    @Test func pagesCountFromOneAndStopAtTotalResults() {
        let fixture = Fixture()
        fixture.loadPages(3, total: 45)
        #expect(
            fixture.dataSource.requests.map(\.description) == [
                "/v2/top-headlines?language=en&page=1&pageSize=20",
                "/v2/top-headlines?language=en&page=2&pageSize=20",
                "/v2/top-headlines?language=en&page=3&pageSize=20",
            ])
        #expect(fixture.store.state.articles.count == 60)
        #expect(!fixture.store.state.hasMorePages)
        fixture.store.accept(.loadMore)
        #expect(fixture.dataSource.calls.count == 3)
    }

    @Test func pagingStopsAtTheHundredResultCapWhateverTotalResultsSays() {
        let fixture = Fixture()
        fixture.loadPages(5, total: 9_000)
        #expect(fixture.store.state.articles.count == 100)
        #expect(!fixture.store.state.hasMorePages)
        #expect(!HeadlinesMappers.model(fixture.store.state).canLoadMore)
        fixture.store.accept(.loadMore)
        #expect(fixture.dataSource.calls.count == 5)
    }

    @Test func anEmptyPageEndsPagingEvenBelowTotalResults() {
        let fixture = Fixture()
        fixture.answer(0, headlinesPage(1, total: 80))
        fixture.store.accept(.loadMore)
        fixture.answer(1, NewsPage(totalResults: 80, articles: []))
        #expect(fixture.store.state.endReached)
        fixture.store.accept(.loadMore)
        #expect(fixture.dataSource.calls.count == 2)
    }

    @Test func aLoadMoreWhileOneIsInFlightIsIgnored() {
        let fixture = Fixture()
        fixture.answer(0, headlinesPage(1, total: 80))
        fixture.store.accept(.loadMore)
        fixture.store.accept(.loadMore)
        fixture.store.accept(.loadMore)
        #expect(
            fixture.dataSource.requests == [.topHeadlines(page: 1, pageSize: 20), .topHeadlines(page: 2, pageSize: 20)])
        #expect(!fixture.dataSource.isCancelled(1))
        #expect(HeadlinesMappers.model(fixture.store.state).isLoadingMore)
        #expect(!fixture.store.state.container.isLoading)
    }

    @Test func aLoadMoreBeforeTheFirstPageArrivesIsIgnored() {
        let fixture = Fixture()
        fixture.store.accept(.loadMore)
        #expect(fixture.dataSource.calls.count == 1)
    }

    @Test func refreshCancelsTheLoadMoreInFlightAndRestartsAtPageOne() {
        let fixture = Fixture()
        fixture.loadPages(2, total: 80)
        fixture.store.accept(.loadMore)
        fixture.store.accept(.refresh)
        #expect(fixture.dataSource.isCancelled(2))
        #expect(fixture.dataSource.requests.last == .topHeadlines(page: 1, pageSize: 20))
        // The cancelled page answers anyway: dropped.
        fixture.answer(2, headlinesPage(3, total: 80))
        #expect(fixture.store.state.articles.count == 40)
        fixture.answer(3, page(101...120, total: 80))
        #expect(fixture.store.state.articles.map(\.url) == (101...120).map { article($0).url })
        #expect(fixture.store.state.loadedPage == 1)
    }

    @Test func aFailedPageKeepsWhatWasLoadedAndShowsTheError() {
        let fixture = Fixture()
        fixture.loadPages(2, total: 80)
        fixture.store.accept(.loadMore)
        fixture.fail(2, .api(status: 429, code: "rateLimited", message: "slow down"))
        #expect(fixture.store.state.articles.count == 40)
        #expect(fixture.store.state.loadedPage == 2)
        #expect(fixture.store.state.container.errorText == "Too many requests. Wait a minute and try again.")
        // The same page is asked again on the next load more.
        fixture.store.accept(.loadMore)
        #expect(fixture.dataSource.requests.last == .topHeadlines(page: 3, pageSize: 20))
    }

    @Test func aFailedRefreshKeepsTheOldList() {
        let fixture = Fixture()
        fixture.loadPages(2, total: 80)
        fixture.store.accept(.refresh)
        fixture.fail(2, .timeout)
        #expect(fixture.store.state.articles.count == 40)
        #expect(
            fixture.store.state.container
                == ContainerState(isLoading: false, errorText: "NewsAPI did not answer in time. Try again."))
    }

    @Test func duplicatesAcrossPagesAreDroppedKeepingTheFirst() {
        let fixture = Fixture()
        fixture.answer(0, page(1...20, total: 60))
        fixture.store.accept(.loadMore)
        // The list shifted: article 20 comes again at the top of page 2, with another title.
        var shifted = page(20...39, total: 60)
        shifted.articles[0].title = "Changed"
        fixture.answer(1, shifted)
        let urls = fixture.store.state.articles.map(\.url)
        #expect(urls.count == 39)
        #expect(Set(urls).count == 39)
        #expect(fixture.store.state.articles[19].title == "Title a20")
        // Paging counts results asked for, so the dropped duplicate does not stop page 3.
        #expect(fixture.store.state.hasMorePages)
    }

    @Test func duplicatesWithinOnePageAreDropped() {
        let fixture = Fixture()
        fixture.answer(0, NewsPage(totalResults: 3, articles: [article(1), article(2), article(1)]))
        #expect(fixture.store.state.articles == [article(1), article(2)])
    }

    @Test func errorShownClearsTheAlertOnly() {
        let fixture = Fixture()
        fixture.fail(0, .transport("refused"))
        #expect(fixture.store.state.container.hasError)
        fixture.store.accept(.errorShown)
        #expect(fixture.store.state.container == ContainerState())
        #expect(fixture.store.state.loadedPage == 0)
    }

    @Test func restoredWithPagesShowsThemAndLoadsNothingUntilAsked() {
        let first = Fixture()
        first.loadPages(2, total: 80)
        let saved = first.store.state.saved
        let encoded = try! JSONEncoder().encode(saved)
        let decoded = try! JSONDecoder().decode(HeadlinesSavedState.self, from: encoded)

        let restored = Fixture(restoring: decoded)
        #expect(restored.dataSource.calls.isEmpty)
        #expect(restored.store.state.articles == first.store.state.articles)
        #expect(!restored.store.state.container.isLoading)
        restored.store.accept(.loadMore)
        #expect(restored.dataSource.requests == [.topHeadlines(page: 3, pageSize: 20)])
    }

    @Test func restoredWithNoPageLoadsPageOne() {
        let restored = Fixture(
            restoring: HeadlinesSavedState(articles: [], loadedPage: 0, totalResults: 0, endReached: false))
        #expect(restored.dataSource.requests == [.topHeadlines(page: 1, pageSize: 20)])
    }

    /// A saved state is Codable, so one written by hand or by another version may hold negative
    /// counts: restored, they count as none, as a fresh screen's.
    @Test func negativeSavedCountsAreRestoredAsZero() {
        let state = HeadlinesState(
            restoring: HeadlinesSavedState(articles: [], loadedPage: -2, totalResults: -5, endReached: false))
        #expect(state.loadedPage == 0)
        #expect(state.totalResults == 0)
    }

    @Test func disposeCancelsTheRequestInFlight() {
        let fixture = Fixture()
        fixture.store.dispose()
        fixture.scheduler.advance()
        #expect(fixture.dataSource.isCancelled(0))
    }
}

@Suite struct HeadlinesComponentTests {
    @Test func theViewShowsRowsAndItsEventsReachTheStore() {
        let scheduler = TestScheduler()
        let dataSource = FakeNewsDataSource()
        let component = HeadlinesComponent(dataSource: dataSource, scheduler: scheduler)
        let view = RecordingView<HeadlinesViewModel, HeadlinesViewEvent>()
        component.onViewCreated(view)
        component.onStart()
        #expect(view.last?.container.isLoading == true)
        dataSource.succeed(0, headlinesPage(1, total: 45))
        scheduler.advance()
        #expect(
            view.last?.rows.first
                == NewsRowModel(
                    url: "https://news.test/a/1", title: "Title a1", sourceName: "Source 1", description: "About 1",
                    imageURL: "https://news.test/img/1.jpg", date: "02.10.2026"))
        #expect(view.last?.canLoadMore == true)
        view.dispatch(.endReached)
        #expect(dataSource.requests.last == .topHeadlines(page: 2, pageSize: 20))
        view.dispatch(.refreshTriggered)
        #expect(dataSource.isCancelled(1))
        component.onStop()
        component.onViewDestroyed()
        component.onDestroy()
        #expect(dataSource.isCancelled(2))
    }

    @Test func theProxyKeepsTheLatestModel() {
        let scheduler = TestScheduler()
        let dataSource = FakeNewsDataSource()
        let holder = HeadlinesComponentHolder(HeadlinesComponent(dataSource: dataSource, scheduler: scheduler))
        let proxy = HeadlinesViewProxy(model: holder.component.model)
        holder.component.onViewCreated(proxy)
        holder.component.onStart()
        dataSource.fail(0, .httpStatus(503))
        scheduler.advance()
        #expect(proxy.model.container.errorText == "NewsAPI failed to answer. Try again later.")
        proxy.dispatch(.errorShown)
        #expect(proxy.model.container.hasError == false)
    }
}
