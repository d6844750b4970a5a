import Foundation
import MVICore
import MVINavigation
import MVINews
import MVINewsApp
import Testing

@Suite struct NewsAppNavigationTests {
    @Test func listToArticleAndBack() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        #expect(
            harness.takeLog() == [
                "module built top", "module top viewCreated", "module top start", "render headlines",
                "render headlines",
            ])
        let url = "https://news.test/top/2"
        #expect(
            harness.app.request(.openArticle(url: url))
                == .success(.applied(NavigationState(root: .top, path: [.article(url: url)]))))
        let rendered = harness.lastRender(of: .article(url: url))
        #expect(
            harness.takeLog() == [
                "stack [top, article(url: \"https://news.test/top/2\")] after push article(url: \"https://news.test/top/2\")",
                "module top stop", "module built article", "module article viewCreated", "module article start",
                "render article",
            ])
        guard case .article(let model) = rendered else {
            Issue.record("no article render")
            return
        }
        #expect(model.title == "top 2")
        #expect(model.sourceName == "Source 2")
        harness.app.request(.back)
        #expect(
            harness.takeLog() == [
                "stack [top] after back", "module article stop", "module article viewDestroyed",
                "module article destroy",
                "module released article", "module top start", "render headlines",
            ])
        #expect(harness.source.requests == ["/v2/top-headlines?language=en&page=1&pageSize=20"])
    }

    @Test func listToSearchToArticleThenPopToRoot() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        harness.app.request(.openSearch)
        #expect(
            harness.lastRender(of: .search(query: ""))
                == .search(SearchViewModel(query: "", content: .history(["kotlin"]), container: ContainerState())))
        #expect(harness.app.send(.search(.queryChanged("swift"))) == .success(.search(query: "")))
        harness.scheduler.advance(by: .milliseconds(300))
        #expect(harness.source.requests.last == "/v2/everything?q=swift&page=1&pageSize=20")
        harness.source.answer(1, newsPage(1...2, list: "swift"))
        harness.scheduler.advance()
        harness.app.request(.openArticle(url: "https://news.test/swift/1"))
        #expect(
            harness.app.navigator.state.stack == [.top, .search(query: ""), .article(url: "https://news.test/swift/1")])
        _ = harness.takeLog()
        harness.app.navigator.navigate(.popToRoot)
        #expect(
            harness.takeLog() == [
                "stack [top] after popToRoot", "module article stop", "module article viewDestroyed",
                "module article destroy",
                "module released article", "module search viewDestroyed", "module search destroy",
                "module released search",
                "module top start", "render headlines",
            ])
        #expect(harness.app.navigator.builtRoutes == [.top])
    }

    @Test func aColdDeepLinkBuildsOnlyTheArticleAndTheListWhenUncovered() throws {
        let harness = try AppHarness()
        let url = "https://news.test/cold/1"
        harness.app.open("news://article?url=https%3A%2F%2Fnews.test%2Fcold%2F1")
        harness.app.start()
        #expect(harness.app.navigator.builtRoutes == [.article(url: url)])
        #expect(harness.source.requests == [])
        guard case .article(let model) = harness.lastRender(of: .article(url: url)) else {
            Issue.record("no render")
            return
        }
        #expect(model.sourceName == "news.test")
        #expect(model.title == nil)
        harness.app.request(.back)
        #expect(harness.source.requests == ["/v2/top-headlines?language=en&page=1&pageSize=20"])
        #expect(harness.app.navigator.builtRoutes == [.top])
    }

    @Test func aDeepLinkToAFavouriteShowsTheWholeArticle() throws {
        let favourite = newsArticle(9, list: "saved")
        let harness = try AppHarness(favorites: [favourite])
        harness.app.open(
            "news://article?url=" + favourite.url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        harness.app.start()
        guard case .article(let model) = harness.lastRender(of: .article(url: favourite.url)) else {
            Issue.record("no render")
            return
        }
        #expect(model.title == "saved 9")
        #expect(model.isFavorite)
    }

    @Test func aWarmDeepLinkKeepsTheListAndBuildsOnlyTheArticle() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        let list = harness.app.navigator.module(at: 0)
        _ = harness.takeLog()
        harness.app.open("news://article?url=https%3A%2F%2Fnews.test%2Fwarm%2F1")
        #expect(
            harness.takeLog() == [
                "stack [top, article(url: \"https://news.test/warm/1\")] after replace [top, article(url: \"https://news.test/warm/1\")]",
                "module top stop", "module built article", "module article viewCreated", "module article start",
                "render article",
            ])
        #expect(harness.app.navigator.module(at: 0) === list)
        #expect(harness.source.requests.count == 1)
        harness.app.open("news://top")
        #expect(harness.app.navigator.state == NavigationState(root: .top))
        #expect(harness.app.navigator.module(at: 0) === list)
    }

    @Test func anInvalidDeepLinkIsRefusedAndTheStackStaysAsItWas() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        harness.app.request(.openSearch)
        let before = harness.app.navigator.state
        _ = harness.takeLog()
        let result = harness.app.open("news://article?url=ftp%3A%2F%2Fnews.test%2Fa")
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.position == 20)
        #expect(
            harness.takeLog() == [
                "deep link refused: news://article?url=ftp%3A%2F%2Fnews.test%2Fa: at character 20: url: expected an http or https address, found \"ftp://news.test/a\""
            ])
        #expect(harness.app.navigator.state == before)
        #expect(harness.app.navigator.builtRoutes == [.top, .search(query: "")])
    }

    @Test func aModalCoversTheListAndBackDismissesIt() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        _ = harness.takeLog()
        harness.app.navigator.navigate(.present(.search(query: "")))
        #expect(
            harness.takeLog() == [
                "stack [top] modal search(q: \"\") after present search(q: \"\")", "module top stop",
                "module built search",
                "module search viewCreated", "module search start", "render search",
            ])
        #expect(
            harness.app.send(.headlines(.refreshTriggered))
                == .failure(.screenNotOnTop(screen: "headlines", visible: .search(query: ""))))
        harness.app.request(.back)
        #expect(harness.app.navigator.state == NavigationState(root: .top))
        #expect(harness.app.navigator.builtRoutes == [.top])
    }

    @Test func backAtTheRootIsRefused() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        _ = harness.takeLog()
        #expect(harness.app.request(.back) == .success(.refused(.popAtRoot(.top))))
        #expect(harness.takeLog() == ["refused back: nothing to pop: only the root top is on the stack"])
    }

    @Test func aSearchRequestInFlightIsCancelledWhenTheScreenIsPopped() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        harness.search("swift")
        #expect(harness.source.requests.count == 2)
        weak let search = harness.app.navigator.visibleModule
        #expect(search != nil)
        harness.app.request(.back)
        #expect(harness.source.isCancelled(1))
        #expect(search == nil)
        _ = harness.takeLog()
        harness.source.answer(1, newsPage(1...2, list: "late"))
        harness.scheduler.advance(by: .seconds(1))
        #expect(harness.takeLog() == [])
    }

    @Test func aPoppedArticleModuleIsReleased() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        harness.app.request(.openArticle(url: "https://news.test/top/1"))
        weak let module = harness.app.navigator.visibleModule as? ArticleModule
        weak let store = module?.component.store
        #expect(store != nil)
        harness.app.request(.back)
        #expect(module == nil)
        #expect(store == nil)
    }

    @Test func aDeepStackRestoresWithOnlyTheTopBuiltThenTheOthersWhenUncovered() throws {
        let first = try AppHarness()
        first.startWithHeadlines()
        first.search("swift")
        first.source.answer(1, newsPage(1...2, list: "swift"))
        first.scheduler.advance()
        first.app.request(.openArticle(url: "https://news.test/swift/2"))
        let json = try first.app.saved().encoded()
        first.app.destroy()

        let second = try AppHarness(restoring: SavedNavigation.decode(json))
        second.app.start()
        #expect(second.app.navigator.builtRoutes == [.article(url: "https://news.test/swift/2")])
        #expect(second.source.requests == [])
        guard case .article(let article) = second.lastRender(of: .article(url: "https://news.test/swift/2")) else {
            Issue.record("no article render")
            return
        }
        #expect(article.title == "swift 2")
        second.app.request(.back)
        #expect(second.source.requests == ["/v2/everything?q=swift&page=1&pageSize=20"])
        second.app.request(.back)
        #expect(second.source.requests.count == 1)
        guard case .headlines(let list) = second.lastRender(of: .top) else {
            Issue.record("no list render")
            return
        }
        #expect(list.rows.map(\.title) == ["top 1", "top 2", "top 3"])
    }

    @Test func navigatingFromInsideARenderIsQueuedAfterTheNavigationInProgress() throws {
        let first = try AppHarness()
        first.startWithHeadlines()
        let saved = first.app.saved()
        let second = try AppHarness(restoring: saved)
        var answers: [Result<NavigationResult<NewsRoute>, NewsAppRefusal>] = []
        second.app.onEvent = { [unowned second] event in
            if case .rendered(.top, .headlines(let list)) = event, let row = list.rows.first, answers.isEmpty {
                answers.append(second.app.request(.openArticle(url: row.url)))
            }
        }
        second.app.start()
        #expect(answers == [.success(.queued(position: 1))])
        #expect(second.app.navigator.state.stack == [.top, .article(url: "https://news.test/top/1")])
        #expect(second.app.navigator.builtRoutes == [.top, .article(url: "https://news.test/top/1")])
    }

    @Test func viewEventsReachOnlyTheScreenOnTopOfAStartedApp() throws {
        let harness = try AppHarness()
        #expect(harness.app.send(.headlines(.refreshTriggered)) == .failure(.notStarted))
        harness.startWithHeadlines()
        _ = harness.takeLog()
        #expect(
            harness.app.send(.article(.favoriteToggled)) == .failure(.screenNotOnTop(screen: "article", visible: .top)))
        #expect(
            harness.takeLog() == [
                "refused view article: favoriteToggled: the article screen is not on top; top (headlines) is"
            ])
        #expect(harness.app.send(.headlines(.refreshTriggered)) == .success(.top))
        #expect(harness.source.requests.count == 2)
    }

    @Test func openingAnArticleTheScreenDoesNotListIsRefused() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        _ = harness.takeLog()
        #expect(
            harness.app.request(.openArticle(url: "https://news.test/top/99"))
                == .failure(.articleNotListed(url: "https://news.test/top/99", screen: "headlines")))
        #expect(
            harness.takeLog() == [
                "refused openArticle \"https://news.test/top/99\": the headlines screen lists no article \"https://news.test/top/99\""
            ])
        harness.app.request(.openArticle(url: "https://news.test/top/1"))
        #expect(
            harness.app.request(.openSearch)
                == .failure(.screenNotOnTop(screen: "headlines", visible: .article(url: "https://news.test/top/1"))))
        #expect(
            harness.app.request(.openArticle(url: "https://news.test/top/2"))
                == .failure(
                    .screenNotOnTop(screen: "headlines or search", visible: .article(url: "https://news.test/top/1"))))
    }

    @Test func stoppingTheAppStopsTheScreenOnTopAndStartingResumesIt() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        _ = harness.takeLog()
        harness.app.stop()
        #expect(harness.takeLog() == ["module top stop"])
        harness.app.start()
        #expect(harness.takeLog() == ["module top start", "render headlines"])
    }

    @Test func destroyReleasesEveryScreenFromTheTop() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        harness.search("swift")
        harness.app.navigator.navigate(.present(.article(url: "https://news.test/modal/1")))
        _ = harness.takeLog()
        harness.app.destroy()
        #expect(
            harness.takeLog().filter { $0.hasPrefix("module released") } == [
                "module released article", "module released search", "module released top",
            ])
        #expect(harness.source.isCancelled(1))
        #expect(harness.app.request(.back) == .success(.refused(.destroyed)))
    }

    @Test func anArticleRebuiltByADeepLinkStillShowsTheArticleTheListHandedOver() throws {
        let harness = try AppHarness()
        harness.startWithHeadlines()
        harness.search("swift")
        harness.source.answer(1, newsPage(1...2, list: "swift"))
        harness.scheduler.advance()
        harness.app.request(.openArticle(url: "https://news.test/swift/1"))
        harness.app.open("news://article?url=https%3A%2F%2Fnews.test%2Fswift%2F1")
        #expect(harness.app.navigator.state.stack == [.top, .article(url: "https://news.test/swift/1")])
        guard case .article(let model) = harness.lastRender(of: .article(url: "https://news.test/swift/1")) else {
            Issue.record("no render")
            return
        }
        #expect(model.title == "swift 1")
        harness.app.request(.back)
        harness.app.open("news://article?url=https%3A%2F%2Fnews.test%2Fswift%2F1")
        guard case .article(let stub) = harness.lastRender(of: .article(url: "https://news.test/swift/1")) else {
            Issue.record("no render")
            return
        }
        #expect(stub.title == nil)
    }

    @Test func openingAnArticleBeforeTheAppStartsIsRefused() throws {
        let harness = try AppHarness()
        #expect(harness.app.request(.openArticle(url: "https://news.test/top/1")) == .failure(.notStarted))
        #expect(harness.takeLog() == ["refused openArticle \"https://news.test/top/1\": the app is not started"])
    }
}
