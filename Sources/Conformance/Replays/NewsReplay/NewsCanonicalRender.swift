import FixtureFormat
import MVINews

// The canonical renders of the News view models (docs/features/news.md, "Conformance"): records
// with their fields in declaration order. A field the article lacks is left out of the render,
// so absent never reads as a value.

extension ContainerState: CanonicalRenderable {
    /// `ContainerState` with `isLoading`, and `errorText` while the alert is shown.
    public var canonical: CanonicalValue {
        .record(
            "ContainerState", [CanonicalValue.Field("isLoading", .bool(isLoading))] + present(["errorText": errorText]))
    }
}

extension NewsRowModel: CanonicalRenderable {
    /// `NewsRowModel` with `url`, `title`, `sourceName`, `description`, `imageURL`, `date`; absent ones left out.
    public var canonical: CanonicalValue {
        .record(
            "NewsRowModel",
            heading(url: url, title: title, sourceName: sourceName)
                + present(["description": description, "imageURL": imageURL, "date": date]))
    }
}

extension HeadlinesViewModel: SendableCanonicalRenderable {
    /// `HeadlinesViewModel` with `rows`, `emptyText` when there is one, `isLoadingMore`, `canLoadMore`, `container`.
    public var canonical: CanonicalValue {
        .record(
            "HeadlinesViewModel",
            [CanonicalValue.Field("rows", .list(rows.map(\.canonical)))] + present(["emptyText": emptyText]) + [
                CanonicalValue.Field("isLoadingMore", .bool(isLoadingMore)),
                CanonicalValue.Field("canLoadMore", .bool(canLoadMore)),
                CanonicalValue.Field("container", container.canonical),
            ])
    }
}

extension ArticleViewModel: SendableCanonicalRenderable {
    /// `ArticleViewModel` with `url`, `title`, `sourceName`, `author`, `description`, `content`,
    /// `imageURL`, `date`, `isFavorite`, `container`; absent ones left out.
    public var canonical: CanonicalValue {
        .record(
            "ArticleViewModel",
            heading(url: url, title: title, sourceName: sourceName)
                + present([
                    "author": author, "description": description, "content": content, "imageURL": imageURL,
                    "date": date,
                ])
                + [
                    CanonicalValue.Field("isFavorite", .bool(isFavorite)),
                    CanonicalValue.Field("container", container.canonical),
                ])
    }
}

extension SearchViewModel: SendableCanonicalRenderable {
    /// `SearchViewModel` with `query`, `content` (`SearchContent.history` with `entries`, or
    /// `SearchContent.results` with `rows` and `totalResults`), `container`.
    public var canonical: CanonicalValue {
        let content: CanonicalValue =
            switch content {
            case .history(let entries):
                .enumCase(type: "SearchContent", name: "history", fields: [.init("entries", .strings(entries))])
            case .results(let rows, let totalResults):
                .enumCase(
                    type: "SearchContent", name: "results",
                    fields: [
                        .init("rows", .list(rows.map(\.canonical))), .init("totalResults", .integer(totalResults)),
                    ])
            }
        return .record(
            "SearchViewModel", ["query": .string(query), "content": content, "container": container.canonical])
    }
}

/// `url`, `title` if any, `sourceName`: how a row and an article begin.
private func heading(url: String, title: String?, sourceName: String) -> [CanonicalValue.Field] {
    [CanonicalValue.Field("url", .string(url))] + present(["title": title]) + [
        CanonicalValue.Field("sourceName", .string(sourceName))
    ]
}

/// The fields of `pairs` that have a value, in order.
private func present(_ pairs: KeyValuePairs<String, String?>) -> [CanonicalValue.Field] {
    pairs.compactMap { name, value in value.map { CanonicalValue.Field(name, .string($0)) } }
}
