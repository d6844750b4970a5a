import ConformanceKit
import ReplaySeam
import Testing

/// The Images feature's scenario syntax: its bad and edge lines (which `SchemaAgreementTests` runs
/// through the reader and the schemas alike), and a bad line is refused with the field that is wrong.
@Suite struct ImagesSeamTests {
    static let config = #", "config": {"views": {"a": "https://img.test/cat.jpg", "b": "https://img.test/cat.jpg"}}"#

    static func event(_ note: String, _ events: String...) -> LineCase {
        LineCase(
            feature: "images", lines: [LineCase.header("images", config: config), #"{"event": "create"}"#] + events,
            note: note)
    }

    static func header(_ note: String, _ config: String) -> LineCase {
        .header("images", note, LineCase.header("images", config: #", "config": "# + config))
    }

    static let rejected: [LineCase] = [
        header("a view URL that is not http", #"{"views": {"a": "ftp://img.test/cat.jpg"}}"#),
        header("a view URL with a space", #"{"views": {"a": "https://img.test/a cat.jpg"}}"#),
        header("a third view", #"{"views": {"a": "https://h.test/1", "c": "https://h.test/2"}}"#),
        header("views without a", #"{"views": {"b": "https://h.test/1"}}"#),
        header("max age 0", #"{"maxAgeSeconds": 0}"#),
        header("memory cost limit 0", #"{"memoryCostLimit": 0}"#),
        header("disk size limit as a string", #"{"diskSizeLimit": "1"}"#),
        header("a seed in an unknown cache", #"{"seed": [{"cache": "cdn", "url": "https://h.test/1", "body": "x"}]}"#),
        header("a seed without a body", #"{"seed": [{"cache": "disk", "url": "https://h.test/1"}]}"#),
        header(
            "a seed with a negative age",
            #"{"seed": [{"cache": "disk", "url": "https://h.test/1", "body": "x", "ageSeconds": -1}]}"#),
        header(
            "an ETag of two lines",
            #"{"seed": [{"cache": "disk", "url": "https://h.test/1", "body": "x", "etag": "a\nb"}]}"#),
        event("a view event without a screen", #"{"event": "view", "name": "appeared"}"#),
        event("an unknown screen", #"{"event": "view", "screen": "c", "name": "appeared"}"#),
        event("an unknown view event", #"{"event": "view", "screen": "a", "name": "tapped"}"#),
        event(
            "a response with a status and a failure",
            #"{"event": "respond", "request": 1, "status": 200, "failure": "timeout"}"#),
        event("status 600", #"{"event": "respond", "request": 1, "status": 600}"#),
        event("a body that is not a string", #"{"event": "respond", "request": 1, "status": 200, "body": [1]}"#),
        event("an unknown failure", #"{"event": "respond", "request": 1, "failure": "dns"}"#),
        event("an ETag on a timeout", #"{"event": "respond", "request": 1, "failure": "timeout", "etag": "x"}"#),
        event("damageDisk without damage", #"{"event": "damageDisk", "url": "https://img.test/cat.jpg"}"#),
        event("an unknown damage", #"{"event": "damageDisk", "url": "https://img.test/cat.jpg", "damage": "erase"}"#),
        event("clearCaches with a field", #"{"event": "clearCaches", "disk": true}"#),
    ]

    static let accepted: [LineCase] = [
        .header("images", "no config: one view a", LineCase.header("images")),
        header(
            "one view with a port and a query", #"{"views": {"a": "http://127.0.0.1:8080/img/1.jpg?sig=a%20b&w=2"}}"#),
        header(
            "every field",
            #"{"views": {"a": "https://h.test/1"}, "keyWithoutQuery": true, "maxAgeSeconds": 1, "memoryCostLimit": 1, "diskSizeLimit": 1, "seed": [{"cache": "memory", "url": "https://h.test/1", "body": "", "etag": "W/\"1\"", "ageSeconds": 0}]}"#
        ),
        event("a 304 without a body", #"{"event": "respond", "request": 1, "status": 304}"#),
        event("transport without detail", #"{"event": "respond", "request": 1, "failure": "transport"}"#),
        event(
            "own events", #"{"event": "clearMemory"}"#, #"{"event": "inspectCaches"}"#,
            #"{"event": "damageDisk", "url": "https://img.test/cat.jpg", "damage": "flipByte"}"#),
        event("view b", #"{"event": "view", "screen": "b", "name": "retryTapped"}"#),
    ]

    @Test(arguments: [
        (
            header("", #"{"views": {"a": "ftp://x"}}"#),
            #"Fixtures/images/x.jsonl:1: field "config.views.a": expected an http or https URL of letters, digits and URL punctuation, found "ftp://x""#
        ),
        (
            event("", #"{"event": "damageDisk", "url": "https://img.test/cat.jpg", "damage": "erase"}"#),
            #"Fixtures/images/x.jsonl:3: field "damage": expected one of truncate, flipByte, found "erase""#
        ),
        (
            event("", #"{"event": "respond", "request": 1, "status": 200, "failure": "timeout"}"#),
            "Fixtures/images/x.jsonl:3: an image response takes only one of status or failure; found status and failure"
        ),
    ])
    func aBadLineNamesItsLineAndField(line: LineCase, message: String) {
        #expect(throws: ScenarioError.self) {
            try TestFeatures.replayer.read(line.text, file: "Fixtures/images/x.jsonl", expectedID: "images/x")
        }
        do {
            _ = try TestFeatures.replayer.read(line.text, file: "Fixtures/images/x.jsonl", expectedID: "images/x")
        } catch {
            #expect(error.description == message)
        }
    }
}
