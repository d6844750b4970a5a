import MVICore
import MVINavigation
import MVINews
import MVINewsApp
import TerminalUI

/// The News tab: the News app (its screens behind the navigator); keys become view events,
/// navigation requests and deep links.
final class NewsScreen: DemoScreen {
    private let app: NewsApp
    private let favorites: any FavoritesStore
    /// Each route's latest render, kept from the app's events.
    private var models: [NewsRoute: NewsScreenModel] = [:]
    /// The row selected on each screen: the headlines' first row until an arrow moves it; none on
    /// the search's list until an arrow selects one (typing clears it).
    private var selection: [NewsRoute: Int] = [:]
    /// The query each search screen's results are for: the query when its last search ended.
    private var searched: [NewsRoute: String] = [:]
    private var prompt: String?
    private var favoriteCount = 0
    private(set) var status: String?

    init(app: NewsApp, favorites: any FavoritesStore) {
        self.app = app
        self.favorites = favorites
        app.onEvent = { [weak self] event in self?.note(event) }
    }

    let title = "News"

    private var visible: NewsRoute { app.navigator.state.visible }
    private var model: NewsScreenModel? { models[visible] }
    private var selected: Int {
        get { selection[visible] ?? 0 }
        set { selection[visible] = newValue }
    }

    /// Whether the visible search's results are not yet its query's: the search waits (the
    /// feature's debounce) or runs.
    private var searching: Bool {
        guard case .search(let search)? = model, case .results = search.content else { return false }
        return search.container.isLoading || searched[visible] != search.query
    }

    var isTyping: Bool { prompt != nil || isSearch }

    private var isSearch: Bool {
        if case .search = model { return true }
        return false
    }

    var keys: [KeyHelp] {
        if prompt != nil { return [KeyHelp("Enter", "open"), KeyHelp("Esc", "cancel")] }
        if model.map(container)?.hasError == true { return [KeyHelp("Enter", "OK")] }
        let link = KeyHelp("^O", "link")
        switch model {
        case .headlines:
            return [
                KeyHelp("arrows", "select"), KeyHelp("Enter", "open"), KeyHelp("r", "refresh"), KeyHelp("/", "search"),
                link,
            ]
        case .article: return [KeyHelp("f", "favourite"), KeyHelp("Esc", "back"), link]
        case .search:
            return [
                KeyHelp("type", "query"), KeyHelp("arrows", "select"), KeyHelp("Enter", "open"), KeyHelp("Esc", "back"),
                link,
            ]
        case nil: return [link]
        }
    }

    private func note(_ event: NewsAppEvent) {
        switch event {
        case .rendered(let route, let model):
            if case .search(let search) = model, search.container.isLoading == false,
                case .search(let before)? = models[route], before.container.isLoading
            {
                searched[route] = search.query
            }
            models[route] = model
        case .navigation(.navigated(_, let state)):
            models = models.filter { state.stack.contains($0.key) || state.modal == $0.key }
            searched = searched.filter { models[$0.key] != nil }
            status = event.description
        case .navigation(.refused), .deepLinkRefused, .refused: status = event.description
        case .navigation: break
        }
    }

    private func container(_ model: NewsScreenModel) -> ContainerState {
        switch model {
        case .headlines(let model): model.container
        case .article(let model): model.container
        case .search(let model): model.container
        }
    }

    func prepare() {
        favoriteCount = (try? favorites.favorites().count) ?? 0
    }

    func body(width: Int, height: Int) -> [ScreenLine] {
        NewsRender.lines(
            NewsTabModel(
                stack: app.navigator.state.stack, screen: model, selected: isSearch ? selection[visible] : selected,
                favorites: favoriteCount,
                prompt: prompt, searching: searching),
            width: width, height: height)
    }

    func handle(_ key: Key) -> Bool {
        if let typed = prompt { return handlePrompt(key, typed) }
        if key == .control("o") {
            prompt = NewsDeepLinks.scheme + "://"
            return true
        }
        guard let model else { return false }
        if container(model).hasError {
            guard key == .enter else { return false }
            switch model {
            case .headlines: app.send(.headlines(.errorShown))
            case .article: app.send(.article(.errorShown))
            case .search: app.send(.search(.errorShown))
            }
            return true
        }
        switch model {
        case .headlines(let headlines): return handleHeadlines(key, headlines)
        case .article: return handleArticle(key)
        case .search(let search): return handleSearch(key, search)
        }
    }

    private func handlePrompt(_ key: Key, _ typed: String) -> Bool {
        switch key {
        case .character(let character):
            // The prompt starts with `news://` typed; a link typed whole after it (as the docs write
            // links) is taken as it is, not as `news://news://...`.
            let scheme = NewsDeepLinks.scheme + "://"
            let next = typed + String(character)
            prompt = next.hasPrefix(scheme + scheme) ? String(next.dropFirst(scheme.count)) : next
        case .backspace: prompt = String(typed.dropLast())
        case .escape: prompt = nil
        case .enter:
            prompt = nil
            app.open(typed)
        default: return false
        }
        return true
    }

    private func handleHeadlines(_ key: Key, _ model: HeadlinesViewModel) -> Bool {
        switch key {
        case .character("r"): app.send(.headlines(.refreshTriggered))
        case .character("/"): app.request(.openSearch)
        case .enter:
            guard model.rows.indices.contains(selected) else { return false }
            app.request(.openArticle(url: model.rows[selected].url))
        case .up, .down, .pageUp, .pageDown, .home, .end:
            selected = Self.move(selected, key, count: model.rows.count)
            // The last row came into view: the list asks for the next page, as a scrolling list does.
            if selected == model.rows.count - 1, model.canLoadMore, !model.isLoadingMore {
                app.send(.headlines(.endReached))
            }
        default: return false
        }
        return true
    }

    private func handleArticle(_ key: Key) -> Bool {
        switch key {
        case .character("f"): app.send(.article(.favoriteToggled))
        case .escape, .left: app.request(.back)
        default: return false
        }
        return true
    }

    private func handleSearch(_ key: Key, _ model: SearchViewModel) -> Bool {
        let count: Int
        switch model.content {
        case .history(let entries): count = entries.count
        case .results(let rows, _): count = rows.count
        }
        switch key {
        case .character(let character):
            selection[visible] = nil
            app.send(.search(.queryChanged(model.query + String(character))))
        case .backspace:
            selection[visible] = nil
            app.send(.search(.queryChanged(String(model.query.dropLast()))))
        case .escape: app.request(.back)
        // The first arrow selects the first row.
        case .up, .down, .pageUp, .pageDown, .home, .end:
            selection[visible] = selection[visible].map { Self.move($0, key, count: count) } ?? 0
        case .enter:
            // Enter acts on the row shown selected, and on none while none is.
            guard let selected = selection[visible] else { return false }
            switch model.content {
            case .history(let entries) where entries.indices.contains(selected):
                app.send(.search(.historyEntryTapped(entries[selected])))
            case .results(let rows, _) where rows.indices.contains(selected):
                app.request(.openArticle(url: rows[selected].url))
            default: return false
            }
        default: return false
        }
        return true
    }

    /// The selection after a movement key, within `0..<count`.
    static func move(_ selected: Int, _ key: Key, count: Int) -> Int {
        let page = 10
        let moved: Int =
            switch key {
            case .up: selected - 1
            case .down: selected + 1
            case .pageUp: selected - page
            case .pageDown: selected + page
            case .home: 0
            case .end: count - 1
            default: selected
            }
        return min(max(0, moved), max(0, count - 1))
    }

    func show() { app.start() }

    func hide() { app.stop() }

    func destroy() { app.destroy() }
}
