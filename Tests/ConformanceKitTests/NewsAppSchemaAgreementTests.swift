import Testing

/// News app scenario lines that the reader and the committed news-app schemas must judge alike
/// (the checks are `SchemaAgreementTests`', on news-app lines).
@Suite struct NewsAppSchemaAgreementTests {
    static func event(_ note: String, _ events: String...) -> LineCase {
        LineCase(
            feature: "news-app", lines: [LineCase.header("news-app"), #"{"event": "create"}"#] + events, note: note)
    }

    static func config(_ note: String, _ config: String) -> LineCase {
        let header =
            #"{"format": 1, "id": "news-app/x", "feature": "news-app", "description": "d", "config": \#(config)}"#
        return LineCase(feature: "news-app", lines: [header, #"{"event": "create"}"#], note: note)
    }

    static let rejected: [LineCase] = [
        config("an initial stack", #"{"stack": [{"screen": "top"}]}"#),
        config("a storage fault", #"{"storageFault": "corrupt"}"#),
        config("favourites as urls", #"{"favorites": ["https://news.test/1"]}"#),
        config("history with a number", #"{"history": [1]}"#),
        event("deepLink without url", #"{"event": "deepLink"}"#),
        event("deepLink with an empty url", #"{"event": "deepLink", "url": ""}"#),
        event("deepLink with a line feed", #"{"event": "deepLink", "url": "news://top\nx"}"#),
        event("openArticle without url", #"{"event": "openArticle"}"#),
        event("back with a field", #"{"event": "back", "url": "x"}"#),
        event("popToRoot with a route", #"{"event": "popToRoot", "route": {"screen": "top"}}"#),
        event("present without route", #"{"event": "present"}"#),
        event("present of an unknown screen", #"{"event": "present", "route": {"screen": "profile"}}"#),
        event("present of an article without url", #"{"event": "present", "route": {"screen": "article"}}"#),
        event(
            "present of a search with url", #"{"event": "present", "route": {"screen": "search", "q": "", "url": "x"}}"#
        ),
        event("onNextRender without request", #"{"event": "onNextRender"}"#),
        event("onNextRender of an unknown request", #"{"event": "onNextRender", "request": "dismiss"}"#),
        event("onNextRender openArticle without url", #"{"event": "onNextRender", "request": "openArticle"}"#),
        event("onNextRender openSearch with url", #"{"event": "onNextRender", "request": "openSearch", "url": "x"}"#),
        event("view without a screen", #"{"event": "view", "name": "endReached"}"#),
        event("view of an unknown screen", #"{"event": "view", "screen": "top", "name": "endReached"}"#),
        event("an event the app does not have", #"{"event": "dismiss"}"#),
    ]

    static let accepted: [LineCase] = [
        config("no fields", "{}"),
        config(
            "favourites and history",
            #"{"favorites": [{"source": {"name": "S"}, "url": "u", "title": "t"}], "history": ["a"]}"#),
        event("a deep link that will not parse", #"{"event": "deepLink", "url": "http://x y"}"#),
        event("openArticle", #"{"event": "openArticle", "url": "https://news.test/1"}"#),
        event("back", #"{"event": "back"}"#),
        event("openSearch", #"{"event": "openSearch"}"#),
        event("popToRoot", #"{"event": "popToRoot"}"#),
        event("present top", #"{"event": "present", "route": {"screen": "top"}}"#),
        event("present an article", #"{"event": "present", "route": {"screen": "article", "url": ""}}"#),
        event(
            "onNextRender openArticle",
            #"{"event": "onNextRender", "request": "openArticle", "url": "https://news.test/1"}"#),
        event("onNextRender back", #"{"event": "onNextRender", "request": "back"}"#),
        event("a view event", #"{"event": "view", "screen": "article", "name": "favoriteToggled"}"#),
        event("restore", #"{"event": "restore"}"#),
        event(
            "an answer",
            #"{"event": "respond", "request": 1, "generated": {"first": 1, "count": 3}, "totalResults": 3}"#),
    ]

    @Test(arguments: rejected)
    func aNewsAppLineTheReaderRejectsTheSchemaRejects(line: LineCase) throws {
        try SchemaAgreementTests().aLineTheReaderRejectsTheSchemaRejects(line: line)
    }

    @Test(arguments: accepted)
    func aNewsAppLineTheReaderAcceptsTheSchemaAccepts(line: LineCase) throws {
        try SchemaAgreementTests().aLineTheReaderAcceptsTheSchemaAccepts(line: line)
    }
}
