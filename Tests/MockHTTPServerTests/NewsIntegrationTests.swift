import Foundation
import MVICore
import MockHTTPServer
import Testing

@testable import MVINews

/// News's URLSession data source, and the headlines store on it, against the mock server's
/// NewsAPI. Subject: real sockets, sessions and queues, so waits use generous timeouts; the
/// journal proves which requests went out.
@Suite struct NewsIntegrationTests {
    private func source(_ server: MockServer, key: String? = "news-key") -> NewsHTTPDataSource {
        NewsHTTPDataSource(baseURL: server.baseURL, apiKey: key, timeout: 30)
    }

    private func load(_ source: NewsHTTPDataSource, _ request: NewsRequest) -> Result<NewsPage, NewsError>? {
        let outcome = Box<Result<NewsPage, NewsError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = source.load(request) { result in
            outcome.value = result
            done.signal()
        }
        _ = done.wait(timeout: .now() + 60)
        return outcome.value
    }

    @Test func headlinesArePagedFromOneWithTheKeyInTheHeaderOnly() throws {
        let server = try startServer()
        defer { server.stop() }
        let page = try #require(try load(source(server), .topHeadlines(page: 1, pageSize: 20))?.get())
        #expect(page.articles.count == 20)
        #expect(page.totalResults > NewsRequest.resultCap)
        #expect(
            page.articles.contains { $0.author == nil } || page.articles.contains { $0.urlToImage == nil }
                || page.articles.contains { $0.description == nil })
        let request = try #require(server.journal.next(timeout: .seconds(10))?.request)
        #expect(request.path == "/v2/top-headlines")
        #expect(request.target == "/v2/top-headlines?language=en&page=1&pageSize=20")
        #expect(request.header("X-Api-Key") == "news-key")
        #expect(request.queryValue("apiKey") == nil)
    }

    @Test func aSearchAsksEverythingAndGetsTitlesOrDescriptionsThatMatch() throws {
        let server = try startServer()
        defer { server.stop() }
        let page = try #require(try load(source(server), .everything(query: "Kittens", page: 1, pageSize: 20))?.get())
        #expect(!page.articles.isEmpty)
        #expect(
            page.articles.allSatisfy { article in
                [article.title, article.description].contains { $0?.lowercased().contains("kittens") == true }
            })
        let request = try #require(server.journal.next(timeout: .seconds(10))?.request)
        #expect(request.target == "/v2/everything?q=Kittens&page=1&pageSize=20")
        #expect(request.header("X-Api-Key") == "news-key")
    }

    /// Each NewsAPI error the server gives, as the data source reports it and the alert shows it.
    @Test(arguments: [
        ("a missing key", 401, "apiKeyMissing", "No NewsAPI key was sent. Add your key in the settings."),
        ("a wrong key", 401, "apiKeyInvalid", "The NewsAPI key is not valid. Check the key in the settings."),
        ("a used-up key", 429, "rateLimited", "Too many requests. Wait a minute and try again."),
        ("a page past the cap", 426, "maximumResultsReached", "No more articles: NewsAPI shows at most 100 results."),
        ("a page too large", 400, "parameterInvalid", "NewsAPI did not accept the request (parameterInvalid)."),
        ("a failing service", 500, "unexpectedError", "NewsAPI failed to answer. Try again later."),
    ])
    func eachNewsAPIErrorReachesTheUserAsItsText(situation: String, status: Int, code: String, text: String) throws {
        let server = try startServer {
            $0.newsAPI = NewsAPIKeys(accepted: ["news-key"], requestLimit: situation == "a used-up key" ? 0 : nil)
        }
        defer { server.stop() }
        var request = NewsRequest.topHeadlines(page: 1, pageSize: 20)
        var key: String? = "news-key"
        switch situation {
        case "a missing key": key = nil
        case "a wrong key": key = "not-the-key"
        case "a page past the cap": request = .topHeadlines(page: 6, pageSize: 20)
        case "a page too large": request = .topHeadlines(page: 1, pageSize: 101)
        case "a failing service": server.stub(Stub(path: "/v2/top-headlines", responses: [.newsAPI(.unexpectedError)]))
        default: break
        }
        let outcome = try #require(load(source(server, key: key), request))
        guard case .failure(let error) = outcome, case .api(let gotStatus, let gotCode, let message) = error else {
            Issue.record("\(situation): expected NewsAPI's error \(code), got \(outcome)")
            return
        }
        #expect(gotStatus == status)
        #expect(gotCode == code)
        #expect(!message.isEmpty)
        #expect(error.userMessage == text)
        let sent = try #require(server.journal.next(timeout: .seconds(10)))
        #expect(sent.status == status)
        #expect(sent.request.header("X-Api-Key") == key)
    }

    @Test func aBrokenConnectionIsATransportFailureWithItsText() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/v2/everything", responses: [.fault(.connectionReset)]))
        guard case .failure(let error)? = load(source(server), .everything(query: "swift", page: 1, pageSize: 20)),
            case .transport = error
        else {
            Issue.record("expected a transport failure")
            return
        }
        #expect(error.userMessage == "No connection to NewsAPI. Check the network and try again.")
    }

    // MARK: The headlines store on a real queue

    @Test func theHeadlinesStorePagesToTheCapAndAsksNoFurther() throws {
        let server = try startServer()
        defer { server.stop() }
        let scheduler = DispatchQueueScheduler.background(label: "news-main")
        let changed = DispatchSemaphore(value: 0)
        let store = scheduler.queue.sync {
            let store = HeadlinesStore.headlines(dataSource: source(server), scheduler: scheduler)
            _ = store.subscribe(states: { _ in changed.signal() }, onDispose: {})
            return store
        }
        /// Waits until no page is loading; nil if that takes more than a minute.
        func settled() -> HeadlinesState? {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let state = scheduler.queue.sync { store.state }
                if state.loadingPage == nil, state.loadedPage > 0 || state.container.errorText != nil { return state }
                _ = changed.wait(timeout: .now() + 0.1)
            }
            return nil
        }
        var state = try #require(settled())
        while state.hasMorePages {
            let before = state.loadedPage
            scheduler.queue.sync { store.accept(.loadMore) }
            repeat {
                state = try #require(settled())
            } while state.loadedPage == before && state.container.errorText == nil
        }
        #expect(state.loadedPage == 5)
        #expect(state.articles.count == 99, "100 results, one of them the duplicate that straddles pages 1 and 2")
        #expect(state.container.errorText == nil)
        scheduler.queue.sync { store.accept(.loadMore) }
        scheduler.queue.sync { store.dispose() }

        let requests = server.journal.all.map(\.request)
        #expect(requests.map(\.target) == (1...5).map { "/v2/top-headlines?language=en&page=\($0)&pageSize=20" })
        #expect(requests.allSatisfy { $0.header("X-Api-Key") == "news-key" })
        #expect(server.journal.all.allSatisfy { $0.status == 200 })
    }
}
