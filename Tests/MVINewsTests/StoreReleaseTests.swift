import MVICore
import MVITestSupport
import Testing

@testable import MVINews

/// A data source may keep the completion of a request after the store is gone (the fake keeps
/// every one). The stores must still let go of everything once disposed or released: a released
/// data source shows that no executor, loader or callback is kept alive in a cycle through it.
@Suite struct StoreReleaseTests {
    @Test func aDisposedHeadlinesStoreReleasesItsWorkWhileARequestIsInFlight() {
        let scheduler = TestScheduler()
        weak var source: FakeNewsDataSource?
        weak var released: HeadlinesStore?
        do {
            let dataSource = FakeNewsDataSource()
            let store = HeadlinesStore.headlines(dataSource: dataSource, scheduler: scheduler)
            (source, released) = (dataSource, store)
            #expect(dataSource.calls.count == 1)
            store.dispose()
            dataSource.succeed(0, headlinesPage(1, total: 45))
            scheduler.advance()
            #expect(store.state.loadedPage == 0)
        }
        #expect(released == nil)
        #expect(source == nil)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aHeadlinesStoreReleasedWithoutDisposeReleasesItsWork() {
        let scheduler = TestScheduler()
        weak var source: FakeNewsDataSource?
        do {
            let dataSource = FakeNewsDataSource()
            source = dataSource
            let store = HeadlinesStore.headlines(dataSource: dataSource, scheduler: scheduler)
            dataSource.succeed(0, headlinesPage(1, total: 45))
            scheduler.advance()
            store.accept(.loadMore)
            #expect(dataSource.calls.count == 2)
        }
        scheduler.advance()  // the cancelled load ends: until then its task holds the data source
        #expect(source == nil)
    }

    @Test func aDestroyedHeadlinesComponentReleasesItsStoreAndView() {
        let scheduler = TestScheduler()
        weak var source: FakeNewsDataSource?
        weak var store: (any Store<HeadlinesIntent, HeadlinesState, Never>)?
        weak var view: RecordingView<HeadlinesViewModel, HeadlinesViewEvent>?
        do {
            let dataSource = FakeNewsDataSource()
            let component = HeadlinesComponent(dataSource: dataSource, scheduler: scheduler)
            let recording = RecordingView<HeadlinesViewModel, HeadlinesViewEvent>()
            (source, store, view) = (dataSource, component.store, recording)
            component.onViewCreated(recording)
            component.onStart()
            recording.dispatch(.refreshTriggered)
            component.onStop()
            component.onViewDestroyed()
            component.onDestroy()
        }
        scheduler.advance()  // the cancelled load ends: until then its task holds the data source
        #expect(store == nil)
        #expect(view == nil)
        #expect(source == nil)
    }

    @Test func aDisposedSearchStoreReleasesThePendingSearchAndTheRequestInFlight() {
        let scheduler = TestScheduler()
        weak var source: FakeNewsDataSource?
        weak var released: SearchStore?
        do {
            let dataSource = FakeNewsDataSource()
            let store = SearchStore.search(
                dataSource: dataSource, history: InMemorySearchHistoryStore(), scheduler: scheduler)
            (source, released) = (dataSource, store)
            store.accept(.queryChanged("swift"))
            scheduler.advance(by: .milliseconds(300))
            #expect(dataSource.calls.count == 1)
            store.accept(.queryChanged("swift ui"))
            store.dispose()
        }
        scheduler.advance()  // the cancelled effects end: until then each task holds what it captured
        #expect(released == nil)
        #expect(source == nil)
        #expect(scheduler.pendingCount == 0)
    }
}
