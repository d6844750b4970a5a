import MVICore
import MVINews
import MVINewsApp
import MVITestSupport
import Testing

/// A destroyed app lets go of its screens, their stores and their work, even while the data
/// source still holds the completions of requests in flight.
@Suite struct NewsAppReleaseTests {
    @Test func aDestroyedAppReleasesEveryScreenWithRequestsInFlight() throws {
        let scheduler = TestScheduler()
        weak var source: ScriptedNewsSource?
        weak var released: NewsApp?
        do {
            let scripted = ScriptedNewsSource()
            let app = try NewsApp(
                dependencies: NewsAppDependencies(
                    dataSource: scripted, favorites: InMemoryFavoritesStore(), history: InMemorySearchHistoryStore(),
                    scheduler: scheduler))
            (source, released) = (scripted, app)
            app.start()
            app.request(.openSearch)
            app.send(.search(.queryChanged("swift")))
            scheduler.advance(by: .milliseconds(300))
            #expect(scripted.requests.count == 2)
            app.destroy()
            #expect(app.navigator.builtRoutes.isEmpty)
        }
        scheduler.advance()  // the cancelled effects end: until then each task holds what it captured
        #expect(released == nil)
        #expect(source == nil)
        #expect(scheduler.pendingCount == 0)
    }
}
