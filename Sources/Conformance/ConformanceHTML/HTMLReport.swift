import ConformanceFuzzing
import ConformanceKit
import FixtureFormat
import Foundation

/// `conformance report --html DIR`: the report a person opens, a static folder that works from
/// `file://`, offline, with no script and nothing fetched (docs/reports.md). Each page is a
/// `ReportPage`; `files` lays every page out alike (one style, one navigation between pages), so
/// a new page is one more type on `pages`.
public enum HTMLReport {
    /// What the pages are made from: the run reports and what the folders beside them tell.
    public struct Input: Sendable {
        /// The JSON reports, in the order given: a later run of an implementation after its earlier one.
        public var reports: [RunReport]
        /// Each scenario's description and tags, by id (from the fixtures folder; empty without one).
        public var scenarios: [String: ScenarioInfo]
        /// The goldens of the scenarios that did not pass, by id: the steps a diff's lines belong to.
        public var goldens: [String: String]
        /// The numbered rules; nil when no docs folder was found, with `rulesNote` saying why.
        public var rules: [RuleRow]?
        public var rulesNote: String
        /// The link to the docs folder, from the report's folder (relative) or as given (`--docs-url`).
        public var docsLink: String?
        /// The fuzz findings; nil when no findings folder was given.
        public var findings: [Finding]?
        /// The mutation report in Stryker's schema; nil when none was given (no mutation page).
        public var mutation: Mutation?

        public init(
            reports: [RunReport], scenarios: [String: ScenarioInfo] = [:], goldens: [String: String] = [:],
            rules: [RuleRow]? = nil, rulesNote: String = "", docsLink: String? = nil, findings: [Finding]? = nil,
            mutation: Mutation? = nil
        ) {
            self.reports = reports
            self.scenarios = scenarios
            self.goldens = goldens
            self.rules = rules
            self.rulesNote = rulesNote
            self.docsLink = docsLink
            self.findings = findings
            self.mutation = mutation
        }
    }

    /// What a scenario's first line says of it.
    public struct ScenarioInfo: Equatable, Sendable {
        public var description: String
        public var tags: [String]
        /// The golden's path relative to the fixtures folder (`kittens/x.golden.txt`).
        public var golden: String

        public init(description: String, tags: [String], golden: String) {
            self.description = description
            self.tags = tags
            self.golden = golden
        }
    }

    /// One numbered rule: where it is stated and the scenarios that pin it.
    public struct RuleRow: Sendable {
        public var rule: SpecCoverage.Rule
        public var statement: SpecCoverage.Statement?
        public var scenarios: [String]

        public init(rule: SpecCoverage.Rule, statement: SpecCoverage.Statement?, scenarios: [String]) {
            self.rule = rule
            self.statement = statement
            self.scenarios = scenarios
        }
    }

    /// One fuzz finding: its record and the shrunk scenario's lines.
    public struct Finding: Sendable {
        public var record: FindingRecord
        /// The fixture as the run wrote it (`fuzz-findings/kittens/fuzz-7.jsonl`).
        public var file: String
        /// The shrunk scenario's lines, the header first.
        public var lines: [String]

        public init(record: FindingRecord, file: String, lines: [String]) {
            self.record = record
            self.file = file
            self.lines = lines
        }
    }

    /// Every page, in the order the navigation lists them; the first is `index.html`.
    static let allPages: [any ReportPage] = [ConformancePage(), MutationPage()]

    /// The pages of this input: the mutation page only when a mutation report was given.
    static func pages(for input: Input) -> [any ReportPage] {
        allPages.filter { !($0 is MutationPage) || input.mutation != nil }
    }

    /// Every file of the folder: each page, laid out. Only `index.html` and the pages' own files;
    /// the same input gives the same bytes.
    public static func files(_ input: Input) -> [(name: String, text: String)] {
        let pages = pages(for: input)
        return pages.map { page in (page.file, layout(page, of: pages, input: input)) }
    }

    /// The names `write` may replace in a folder that holds an earlier report.
    public static var fileNames: [String] { allPages.map(\.file) }

    /// A page with the head every page shares: the content security policy that lets nothing be
    /// fetched and no script run, the style, the navigation between pages.
    static func layout(_ page: any ReportPage, of pages: [any ReportPage], input: Input) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="conformance report --html">
            <title>\(HTML.text(page.title))</title>
            <style>\(HTMLStyle.css)</style>
            </head>
            <body>
            <a class="skip" href="#main">Skip to the report</a>

            """
        if pages.count > 1 {
            html += "<nav class=\"pages\" aria-label=\"Pages\"><ul>"
            for other in pages {
                let current = other.file == page.file ? " aria-current=\"page\"" : ""
                html += "<li><a href=\"\(other.file)\"\(current)>\(HTML.text(other.title))</a></li>"
            }
            html += "</ul></nav>\n"
        }
        html += "<main id=\"main\">\n" + page.body(input) + "</main>\n</body>\n</html>\n"
        return html
    }

    /// Writes the files into `folder`, created if missing. A folder that holds anything but an
    /// earlier report's files is refused before anything is written, so that no other file is
    /// replaced; each file is written atomically.
    public static func write(_ files: [(name: String, text: String)], to folder: URL, shownAs shown: String)
        throws(CatalogError)
    {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw .unwritable(path: shown, reason: "it is a file; --html needs a folder for the report")
            }
            let present = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            let others = present.filter { !fileNames.contains($0) }.sorted()
            if !others.isEmpty {
                throw .unwritable(
                    path: shown,
                    reason:
                        "it holds files that are not a report's (\(others.prefix(3).joined(separator: ", "))\(others.count > 3 ? ", ..." : "")); "
                        + "give an empty or new folder")
            }
        } else {
            do { try manager.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw .unwritable(path: shown, reason: error.localizedDescription)
            }
        }
        for file in files {
            do { try GoldenFile.writeAtomically(file.text, to: folder.appendingPathComponent(file.name)) } catch {
                throw .unwritable(path: "\(shown)/\(file.name)", reason: "\(error)")
            }
        }
    }
}

/// One page of the HTML report: its file, its title, and its body inside `<main>`.
protocol ReportPage: Sendable {
    var file: String { get }
    var title: String { get }
    func body(_ input: HTMLReport.Input) -> String
}

/// Text made safe for HTML, and the anchors pages link by.
enum HTML {
    /// Text for an element's content or a quoted attribute.
    static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The box a table scrolls sideways in when it is wider than the screen: a region a keyboard
    /// can reach and scroll, named for a screen reader by `label` (the table's caption, as text).
    static func wrap(_ label: String) -> String {
        "<div class=\"wrap\" role=\"region\" tabindex=\"0\" aria-label=\"\(text(label))\">"
    }

    /// An id for an anchor from any text: letters, digits and `-` kept, `/` as `.`, anything else
    /// as `_`, its hex code and `_`, so that two texts never share an anchor.
    static func anchor(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-": out.unicodeScalars.append(scalar)
            case "/": out += "."
            default: out += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return out
    }
}
