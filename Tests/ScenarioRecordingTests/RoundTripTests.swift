import FixtureFormat
import Foundation
import KittensReplay
import MVICore
import MVICountdownTimer
import MVIEssentials
import MVIImages
import MVIKittens
import MVINews
import MVINewsApp
import MockHTTPServer
import NewsAppReplay
import NewsReplay
import ReplaySeam
import ScenarioRecording
import Testing
import TimerReplay

@testable import ImagesReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Subject: a live session of each feature (URLSession against the mock server on loopback, a real
/// dispatch queue and clock), recorded, replays to exactly the reactions the live run showed.
@Suite struct RoundTripTests {
    @Test func kittensLoadRefreshAndLifecycle() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let recorder = try fixture.recorder(KittensFeature.module, "live-refresh")
        recorder.create()
        recorder.perform(.start)  // refused: no view yet
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        settle(recorder)
        recorder.send(view: KittenViewEvent.refreshTriggered)
        settle(recorder)
        recorder.perform(.stop)
        recorder.perform(.viewDestroyed)
        recorder.perform(.destroy)
        let (scenario, transcript) = try expectRoundTrip(recorder)
        #expect(scenario.contains(#"{"event": "respond", "request": 2, "body": "[{"#))
        #expect(transcript.contains("rejected KittenComponent.onStart() called while created"))
        #expect(fixture.server.journal.count == 2)
    }

    @Test func kittensA429ThenARetry() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let limited = fixture.server.stub(
            Stub(path: "/v1/images/search", responses: [.text(429, #"{"message":"slow down"}"#)]))
        let recorder = try fixture.recorder(KittensFeature.module, "rate-limited-then-retry")
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        settle(recorder)
        fixture.server.removeStub(limited)
        recorder.send(view: KittenViewEvent.refreshTriggered)
        let (scenario, transcript) = try expectRoundTrip(recorder)
        #expect(scenario.contains(#"{"event": "respond", "request": 1, "failure": "httpStatus", "status": 429}"#))
        #expect(transcript.contains("isError: true"))
        #expect(transcript.contains("respond #2 body"))
    }

    @Test func timerTicksPausesAndRestarts() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let recorder = try fixture.recorder(TimerFeature.module, "live-countdown", config: ["seed": 7])
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        recorder.send(view: TimerViewEvent.setTimerTapped)
        recorder.send(view: TimerViewEvent.timeSet(minutes: 0, seconds: 1))
        recorder.send(view: TimerViewEvent.startTapped)
        Thread.sleep(forTimeInterval: 0.45)
        recorder.send(view: TimerViewEvent.pauseTapped)
        recorder.send(view: TimerViewEvent.pauseTapped)  // ignored: a label
        Thread.sleep(forTimeInterval: 0.2)
        recorder.send(view: TimerViewEvent.startTapped)
        Thread.sleep(forTimeInterval: 1.0)  // finishes and starts the 3 s restart delay
        recorder.perform(.stop)
        recorder.perform(.viewDestroyed)
        recorder.restore()
        let (scenario, transcript) = try expectRoundTrip(recorder)
        #expect(scenario.contains(#"{"event": "view", "name": "timeSet", "payload": {"minutes": 0, "seconds": 1}}"#))
        #expect(scenario.contains(#""event": "advance""#))
        #expect(transcript.contains("label TimerLabel.ignored"))
        #expect(transcript.contains("saved TimerState"))
        #expect(transcript.contains("isRestarting: true"))
        #expect(transcript.contains("phase: TimerPhase.Restarting"))
    }

    @Test func newsHeadlinesA429FromTheRequestLimitThenARetry() throws {
        var keys = NewsAPIKeys()
        keys.requestLimit = 1
        let fixture = try LiveFixture(newsAPI: keys)
        defer { fixture.stop() }
        let recorder = try fixture.recorder(
            NewsFeature.module, "headlines-rate-limited", config: ["screen": "headlines"])
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        settle(recorder)
        recorder.send(view: HeadlinesViewEvent.refreshTriggered, screen: "headlines")
        settle(recorder)
        recorder.send(view: HeadlinesViewEvent.errorShown, screen: "headlines")
        settle(recorder)
        fixture.server.reset()  // the key's count starts again
        recorder.send(view: HeadlinesViewEvent.refreshTriggered, screen: "headlines")
        settle(recorder)
        recorder.send(view: HeadlinesViewEvent.endReached, screen: "headlines")
        let (scenario, transcript) = try expectRoundTrip(recorder)
        #expect(scenario.contains(#""failure": "api", "status": 429, "code": "rateLimited""#))
        #expect(transcript.contains("Too many requests."))
        #expect(transcript.contains("request #4 /v2/top-headlines"))
    }

    @Test func newsSearchDebouncesTypingInRealTime() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let recorder = try fixture.recorder(
            NewsFeature.module, "search-typed", config: ["screen": "search", "history": ["cats"]])
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        recorder.send(view: SearchViewEvent.queryChanged("s"), screen: "search")
        recorder.send(view: SearchViewEvent.queryChanged("sc"), screen: "search")
        recorder.send(view: SearchViewEvent.queryChanged("sci"), screen: "search")
        Thread.sleep(forTimeInterval: 1.0)
        settle(recorder)
        recorder.send(view: SearchViewEvent.historyEntryTapped("cats"), screen: "search")
        Thread.sleep(forTimeInterval: 1.0)
        let (scenario, transcript) = try expectRoundTrip(recorder)
        #expect(scenario.contains(#""payload": "sci""#))
        #expect(transcript.contains("request #1 /v2/everything"))
    }

    @Test func newsAppNavigatesOverLiveAnswers() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let recorder = try fixture.recorder(NewsAppFeature.module, "live-navigation")
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        settle(recorder)
        let first = try #require(try fixture.firstHeadlineURL())
        recorder.send(custom: "openArticle", NewsAppReplayInput.request(.openArticle(url: first)))
        settle(recorder)
        recorder.send(view: ArticleViewEvent.favoriteToggled, screen: "article")
        recorder.send(custom: "back", NewsAppReplayInput.request(.back))
        recorder.send(custom: "deepLink", NewsAppReplayInput.deepLink("news://search?q=market"))
        settle(recorder)
        Thread.sleep(forTimeInterval: 0.5)
        let (scenario, transcript) = try expectRoundTrip(recorder)
        #expect(scenario.contains(#"{"event": "deepLink", "url": "news://search?q=market"}"#))
        #expect(transcript.contains("favorites ["))
    }

    @Test func imagesLoadRevalidateAndCaches() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        fixture.server.stub(
            Stub(
                path: "/art/cat.txt",
                responses: [
                    StubResponse(
                        status: 200, headers: [("ETag", "\"v1\""), ("Content-Type", "text/plain")],
                        body: Data("a text cat".utf8))
                ]))
        let url = fixture.server.baseURL.absoluteString + "/art/cat.txt"
        let recorder = try fixture.recorder(
            ImagesFeature.module, "live-image", config: ["views": ["a": .string(url)], "maxAgeSeconds": 1])
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        recorder.send(view: ImageViewEvent.appeared, screen: "a")
        settle(recorder)
        recorder.send(custom: "inspectCaches", ImagesReplayCodecs.Command.inspectCaches)
        recorder.send(custom: "clearMemory", ImagesReplayCodecs.Command.clearMemory)
        Thread.sleep(forTimeInterval: 1.2)  // the disk copy goes stale: the next load revalidates
        recorder.send(view: ImageViewEvent.disappeared, screen: "a")
        recorder.send(view: ImageViewEvent.appeared, screen: "a")
        settle(recorder)
        let (scenario, transcript) = try expectRoundTrip(recorder)
        #expect(scenario.contains(#""status": 200, "etag": "\"v1\"", "body": "a text cat""#))
        #expect(transcript.contains("caches ImageCaches"))
    }
}

extension LiveFixture {
    /// The url of the first article the server gave the session's first request, fetched again.
    func firstHeadlineURL() throws -> String? {
        let target = try #require(server.journal.all.first?.request.target)
        let url = try #require(URL(string: server.baseURL.absoluteString + target))
        var request = URLRequest(url: url)
        request.setValue("test-key", forHTTPHeaderField: "X-Api-Key")
        let body = Locked<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, _, _ in
            body.withLock { $0 = data }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 60)
        let text = try #require(body.withLock { $0 }.flatMap { String(data: $0, encoding: .utf8) })
        guard case .object(let page) = try JSONValue.parse(text), case .array(let articles)? = page["articles"],
            case .object(let first)? = articles.first, case .string(let link)? = first["url"]
        else { return nil }
        return link
    }
}
