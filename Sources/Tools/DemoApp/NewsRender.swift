import MVINews
import MVINewsApp
import TerminalUI

/// What the News tab shows: the navigation stack, the visible screen's latest model, the row
/// selected in it, the number of favourites, and the deep link being typed.
public struct NewsTabModel: Equatable, Sendable {
    public var stack: [NewsRoute]
    /// The visible screen's latest model; nil before its first render.
    public var screen: NewsScreenModel?
    /// The row selected; nil for none (the search's list, until an arrow key selects a row).
    public var selected: Int?
    public var favorites: Int
    /// The link typed after Ctrl-O, while the prompt is open.
    public var prompt: String?
    /// Whether the search's results are not yet the query's: a search waits or runs.
    public var searching: Bool

    public init(
        stack: [NewsRoute], screen: NewsScreenModel?, selected: Int?, favorites: Int, prompt: String?,
        searching: Bool = false
    ) {
        self.stack = stack
        self.screen = screen
        self.selected = selected
        self.favorites = favorites
        self.prompt = prompt
        self.searching = searching
    }
}

/// The News tab as lines: the stack, then the headlines, an article or the search.
public enum NewsRender {
    public static func lines(_ model: NewsTabModel, width: Int, height: Int) -> [ScreenLine] {
        let stack = model.stack.map(\.newsScreen).joined(separator: " > ")
        var lines = [ScreenLine(" News   \(stack)   (favourites: \(model.favorites))", .strong)]
        if let prompt = model.prompt {
            lines.append(ScreenLine([Span(" Open link: "), Span(prompt + "_", .highlighted)]))
        } else {
            lines.append(ScreenLine(""))
        }
        let room = height - lines.count
        let container: ContainerState
        switch model.screen {
        case .headlines(let headlines):
            container = headlines.container
            lines += Self.headlines(headlines, selected: model.selected ?? 0, width: width, height: room)
        case .article(let article):
            container = article.container
            lines += Self.article(article, width: width, height: room)
        case .search(let search):
            container = search.container
            lines += Self.search(
                search, selected: model.selected, searching: model.searching, width: width, height: room)
        case nil:
            container = ContainerState()
        }
        lines = Array(lines.prefix(height))
        return overlay(container, on: lines, width: width)
    }

    /// The loading overlay and the error alert, drawn over the middle of the body.
    static func overlay(_ container: ContainerState, on lines: [ScreenLine], width: Int) -> [ScreenLine] {
        var box: [String] = []
        if let error = container.errorText {
            box = DemoLayout.wrap("Error: " + error, width: 50)
            // The feature's text speaks of an app's settings; the demo has none: it reads the key from the environment.
            if keyErrors.contains(error) {
                box += DemoLayout.wrap("mvi-demo reads the key from NEWS_API_KEY (with --endpoint).", width: 50)
            }
            box += ["", "[Enter] OK"]
        } else if container.isLoading {
            box = ["Loading..."]
        }
        guard !box.isEmpty else { return lines }
        var result = lines
        let boxWidth = box.map(TextWidth.of).max().map { $0 + 4 } ?? 0
        let left = max(0, (width - boxWidth) / 2)
        let top = 4
        let framed =
            ["┌" + String(repeating: "─", count: boxWidth - 2) + "┐"]
            + box.map { "│ " + $0 + String(repeating: " ", count: boxWidth - 4 - TextWidth.of($0)) + " │" }
            + ["└" + String(repeating: "─", count: boxWidth - 2) + "┘"]
        while result.count < top + framed.count { result.append(ScreenLine("")) }
        for (offset, text) in framed.enumerated() {
            let under = result[top + offset].fitted(to: width).text
            let before = String(under.prefix(left))
            let after = String(under.dropFirst(left + boxWidth))
            result[top + offset] = ScreenLine([Span(before), Span(text, .strong), Span(after)])
        }
        return result
    }

    /// The feature's alert texts about a missing or refused key.
    static let keyErrors: Set<String> = [NewsError.Code.apiKeyMissing, NewsError.Code.apiKeyInvalid].map {
        NewsError.api(status: 401, code: $0, message: "").userMessage
    }.reduce(into: []) { $0.insert($1) }

    static func row(_ row: NewsRowModel, selected: Bool, width: Int) -> ScreenLine {
        let meta = " (" + ([row.sourceName] + (row.date.map { [$0] } ?? [])).joined(separator: ", ") + ")"
        let text = (selected ? "> " : "  ") + (row.title ?? "(no title)") + meta
        return ScreenLine(text, selected ? .highlighted : .plain).fitted(to: width)
    }

    static func list(_ rows: [NewsRowModel], selected: Int?, width: Int, height: Int) -> [ScreenLine] {
        let first = DemoLayout.firstRow(selected: selected ?? 0, count: rows.count, height: height)
        return rows.enumerated().dropFirst(first).prefix(height).map { row($1, selected: $0 == selected, width: width) }
    }

    static func headlines(_ model: HeadlinesViewModel, selected: Int, width: Int, height: Int) -> [ScreenLine] {
        // An empty list that loads no more and has no emptyText (news.118: a page came back empty) is a
        // first page that failed, not the end of a list.
        let footer =
            model.isLoadingMore
            ? "loading more..."
            : model.canLoadMore
                ? "more below: the last row loads the next page"
                : model.rows.isEmpty && model.emptyText == nil
                    ? "no headlines loaded: r tries again" : "no more headlines"
        let body =
            model.emptyText.map { [ScreenLine(" " + $0)] }
            ?? list(model.rows, selected: selected, width: width, height: height - 2)
        return [ScreenLine(" Top headlines: \(model.rows.count) shown, row \(model.rows.isEmpty ? 0 : selected + 1)")]
            + body + [ScreenLine(" " + footer)]
    }

    static func article(_ model: ArticleViewModel, width: Int, height: Int) -> [ScreenLine] {
        var lines = DemoLayout.wrap(model.title ?? "(no title)", width: width - 2).map { ScreenLine(" " + $0, .strong) }
        let meta = [model.sourceName] + [model.author, model.date].compactMap { $0 }
        lines.append(ScreenLine(" " + meta.joined(separator: " · ")))
        lines.append(ScreenLine(model.isFavorite ? " ★ favourite" : " ☆ not a favourite"))
        lines.append(ScreenLine(""))
        for text in [model.description, model.content].compactMap({ $0 }) {
            lines += DemoLayout.wrap(text, width: width - 2).map { ScreenLine(" " + $0) }
            lines.append(ScreenLine(""))
        }
        lines.append(ScreenLine(" " + model.url))
        return lines
    }

    static func search(_ model: SearchViewModel, selected: Int?, searching: Bool, width: Int, height: Int)
        -> [ScreenLine]
    {
        var lines = [ScreenLine([Span(" Search: "), Span(model.query + "_", .highlighted)])]
        switch model.content {
        case .history(let entries):
            lines.append(
                ScreenLine(entries.isEmpty ? " No history yet: type 3 letters or more to search" : " History:"))
            let first = DemoLayout.firstRow(selected: selected ?? 0, count: entries.count, height: height - 2)
            lines += entries.enumerated().dropFirst(first).prefix(height - 2).map { index, entry in
                ScreenLine((index == selected ? "> " : "  ") + entry, index == selected ? .highlighted : .plain)
            }
        case .results(let rows, let total):
            lines.append(
                ScreenLine(searching ? " searching…" : " \(total) result\(total == 1 ? "" : "s"), \(rows.count) shown"))
            lines += list(rows, selected: selected, width: width, height: height - 2)
        }
        return lines
    }
}
