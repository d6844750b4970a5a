import Foundation
import MVINavigation
import MVINews
import MVINewsApp
import MVITestSupport
import Testing

@Suite struct NewsDeepLinkTests {
    let grammar = NewsDeepLinks.grammar()

    @Test func theThreeLinksOpenTheirStacksOverTheList() throws {
        #expect(try grammar.parse("news://top") == NavigationState(root: .top))
        #expect(
            try grammar.parse("news://article?url=https%3A%2F%2Fnews.test%2Fa%3Fid%3D1")
                == NavigationState(root: .top, path: [.article(url: "https://news.test/a?id=1")]))
        #expect(
            try grammar.parse("news://search?q=c%2B%2B%20%26%20%C3%BC")
                == NavigationState(root: .top, path: [.search(query: "c++ & ü")]))
        #expect(try grammar.parse("news://search?q=") == NavigationState(root: .top, path: [.search(query: "")]))
    }

    @Test func everyLinkRoundTrips() throws {
        let links = [
            "news://top", "news://article?url=https%3A%2F%2Fnews.test%2Fa%3Fid%3D1",
            "news://search?q=c%2B%2B%20%26%20%C3%BC", "news://search?q=",
        ]
        for link in links {
            #expect(try grammar.link(for: grammar.parse(link)) == link)
        }
        let states: [NavigationState<NewsRoute>] = [
            NavigationState(root: .top),
            NavigationState(root: .top, path: [.article(url: "http://news.test/ü?a=b&c")]),
            NavigationState(root: .top, path: [.search(query: "Привет мир")]),
        ]
        for state in states {
            #expect(try grammar.parse(grammar.link(for: state)) == state)
        }
    }

    @Test func anArticleLinkNeedsAWebAddress() throws {
        for (link, reason, position) in [
            ("news://article", "url: missing", 15),
            ("news://article?url=news.test%2Fa", "url: expected an http or https address, found \"news.test/a\"", 20),
            ("news://article?url=https%3A%2F%2F", "url: expected an http or https address, found \"https://\"", 20),
        ] {
            #expect(throws: DeepLinkError.self) { try grammar.parse(link) }
            do {
                _ = try grammar.parse(link)
            } catch {
                #expect(error.description == "\(link): at character \(position): \(reason)")
            }
        }
    }

    @Test func aSearchLinkNeedsQ() {
        #expect {
            try grammar.parse("news://search?query=swift")
        } throws: { error in
            (error as? DeepLinkError)?.reason == .unknownParameter("query", screen: "search", known: ["q"])
        }
        #expect {
            try grammar.parse("news://search")
        } throws: { error in
            (error as? DeepLinkError)?.reason == .invalidValue(parameter: "q", reason: "missing")
        }
    }

    @Test func anAppAddsItsOwnLinksToTheGrammar() throws {
        var grammar = NewsDeepLinks.grammar()
        try grammar.add(
            DeepLinkPattern(
                screen: "latest", beneath: { _ in [] }, parse: { _ in .top }, print: { _ in nil }))
        #expect(grammar.screens == ["top", "article", "search", "latest"])
        #expect(try grammar.parse("news://latest") == NavigationState(root: .top))
    }

    @Test func aStackNoLinkOpensIsNotPrinted() {
        let deep = NavigationState<NewsRoute>(
            root: .top, path: [.search(query: "x"), .article(url: "https://a.test/1")])
        #expect(throws: DeepLinkPrintError.notALinkStack(deep, expected: [.top, .article(url: "https://a.test/1")])) {
            try grammar.link(for: deep)
        }
    }
}

@Suite struct NewsSavedFormatTests {
    @Test func routesEncodeWithTheirScreenName() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let routes: [NewsRoute] = [.top, .article(url: "https://a.test/1"), .search(query: "swift")]
        let json = String(decoding: try encoder.encode(routes), as: UTF8.self)
        #expect(
            json == #"[{"screen":"top"},{"screen":"article","url":"https://a.test/1"},{"q":"swift","screen":"search"}]"#
        )
        #expect(try JSONDecoder().decode([NewsRoute].self, from: Data(json.utf8)) == routes)
    }

    @Test func anUnknownScreenOrAMissingFieldIsNamedWithItsPath() {
        let unknown = Data(#"{"version":1,"stack":[{"route":{"screen":"top"}},{"route":{"screen":"profile"}}]}"#.utf8)
        #expect(
            throws: SavedNavigationError.invalid(
                path: "stack[1].route.screen", detail: "unknown screen \"profile\" (known: top, article, search)")
        ) {
            try SavedNavigation<NewsRoute, NewsSavedScreen>.decode(unknown)
        }
        let noURL = Data(#"{"version":1,"stack":[{"route":{"screen":"top"}},{"route":{"screen":"article"}}]}"#.utf8)
        #expect(throws: SavedNavigationError.invalid(path: "stack[1].route.url", detail: "missing")) {
            try SavedNavigation<NewsRoute, NewsSavedScreen>.decode(noURL)
        }
    }

    @Test func aSavedScreenHoldsExactlyOneScreen() throws {
        let saved: [NewsSavedScreen] = [
            .headlines(HeadlinesSavedState(articles: [], loadedPage: 1, totalResults: 0, endReached: true)),
            .article(NewsArticle(source: .init(name: "S"), url: "https://a.test/1")),
            .search(SearchSavedState(query: "swift")),
        ]
        let data = try JSONEncoder().encode(saved)
        #expect(try JSONDecoder().decode([NewsSavedScreen].self, from: data) == saved)
        let two = Data(
            #"{"version":1,"stack":[{"route":{"screen":"top"},"saved":{"search":{"query":"a"},"article":{}}}]}"#.utf8)
        #expect(
            throws: SavedNavigationError.invalid(
                path: "stack[0].saved", detail: "expected exactly one of headlines, article, search; found 2")
        ) {
            try SavedNavigation<NewsRoute, NewsSavedScreen>.decode(two)
        }
    }

    @Test func aRestoreThatBreaksTheRulesIsRefused() throws {
        let saved = try #require(
            SavedNavigation<NewsRoute, NewsSavedScreen>(stack: [.init(route: .top), .init(route: .top)]))
        #expect(throws: NavigationRefusal<NewsRoute>.duplicateRoute(.top)) {
            try NewsApp(
                dependencies: NewsAppDependencies(
                    dataSource: ScriptedNewsSource(), favorites: InMemoryFavoritesStore(),
                    history: InMemorySearchHistoryStore(), scheduler: TestScheduler()),
                restoring: saved)
        }
    }
}
