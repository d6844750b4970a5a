import Foundation
import MVICountdownTimer
import MVIImages
import MVIKittens
import MVINews
import MVINewsApp
import TerminalUI
import Testing

@testable import DemoApp

/// The renders are pure: a model in, lines out, no terminal. Expected texts were read by eye.
@Suite struct RenderTests {
    @Test func theLayoutFillsTheScreenWithTitleBodyStatusAndKeys() {
        let frame = DemoFrame(
            tabs: ["A", "B"], selectedTab: 1, clock: "virtual time 0:05", body: ["body"], status: " ok",
            keys: [KeyHelp("q", "quit")])
        let lines = DemoLayout.lines(frame, columns: 80, rows: 24).map(\.text)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { TextWidth.of($0) == 80 })
        #expect(lines[0].hasPrefix(" MVI demo   A  [B]"))
        #expect(lines[0].hasSuffix("virtual time 0:05 "))
        #expect(lines[2].hasPrefix("body "))
        #expect(lines[22].hasPrefix(" ok "))
        #expect(lines[23].hasPrefix(" q quit "))
    }

    @Test func aScreenSmallerThan80x24AsksForRoom() {
        let frame = DemoFrame(tabs: ["A"], selectedTab: 0, clock: nil, body: [], status: "", keys: [])
        let lines = DemoLayout.lines(frame, columns: 79, rows: 30).map(\.text)
        #expect(lines.count == 30)
        #expect(lines[0].hasPrefix("mvi-demo needs at least 80x24; this terminal is 79x30."))
        #expect(lines[1].hasPrefix("Until it is bigger, keys do nothing but quit (q, ^C)."))
    }

    @Test func aLongListScrollsToKeepTheSelectionInView() {
        #expect(DemoLayout.firstRow(selected: 0, count: 100, height: 10) == 0)
        #expect(DemoLayout.firstRow(selected: 50, count: 100, height: 10) == 45)
        #expect(DemoLayout.firstRow(selected: 99, count: 100, height: 10) == 90)
        #expect(DemoLayout.firstRow(selected: 5, count: 8, height: 10) == 0)
    }

    @Test func textIsWrappedAtSpaces() {
        #expect(DemoLayout.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(DemoLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    }

    @Test func kittensListThePathsAndShowTheSelectedImageWithItsSource() throws {
        let png = PNGFixture.png(width: 1, height: 1, rows: [[200, 100, 0]])
        let model = KittensScreenModel(
            kittens: KittenViewModel(
                isLoading: true, isError: false,
                imageUrls: ["http://127.0.0.1:5/images/a.png", "http://127.0.0.1:5/images/b.png"]),
            selected: 1, image: ImageViewModel(bytes: png, source: .disk))
        let lines = KittensRender.lines(model, width: 80, height: 20).map(\.text)
        #expect(lines[0] == " 2 kittens   Loading...")
        #expect(lines[2].hasPrefix("  /images/a.png "))
        #expect(lines[3].hasPrefix("> /images/b.png "))
        #expect(lines[2].hasSuffix("  ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀"))
        #expect(lines[11].hasSuffix("  source: disk"))
    }

    @Test func kittensShowTheErrorAndAFailedImage() {
        let model = KittensScreenModel(
            kittens: KittenViewModel(isLoading: false, isError: true, imageUrls: []), selected: 0,
            image: ImageViewModel(errorText: "HTTP 404"))
        let lines = KittensRender.lines(model, width: 80, height: 20).map(\.text)
        #expect(lines[0] == " Error loading kittens :-(")
        #expect(lines[2].hasSuffix("failed: HTTP 404"))
    }

    @Test(arguments: [("", 0, 0), ("5", 0, 5), ("130", 1, 30), ("0999", 9, 99), ("12345", 23, 45)])
    func theTimePickerReadsDigitsFromTheRight(entry: String, minutes: Int, seconds: Int) {
        let model = TimerScreenModel(timer: TimerMappers.model(TimerState()), entry: entry, label: nil)
        #expect(model.entered == (minutes, seconds))
    }

    @Test func theTimerShowsTimeLeftBackgroundProgressAndButtons() {
        let state = TimerState(phase: .countingDown, value: 10, elapsedTicks: 25, backgroundIndex: 3)
        let lines = TimerRender.lines(
            TimerScreenModel(timer: TimerMappers.model(state), entry: "", label: "rejected(\"x\")"), width: 80,
            height: 20)
        let text = lines.map { $0.text.trimmingCharacters(in: .whitespaces) }
        #expect(text[0] == "Countdown timer: counting down")
        #expect(text[3] == "background 3: dusk")
        #expect(text[5] == "00:07")
        #expect(text[8] == "[############--------------------------------------] 25%")
        #expect(text[10] == "[Space] Pause    [x] Stop    [s] Set the time")
        #expect(text[12] == "last label: rejected(\"x\")")
        #expect(lines[5].spans.allSatisfy { $0.style.background == TimerRender.backgrounds[3]?.colour })
    }

    static let row = NewsRowModel(
        url: "https://n.example/1", title: "Swift ships", sourceName: "Daily", description: nil, imageURL: nil,
        date: "01.02.2026")

    @Test func headlinesListRowsAndTheAlertDrawsOverThem() {
        var container = ContainerState()
        container.setupError("No connection")
        let headlines = HeadlinesViewModel(
            rows: [Self.row, Self.row], isLoadingMore: false, canLoadMore: true, container: container)
        let model = NewsTabModel(stack: [.top], screen: .headlines(headlines), selected: 1, favorites: 2, prompt: nil)
        let lines = NewsRender.lines(model, width: 80, height: 20).map(\.text)
        #expect(lines[0] == " News   headlines   (favourites: 2)")
        #expect(lines[2] == " Top headlines: 2 shown, row 2")
        #expect(lines[3].hasPrefix("  Swift ships (Daily, 01.02.2026)"))
        #expect(lines[4].hasPrefix("> Swift ships (Daily, 01.02.┌──────────────────────┐ "))
        #expect(lines[5].contains("│ Error: No connection │"))
        #expect(lines[7].contains("│ [Enter] OK           │"))
    }

    @Test func searchShowsTheQueryAndTheHistoryOrTheResults() {
        let history = SearchViewModel(query: "sw", content: .history(["swift", "swiss"]), container: ContainerState())
        var lines = NewsRender.lines(
            NewsTabModel(
                stack: [.top, .search(query: "")], screen: .search(history), selected: 1, favorites: 0,
                prompt: "news://se"),
            width: 80, height: 20
        ).map(\.text)
        #expect(lines[0] == " News   headlines > search   (favourites: 0)")
        #expect(lines[1] == " Open link: news://se_")
        #expect(lines[2...5] == [" Search: sw_", " History:", "  swift", "> swiss"])
        let results = SearchViewModel(
            query: "swift", content: .results([Self.row], totalResults: 7), container: ContainerState(isLoading: true))
        lines = NewsRender.lines(
            NewsTabModel(
                stack: [.top, .search(query: "")], screen: .search(results), selected: 0, favorites: 0, prompt: nil),
            width: 80, height: 20
        ).map(\.text)
        #expect(lines[3] == " 7 results, 1 shown")
        #expect(lines[4].hasPrefix("> Swift ships"))
        #expect(lines[5].contains("│ Loading... │"))
    }

    @Test func aSearchThatWaitsSaysSearchingAndOneResultIsSingular() {
        let older = SearchViewModel(query: "swift", content: .results([], totalResults: 0), container: ContainerState())
        var lines = NewsRender.lines(
            NewsTabModel(
                stack: [.top, .search(query: "")], screen: .search(older), selected: nil, favorites: 0, prompt: nil,
                searching: true),
            width: 80, height: 20
        ).map(\.text)
        #expect(lines[3] == " searching…")
        let one = SearchViewModel(
            query: "swift", content: .results([Self.row], totalResults: 1), container: ContainerState())
        lines = NewsRender.lines(
            NewsTabModel(
                stack: [.top, .search(query: "")], screen: .search(one), selected: nil, favorites: 0, prompt: nil),
            width: 80, height: 20
        ).map(\.text)
        #expect(lines[3] == " 1 result, 1 shown")
        #expect(lines[4].hasPrefix("  Swift ships"), "no row is shown selected until an arrow selects one")
    }

    @Test func aMissingKeyAlertNamesTheDemosEnvironmentVariable() {
        var container = ContainerState()
        container.setupError(NewsError.api(status: 401, code: NewsError.Code.apiKeyMissing, message: "").userMessage)
        let headlines = HeadlinesViewModel(rows: [], isLoadingMore: false, canLoadMore: false, container: container)
        let lines = NewsRender.lines(
            NewsTabModel(stack: [.top], screen: .headlines(headlines), selected: 0, favorites: 0, prompt: nil),
            width: 80, height: 20
        ).map(\.text)
        #expect(lines.contains { $0.contains("NEWS_API_KEY") }, "\(lines.joined(separator: "\n"))")
    }

    @Test func aFirstPageThatFailedDoesNotReadAsTheEndOfTheList() {
        let headlines = HeadlinesViewModel(
            rows: [], isLoadingMore: false, canLoadMore: false, container: ContainerState())
        let lines = NewsRender.lines(
            NewsTabModel(stack: [.top], screen: .headlines(headlines), selected: 0, favorites: 0, prompt: nil),
            width: 80, height: 20
        ).map(\.text)
        #expect(!lines.contains { $0.contains("no more headlines") })
        #expect(lines.contains(" no headlines loaded: r tries again"))
    }

    @Test func anArticleShowsItsFieldsAndWhetherItIsAFavourite() {
        let article = ArticleViewModel(
            url: "https://n.example/1", title: "Swift ships", sourceName: "Daily", author: "Ann",
            description: "What shipped.",
            content: nil, imageURL: nil, date: "01.02.2026", isFavorite: true, container: ContainerState())
        let lines = NewsRender.lines(
            NewsTabModel(
                stack: [.top, .article(url: article.url)], screen: .article(article), selected: 0, favorites: 1,
                prompt: nil),
            width: 80, height: 20
        ).map(\.text)
        #expect(
            Array(lines[2...8]) == [
                " Swift ships", " Daily · Ann · 01.02.2026", " ★ favourite", "", " What shipped.", "",
                " https://n.example/1",
            ])
    }
}
