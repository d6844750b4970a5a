import MVINavigation
import MVINews
import MVINewsApp
import Testing

/// The texts the app's log and the news-app transcripts are made of: strings quoted as
/// docs/render.md quotes them, so a port in any language writes the same bytes.
@Suite struct NewsAppTextTests {
    @Test func routesQuoteTheirStringsAsTheCanonicalRenderDoes() {
        #expect(NewsRoute.search(query: "it's \"x\"").description == #"search(q: "it's \"x\"")"#)
        #expect(
            NewsRoute.article(url: "https://news.test/a\u{00A0}b").description
                == #"article(url: "https://news.test/a\u{00A0}b")"#)
        #expect(NewsRoute.top.description == "top")
    }

    @Test func requestsAndViewEventsReadAsScenariosEchoThem() {
        #expect(NewsNavigationRequest.openArticle(url: "it's").description == #"openArticle "it's""#)
        #expect(NewsScreenEvent.search(.queryChanged("a\tb")).description == #"view search: queryChanged("a\tb")"#)
        #expect(
            NewsScreenEvent.search(.historyEntryTapped("kotlin")).description
                == #"view search: historyEntryTapped("kotlin")"#)
        #expect(NewsScreenEvent.headlines(.endReached).description == "view headlines: endReached")
        #expect(NewsScreenEvent.article(.errorShown).description == "view article: errorShown")
    }

    @Test func aRefusedViewEventNamesItsScreenAndTheOneOnTop() {
        let refusal = NewsAppRefusal.screenNotOnTop(screen: "article", visible: .search(query: "q"))
        #expect(
            NewsAppEvent.refused(NewsScreenEvent.article(.favoriteToggled).description, refusal).description
                == #"refused view article: favoriteToggled: the article screen is not on top; search(q: "q") (search) is"#
        )
    }
}
