import FixtureFormat
import NewsReplay
import ReplaySeam
import Testing

@testable import MVINews

/// The News feature's seam: the config and answer readers, what they refuse, and the renders.
@Suite struct NewsFeatureTests {
    private func object(_ json: String) throws -> JSONObject {
        guard case .object(let object) = try JSONValue.parse(json) else { throw FieldError("not an object") }
        return object
    }

    private func config(_ json: String) throws(FieldError) -> NewsFeature.Config {
        let parsed: JSONObject
        do { parsed = try object(json) } catch { throw FieldError("\(error)") }
        return try NewsFeature.config.decode(parsed)
    }

    private func answer(_ json: String) throws -> NewsReplayAnswer {
        try NewsFeature.responses.decode(try object(json), ignoring: ["event", "request"])
    }

    @Test func theConfigOpensAScreenWithItsStores() throws {
        #expect(
            try config(#"{"screen": "search", "history": ["b", "a"], "storageFault": "unwritable"}"#)
                == .search(history: ["b", "a"], storageFault: .unwritable))
        #expect(
            try config(#"{"screen": "search", "storageFault": "unreadable"}"#)
                == .search(history: [], storageFault: .unreadable))
        #expect(
            try config(#"{"screen": "article", "article": {"source": {"name": "S"}, "url": "u"}, "favorites": ["u"]}"#)
                == .article(NewsArticle(source: .init(name: "S"), url: "u"), favorites: ["u"], storageFault: nil))
        #expect(try config(#"{"screen": "headlines"}"#) == .headlines)
    }

    @Test(arguments: [
        (#"{}"#, FieldError("a news config needs one of screen")),
        (
            #"{"screen": "settings"}"#,
            FieldError(field: "screen", #"unknown screen "settings"; expected headlines, article or search"#)
        ),
        (#"{"screen": "article"}"#, FieldError(field: "article", "missing; expected an object")),
        (
            #"{"screen": "headlines", "history": []}"#,
            FieldError(field: "history", "unknown field; expected only screen")
        ),
        (
            #"{"screen": "search", "storageFault": "full"}"#,
            FieldError(field: "storageFault", #"expected one of corrupt, unwritable, unreadable, found "full""#)
        ),
        (
            #"{"screen": "article", "article": {"url": "u"}}"#,
            FieldError(field: "article.source", "missing; expected an object")
        ),
        (
            #"{"screen": "article", "article": {"source": {"name": "S"}, "url": "u", "author": null}}"#,
            FieldError(field: "article.author", "expected a string, found null")
        ),
    ])
    func aBadConfigIsRefusedNamingTheField(json: String, expected: FieldError) {
        #expect(throws: expected) { try config(json) }
    }

    @Test func everyAnswerFormDecodesWithItsEcho() throws {
        let generated = try answer(#"{"generated": {"first": 21, "count": 2}, "totalResults": 25}"#)
        #expect(generated.echo == "generated 21...22, totalResults 25")
        #expect(
            generated.result
                == .success(NewsPage(totalResults: 25, articles: [21, 22].map(NewsFeature.generatedArticle))))
        #expect(
            try answer(#"{"generated": {"first": 1, "count": 0}, "totalResults": 80}"#).echo
                == "generated none, totalResults 80")
        #expect(try answer(#"{"articles": []}"#).result == .success(NewsPage(totalResults: 0, articles: [])))
        let body = try answer(
            #"{"status": 401, "body": "{\"status\":\"error\",\"code\":\"apiKeyMissing\",\"message\":\"m\"}"}"#)
        #expect(body.result == .failure(.api(status: 401, code: "apiKeyMissing", message: "m")))
        #expect(try answer(#"{"body": "not json"}"#).echo == #"status 200, body "not json""#)
        #expect(
            try answer(#"{"failure": "api", "status": 426, "code": "maximumResultsReached"}"#).echo
                == #"failure api(status: 426, code: "maximumResultsReached")"#)
        #expect(try answer(#"{"failure": "httpStatus", "status": 503}"#).result == .failure(.httpStatus(503)))
        #expect(try answer(#"{"failure": "invalidResponse", "detail": "d"}"#).echo == #"failure invalidResponse("d")"#)
        #expect(try answer(#"{"failure": "transport"}"#).result == .failure(.transport("connection failed")))
        #expect(try answer(#"{"failure": "timeout"}"#).echo == "failure timeout")
    }

    @Test(arguments: [
        (#"{}"#, "a news response needs one of articles, generated, body or failure"),
        (
            #"{"articles": [], "body": ""}"#,
            "a news response takes only one of articles, generated, body or failure; found articles and body"
        ),
        (#"{"generated": {"first": 1, "count": 2}}"#, #"field "totalResults": missing; expected a whole number >= 0"#),
        (
            #"{"generated": {"first": 0, "count": 2}, "totalResults": 2}"#,
            #"field "generated.first": expected a whole number from 1 to 1000000, found 0"#
        ),
        (
            #"{"generated": {"first": 1, "count": 1001}, "totalResults": 2}"#,
            #"field "generated.count": expected a whole number from 0 to 1000, found 1001"#
        ),
        (#"{"articles": [], "totalResults": -1}"#, #"field "totalResults": expected a whole number >= 0, found -1"#),
        (#"{"body": "", "status": 600}"#, #"field "status": expected a whole number from 100 to 599, found 600"#),
        (#"{"failure": "api", "status": 401}"#, #"field "code": missing; expected a string"#),
        (
            #"{"failure": "dns"}"#,
            #"field "failure": unknown failure "dns"; expected api, httpStatus, invalidResponse, transport or timeout"#
        ),
        (
            #"{"failure": "timeout", "detail": "x"}"#,
            #"field "detail": unknown field; expected only event, request, failure"#
        ),
    ])
    func aBadAnswerIsRefusedNamingTheField(json: String, expected: String) throws {
        let error = #expect(throws: (any Error).self) { try answer(json) }
        #expect(error.map { String(describing: $0) } == expected)
    }

    @Test func absentFieldsAreLeftOutOfTheRender() {
        let row = NewsRowModel(NewsArticle(source: .init(name: "Wire"), url: "https://news.test/bare"))
        #expect(
            CanonicalRender.text(row.canonical)
                == "NewsRowModel\n  url: \"https://news.test/bare\"\n  sourceName: \"Wire\"\n")
        var container = ContainerState()
        container.setupError("Oops")
        #expect(
            CanonicalRender.text(container.canonical) == "ContainerState\n  isLoading: false\n  errorText: \"Oops\"\n")
    }

    @Test func theSearchContentRendersAsACase() {
        let model = SearchViewModel(query: "sw", content: .history(["swift"]), container: ContainerState())
        #expect(
            CanonicalRender.lines(model.canonical) == [
                "SearchViewModel", "  query: \"sw\"", "  content: SearchContent.history", "    entries: [1]",
                "      [0] \"swift\"",
                "  container: ContainerState", "    isLoading: false",
            ])
    }

    @Test func theModuleNamesItsScreensAndAllowsRestore() {
        #expect(NewsFeature.module.screens.map(\.name) == ["headlines", "article", "search"])
        #expect(NewsFeature.module.hasSavedState)
        #expect(NewsFeature.searchScreen.events.map(\.name) == ["queryChanged", "historyEntryTapped", "errorShown"])
    }
}
