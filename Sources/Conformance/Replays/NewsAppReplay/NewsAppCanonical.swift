import FixtureFormat
import MVINavigation
import MVINews
import MVINewsApp
import NewsReplay

// The News app's values as transcripts write them (docs/features/news-app.md, "Transcript").

extension NewsScreenModel: SendableCanonicalRenderable {
    /// The screen's own view model, as News renders it.
    public var canonical: CanonicalValue {
        switch self {
        case .headlines(let model): model.canonical
        case .article(let model): model.canonical
        case .search(let model): model.canonical
        }
    }
}

extension NewsSavedScreen: CanonicalRenderable {
    /// `HeadlinesSavedState`, `ArticleSavedState` with `url`, or `SearchSavedState`: as the `news`
    /// feature renders each screen's saved state.
    public var canonical: CanonicalValue {
        switch self {
        case .headlines(let saved): saved.canonical
        case .article(let article): .record("ArticleSavedState", ["url": .string(article.url)])
        case .search(let saved): saved.canonical
        }
    }
}

extension SavedNavigation<NewsRoute, NewsSavedScreen> {
    /// `SavedNavigation` with `stack` (a list of `SavedScreen`, bottom first) and `modal` (a
    /// `SavedScreen`, present only when one is presented); a `SavedScreen` has `route` (its text)
    /// and `saved` (left out when the screen keeps nothing).
    var canonical: CanonicalValue {
        func screen(_ entry: Entry) -> CanonicalValue {
            .record(
                "SavedScreen",
                [.init("route", .text(entry.route.description))]
                    + (entry.saved.map { [.init("saved", $0.canonical)] } ?? []))
        }
        let modal = self.modal.map { [CanonicalValue.Field("modal", screen($0))] } ?? []
        return .record("SavedNavigation", [.init("stack", .list(stack.map(screen)))] + modal)
    }
}

extension CanonicalValue {
    /// Text written as it is, on one line: a record without fields is written as its name alone.
    /// For the app's log lines and route texts, whose strings are already quoted.
    static func text(_ text: String) -> CanonicalValue { .record(text, []) }
}
