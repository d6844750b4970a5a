import ConformanceKit

/// `mutation.html`: the mutation report given with `--mutation FILE` (Stryker's schema): the scores
/// per layer and per file, then each mutated file's source with its mutants on their lines,
/// killed, survived and listed told apart by word and colour, a listed one with its reason and the
/// tests that pin it (docs/reports.md).
struct MutationPage: ReportPage {
    let file = "mutation.html"
    let title = "Mutation report"

    /// The statuses a table may count, in its column order; `Pending` is never written by a finished run.
    static let allColumns: [HTMLReport.Mutation.Status] = [
        .killed, .timeout, .survived, .noCoverage, .ignored, .compileError, .runtimeError,
    ]

    /// The columns of this report's tables: killed, survived and listed always, the others only when
    /// some mutant has that status, so that the tables fit a phone's screen.
    static func columns(_ total: Counts) -> [HTMLReport.Mutation.Status] {
        allColumns.filter { [.killed, .survived, .ignored].contains($0) || total[$0] > 0 }
    }

    /// The statuses shown on the source's lines: a mutant that did not build or run is only counted.
    static func isShownOnItsLine(_ status: HTMLReport.Mutation.Status) -> Bool {
        switch status {
        case .killed, .timeout, .survived, .noCoverage, .ignored, .pending: true
        case .compileError, .runtimeError: false
        }
    }

    func body(_ input: HTMLReport.Input) -> String {
        var html = "<h1>Mutation report</h1>\n"
        guard let report = input.mutation else {
            return html + "<p>No mutation report was given (<code>--mutation FILE</code>).</p>\n"
        }
        let total = report.total
        html += "<p><code>\(HTML.text(report.source))</code>: \(report.files.count) files, "
        html += "\(Self.allColumns.map { total[$0] }.reduce(0, +)) mutants; score "
        html += "<strong data-count=\"score\">\(Self.percent(total.score))</strong> "
        html += "(thresholds: low \(report.thresholds.low)%, high \(report.thresholds.high)%).</p>\n"
        html += """
            <p class="muted">score = (killed + timeout) / (killed + timeout + survived + no coverage): the share of \
            the mutants that built, ran and are not listed that something killed. A <em>listed</em> mutant is on the \
            project's list of equivalent or unobservable mutants, with its reason. Mutants that did not build are \
            counted, not shown on their lines.</p>
            <nav class="toc" aria-label="Sections"><ul><li><a href="#layers">Per layer</a></li>\
            <li><a href="#files">Per file</a></li><li><a href="#sources">Sources</a></li></ul></nav>

            """
        html += table(
            id: "layers", heading: "Per layer", caption: "Mutants per layer",
            rows: report.layerCounts.map { ($0.layer, nil, $0.counts) }, total: total)
        html += table(
            id: "files", heading: "Per file", caption: "Mutants per file",
            rows: report.fileCounts.map { ($0.path, "#" + Self.anchor($0.path), $0.counts) }, total: total)
        html += "<section id=\"sources\" aria-labelledby=\"sources-h\">\n<h2 id=\"sources-h\">Sources</h2>\n"
        for entry in report.files { html += source(entry.path, entry.file) }
        return html + "</section>\n"
    }

    static func percent(_ score: Double?) -> String { score.map { "\($0)%" } ?? "–" }

    static func anchor(_ path: String) -> String { "m-" + HTML.anchor(path) }

    /// A table of counts, each cell marked with the status it counts (`data-count`) so that a check
    /// can set it beside the JSON's.
    func table(
        id: String, heading: String, caption: String, rows: [(name: String, link: String?, counts: Counts)],
        total: Counts
    ) -> String {
        var html = "<section id=\"\(id)\" aria-labelledby=\"\(id)-h\">\n<h2 id=\"\(id)-h\">\(heading)</h2>\n"
        html += HTML.wrap(caption) + "<table class=\"summary\" data-table=\"\(id)\">\n<caption>\(caption)</caption>\n"
        html += "<thead><tr><th scope=\"col\">\(id == "layers" ? "layer" : "file")</th>"
        let columns = Self.columns(total)
        for status in columns { html += "<th scope=\"col\" class=\"num\">\(status.label)</th>" }
        html += "<th scope=\"col\" class=\"num\">score</th></tr></thead>\n<tbody>\n"
        func row(_ name: String, _ link: String?, _ counts: Counts) -> String {
            let title = link.map { "<a href=\"\($0)\">\(HTML.text(name))</a>" } ?? HTML.text(name)
            var html = "<tr data-name=\"\(HTML.text(name))\"><th scope=\"row\">\(title)</th>"
            for status in columns {
                html += "<td class=\"num\" data-count=\"\(status.rawValue)\">\(counts[status])</td>"
            }
            return html + "<td class=\"num\" data-count=\"score\">\(Self.percent(counts.score))</td></tr>\n"
        }
        for entry in rows { html += row(entry.name, entry.link, entry.counts) }
        html += "</tbody>\n<tfoot>" + row("all", nil, total) + "</tfoot>\n</table></div>\n"
        return html + "</section>\n"
    }

    typealias Counts = HTMLReport.Mutation.Counts

    /// One file: its score, then its source, numbered, each shown mutant under its line.
    func source(_ path: String, _ file: HTMLReport.Mutation.File) -> String {
        var counts = Counts()
        counts.add(file.mutants)
        let anchor = Self.anchor(path)
        var html = "<section class=\"mutated\" id=\"\(anchor)\" aria-labelledby=\"\(anchor)-h\">\n"
        html += "<h3 id=\"\(anchor)-h\"><code class=\"path\">\(HTML.text(path))</code> "
        html += "<span class=\"muted\">score \(Self.percent(counts.score))</span></h3>\n"
        let lines = file.source.split(separator: "\n", omittingEmptySubsequences: false)
        var onLine: [Int: [HTMLReport.Mutation.Mutant]] = [:]
        for mutant in file.mutants where Self.isShownOnItsLine(mutant.status) {
            onLine[mutant.location.start.line, default: []].append(mutant)
        }
        html += HTML.wrap("\(path): source with its mutants")
        html +=
            "<table class=\"diff source\">\n<caption class=\"sr\">\(HTML.text(path)): source with its mutants</caption>\n"
        html += "<thead class=\"sr\"><tr><th scope=\"col\">line</th><th scope=\"col\">mutants</th>"
        html += "<th scope=\"col\">code</th></tr></thead>\n<tbody>\n"
        for (index, text) in lines.enumerated() {
            let number = index + 1
            let mutants = onLine[number] ?? []
            let worst = mutants.map(\.status).min { Self.rank($0) < Self.rank($1) }
            let mark = worst.map { " class=\"m-\(Self.cssClass($0))\"" } ?? ""
            html += "<tr id=\"\(anchor)-L\(number)\"\(mark)><td class=\"n\">\(number)</td>"
            html += "<td class=\"s\">\(mutants.isEmpty ? "" : Self.lineMark(mutants))</td>"
            html += "<td class=\"t\">\(HTML.text(String(text)))</td></tr>\n"
            if !mutants.isEmpty {
                html += "<tr class=\"mutants\"><td></td><td colspan=\"2\">"
                for mutant in mutants { html += self.mutant(mutant, line: String(text)) }
                html += "</td></tr>\n"
            }
        }
        return html + "</tbody>\n</table></div>\n</section>\n"
    }

    /// The order a line's mark takes its colour from: a survivor first.
    static func rank(_ status: HTMLReport.Mutation.Status) -> Int {
        switch status {
        case .survived, .noCoverage: 0
        case .pending: 1
        case .ignored: 2
        case .killed, .timeout, .compileError, .runtimeError: 3
        }
    }

    static func cssClass(_ status: HTMLReport.Mutation.Status) -> String {
        switch status {
        case .killed, .timeout: "killed"
        case .survived, .noCoverage: "survived"
        case .ignored, .pending, .compileError, .runtimeError: "listed"
        }
    }

    /// The count of a line's mutants by kind, in words: `2 killed, 1 survived`.
    static func lineMark(_ mutants: [HTMLReport.Mutation.Mutant]) -> String {
        let statuses: [HTMLReport.Mutation.Status] = [.survived, .noCoverage, .pending, .ignored, .killed, .timeout]
        return statuses.compactMap { status in
            let count = mutants.filter { $0.status == status }.count
            return count == 0 ? nil : "\(count) \(status.label)"
        }.joined(separator: ", ")
    }

    /// One mutant, closed to its status, kind and id; open, the line before and after it, and why.
    func mutant(_ mutant: HTMLReport.Mutation.Mutant, line: String) -> String {
        let css = Self.cssClass(mutant.status)
        var html = "<details class=\"scenario mutant\" data-status=\"\(mutant.status.rawValue)\">"
        html += "<summary><span class=\"badge m-\(css)\">\(mutant.status.label)</span> "
        html += "\(HTML.text(mutant.mutatorName)) <span class=\"muted\">column \(mutant.location.start.column), "
        html += "<code>\(HTML.text(mutant.id))</code></span></summary>\n<div>\n"
        if mutant.location.start.line == mutant.location.end.line, let replacement = mutant.replacement {
            let characters = Array(line)
            let from = min(max(mutant.location.start.column - 1, 0), characters.count)
            let to = min(max(mutant.location.end.column - 1, from), characters.count)
            let mutated = String(characters[..<from]) + replacement + String(characters[to...])
            html += "<table class=\"diff\"><caption class=\"sr\">the line and the mutant</caption><tbody>"
            html += "<tr class=\"del\"><td class=\"s\">-</td><td class=\"t\">\(HTML.text(line))</td></tr>"
            html += "<tr class=\"add\"><td class=\"s\">+</td><td class=\"t\">\(HTML.text(mutated))</td></tr>"
            html += "</tbody></table>\n"
        } else if let description = mutant.description {
            html += "<p>\(HTML.text(description))</p>\n"
        }
        html += "<dl class=\"facts\">"
        if let reason = mutant.statusReason, !reason.isEmpty {
            html += "<dt>\(mutant.status == .ignored ? "reason" : "status")</dt><dd>\(HTML.text(reason))</dd>"
        }
        if let tests = mutant.killedBy, !tests.isEmpty {
            html += "<dt>\(mutant.status == .ignored ? "pinned by" : "killed by")</dt><dd>"
            html += tests.map { "<code>\(HTML.text($0))</code>" }.joined(separator: ", ") + "</dd>"
        }
        return html + "</dl>\n</div></details>\n"
    }
}
