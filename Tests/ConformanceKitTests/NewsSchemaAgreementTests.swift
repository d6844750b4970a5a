import Testing

/// News scenario lines that the reader and the committed news schemas must judge alike (the checks
/// are `SchemaAgreementTests`', on news lines).
@Suite struct NewsSchemaAgreementTests {
    static let headlines =
        #"{"format": 1, "id": "news/x", "feature": "news", "description": "d", "config": {"screen": "headlines"}}"#

    static func event(_ note: String, _ events: String...) -> LineCase {
        LineCase(feature: "news", lines: [headlines, #"{"event": "create"}"#] + events, note: note)
    }

    static func config(_ note: String, _ config: String) -> LineCase {
        let header = #"{"format": 1, "id": "news/x", "feature": "news", "description": "d", "config": \#(config)}"#
        return LineCase(feature: "news", lines: [header, #"{"event": "create"}"#], note: note)
    }

    static let rejected: [LineCase] = [
        config("empty config", "{}"),
        config("unknown screen", #"{"screen": "settings"}"#),
        config("article screen without its article", #"{"screen": "article"}"#),
        config("history on the headlines screen", #"{"screen": "headlines", "history": []}"#),
        config("unknown storage fault", #"{"screen": "search", "storageFault": "full"}"#),
        config(
            "null author", #"{"screen": "article", "article": {"source": {"name": "S"}, "url": "u", "author": null}}"#),
        config("article without source", #"{"screen": "article", "article": {"url": "u"}}"#),
        event("view without a screen", #"{"event": "view", "name": "endReached"}"#),
        event("event of another screen", #"{"event": "view", "screen": "article", "name": "endReached"}"#),
        event("queryChanged without payload", #"{"event": "view", "screen": "search", "name": "queryChanged"}"#),
        event(
            "queryChanged with a number",
            #"{"event": "view", "screen": "search", "name": "queryChanged", "payload": 3}"#),
        event(
            "payload on endReached", #"{"event": "view", "screen": "headlines", "name": "endReached", "payload": "x"}"#),
        event("respond without a form", #"{"event": "respond", "request": 1}"#),
        event("two forms", #"{"event": "respond", "request": 1, "articles": [], "body": ""}"#),
        event(
            "generated without totalResults",
            #"{"event": "respond", "request": 1, "generated": {"first": 1, "count": 1}}"#),
        event(
            "generated count 1001",
            #"{"event": "respond", "request": 1, "generated": {"first": 1, "count": 1001}, "totalResults": 1}"#),
        event("article without url", #"{"event": "respond", "request": 1, "articles": [{"source": {"name": "S"}}]}"#),
        event("unknown failure", #"{"event": "respond", "request": 1, "failure": "dns"}"#),
        event("api failure without code", #"{"event": "respond", "request": 1, "failure": "api", "status": 401}"#),
        event("status 99 on a body", #"{"event": "respond", "request": 1, "body": "", "status": 99}"#),
    ]

    static let accepted: [LineCase] = [
        config(
            "article screen",
            #"{"screen": "article", "article": {"source": {"id": "i", "name": "S"}, "url": "u", "content": "c"}, "favorites": [], "storageFault": "corrupt"}"#
        ),
        config("search screen", #"{"screen": "search", "history": ["a"]}"#),
        config("search screen over an unreadable file", #"{"screen": "search", "storageFault": "unreadable"}"#),
        config("search screen over an unwritable file", #"{"screen": "search", "storageFault": "unwritable"}"#),
        event("a view event", #"{"event": "view", "screen": "search", "name": "historyEntryTapped", "payload": ""}"#),
        event(
            "an event for a screen that is not open",
            #"{"event": "view", "screen": "article", "name": "favoriteToggled"}"#),
        event("restore", #"{"event": "restore"}"#),
        event(
            "generated none",
            #"{"event": "respond", "request": 1, "generated": {"first": 1, "count": 0}, "totalResults": 0}"#),
        event("a body with its status", #"{"event": "respond", "request": 1, "body": "{}", "status": 500}"#),
        event("transport without detail", #"{"event": "respond", "request": 1, "failure": "transport"}"#),
        event(
            "api failure",
            #"{"event": "respond", "request": 1, "failure": "api", "status": 426, "code": "maximumResultsReached", "message": "m"}"#
        ),
    ]

    @Test(arguments: rejected)
    func aNewsLineTheReaderRejectsTheSchemaRejects(line: LineCase) throws {
        try SchemaAgreementTests().aLineTheReaderRejectsTheSchemaRejects(line: line)
    }

    @Test(arguments: accepted)
    func aNewsLineTheReaderAcceptsTheSchemaAccepts(line: LineCase) throws {
        try SchemaAgreementTests().aLineTheReaderAcceptsTheSchemaAccepts(line: line)
    }
}
