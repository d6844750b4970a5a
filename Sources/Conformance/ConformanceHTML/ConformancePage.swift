import ConformanceKit
import Foundation

/// `index.html`: the summary per feature and implementation, every scenario that did not pass with
/// its diff, the numbered rules, the runs compared, and the fuzz findings (docs/reports.md).
struct ConformancePage: ReportPage {
    let file = "index.html"
    let title = "Conformance report"

    func body(_ input: HTMLReport.Input) -> String {
        let titles = Reports.columnTitles(input.reports)
        var html = "<h1>Conformance report</h1>\n"
        html += "<p>\(input.reports.count) report\(input.reports.count == 1 ? "" : "s"): "
        html +=
            zip(input.reports, titles).map { report, title in
                // A title names its file already when two reports share a name.
                let file = report.source.flatMap { title.hasSuffix("(\($0))") ? nil : $0 }
                return "<strong>\(HTML.text(title))</strong>" + (file.map { " (<code>\(HTML.text($0))</code>)" } ?? "")
            }.joined(separator: ", ") + ".</p>\n"
        html += """
            <nav class="toc" aria-label="Sections"><ul>\
            <li><a href="#summary">Summary</a></li><li><a href="#failures">Scenarios that did not pass</a></li>\
            <li><a href="#rules">Rules</a></li><li><a href="#compared">Runs compared</a></li>\
            <li><a href="#fuzz">Fuzz findings</a></li></ul></nav>

            """
        html += summary(input, titles: titles)
        html += failures(input, titles: titles)
        html += RulesSection.html(input, titles: titles)
        html += ComparisonSection.html(input, titles: titles)
        html += FindingsSection.html(input)
        return html
    }

    // MARK: Summary

    /// One table per report, a row per feature and a total, each count marked with what it counts
    /// (`data-count`) so that a check can set it beside the JSON report's.
    func summary(_ input: HTMLReport.Input, titles: [String]) -> String {
        var html = "<section id=\"summary\" aria-labelledby=\"summary-h\">\n<h2 id=\"summary-h\">Summary</h2>\n"
        html += """
            <p class="muted">Per feature and implementation. <em>failed</em> counts recorded goldens too; \
            <em>refused</em> is a scenario the implementation did not run (a feature it does not declare, or its \
            <code>skipped</code> answer); an <em>expected failure</em> is listed in the implementation's \
            expected-failures file and is counted under its outcome as well. Compliance: passed of those run.</p>

            """
        for (index, (report, title)) in zip(input.reports, titles).enumerated() {
            let expected = report.results.filter { $0.expectedFailure != nil && !$0.outcome.isPass }
            html += HTML.wrap("\(title): outcomes per feature") + "<table class=\"summary\" data-report=\"\(index)\">\n"
            html += "<caption>\(HTML.text(title)): outcomes per feature"
            if let info = report.implementation {
                html += " <span class=\"muted\">(\(HTML.text(info.language)))</span>"
            }
            html += "</caption>\n<thead><tr><th scope=\"col\">feature</th>"
            // A phone shows "compliance" as "%": the word stays for screen readers.
            for column in ["passed", "failed", "errored", "refused", "expected failures"] {
                html += "<th scope=\"col\" class=\"num\">\(column)</th>"
            }
            html += "<th scope=\"col\" class=\"num\"><span class=\"long\">compliance</span>"
            html += "<span class=\"short\" aria-hidden=\"true\">%</span></th>"
            html += "</tr></thead>\n<tbody>\n"
            func row(_ name: String, _ counts: Reports.Counts, expected: Int, feature: String?) -> String {
                func cell(_ kind: String, _ value: Int, linked: Bool = false) -> String {
                    let text = linked && value > 0 ? "<a href=\"#failures-\(index)\">\(value)</a>" : "\(value)"
                    return "<td class=\"num\" data-count=\"\(kind)\">\(text)</td>"
                }
                let head = feature.map { " data-feature=\"\(HTML.text($0))\"" } ?? " data-feature=\"\""
                return "<tr\(head)><th scope=\"row\">\(HTML.text(name))</th>" + cell("passed", counts.passed)
                    + cell("failed", counts.failed + counts.recorded, linked: true)
                    + cell("errored", counts.errored, linked: true) + cell("skipped", counts.skipped)
                    + cell("expected", expected)
                    + "<td class=\"num\" data-count=\"percent\">\(counts.percent.map { "\($0)%" } ?? "–")</td></tr>\n"
            }
            for feature in report.features {
                html += row(
                    feature.feature, feature.counts, expected: expected.filter { $0.feature == feature.feature }.count,
                    feature: feature.feature)
            }
            html += "</tbody>\n<tfoot>" + row("all", report.counts, expected: expected.count, feature: nil)
            html += "</tfoot>\n</table></div>\n"
            html += "<p>\(HTML.text(report.summary))"
            if let command = report.command { html += "; command <code>\(HTML.text(command))</code>" }
            html += ".</p>\n"
        }
        if input.reports.count > 1 { html += sideBySide(input, titles: titles) }
        return html + "</section>\n"
    }

    /// The features side by side: passed of total, and the compliance, per report.
    func sideBySide(_ input: HTMLReport.Input, titles: [String]) -> String {
        var html =
            HTML.wrap("Side by side")
            + "<table class=\"side\">\n<caption>Side by side: passed of all scenarios</caption>\n"
        html += "<thead><tr><th scope=\"col\">feature</th>"
        html +=
            titles.map { "<th scope=\"col\" class=\"num\">\(HTML.text($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        let features = Array(Set(input.reports.flatMap { $0.features.map(\.feature) })).sorted()
        for feature in features {
            html += "<tr><th scope=\"row\">\(HTML.text(feature))</th>"
            for report in input.reports {
                guard let counts = report.features.first(where: { $0.feature == feature })?.counts else {
                    html += "<td class=\"num\">–</td>"
                    continue
                }
                html +=
                    "<td class=\"num\">\(counts.passed)/\(counts.total) (\(counts.percent.map { "\($0)%" } ?? "–"))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }

    // MARK: Failures

    /// Whether a result is shown as one that did not pass: failed, recorded, errored, or refused
    /// by an implementation that declares its feature.
    static func isShown(_ result: ScenarioResult) -> Bool {
        switch result.outcome {
        case .passed: result.expectedFailure != nil
        case .failed, .recorded, .errored: true
        case .skipped(_, let declared): declared || result.expectedFailure != nil
        }
    }

    /// The anchor of a scenario's entry under a report's failures.
    static func anchor(report: Int, id: String) -> String { "f\(report)-\(HTML.anchor(id))" }

    func failures(_ input: HTMLReport.Input, titles: [String]) -> String {
        var html = "<section id=\"failures\" aria-labelledby=\"failures-h\">\n"
        html += "<h2 id=\"failures-h\">Scenarios that did not pass</h2>\n"
        html +=
            "<p class=\"muted\">Each opens to its diff: the golden's lines, numbered, under the step that produced them.</p>\n"
        for (index, (report, title)) in zip(input.reports, titles).enumerated() {
            let shown = report.results.filter(Self.isShown)
            html += "<section id=\"failures-\(index)\" aria-labelledby=\"failures-\(index)-h\">\n"
            html += "<h3 id=\"failures-\(index)-h\">\(HTML.text(title)): \(shown.count) did not pass</h3>\n"
            if shown.isEmpty { html += "<p>Every scenario it ran passed.</p>\n" }
            for result in shown { html += scenario(result, report: index, title: title, input: input) }
            html += "</section>\n"
        }
        return html + "</section>\n"
    }

    func scenario(_ result: ScenarioResult, report: Int, title: String, input: HTMLReport.Input) -> String {
        let label = result.outcome.isPass ? "unexpected pass" : result.outcome.label
        var html = "<details class=\"scenario\" id=\"\(Self.anchor(report: report, id: result.id))\">"
        html += "<summary><span class=\"badge \(result.outcome.label)\">\(label)</span> "
        html += "<code>\(HTML.text(result.id))</code>"
        if let difference = result.firstDifference {
            html += " <span class=\"muted\">from step \(difference.step), golden line \(difference.goldenLine)</span>"
        }
        if result.expectedFailure != nil, !result.outcome.isPass {
            html += " <span class=\"badge expected\">expected</span>"
        }
        html += "</summary>\n<div>\n"
        let info = input.scenarios[result.id]
        html += "<dl class=\"facts\">"
        html += "<dt>description</dt><dd>\(HTML.text(info?.description ?? "(not found in the fixtures folder)"))</dd>"
        if let tags = info?.tags, !tags.isEmpty {
            html +=
                "<dt>tags</dt><dd><ul class=\"tags\" aria-label=\"tags\">"
                + tags.map { "<li>\(HTML.text($0))</li>" }.joined() + "</ul></dd>"
        }
        if let file = result.file { html += "<dt>scenario</dt><dd><code>\(HTML.text(file))</code></dd>" }
        if let difference = result.firstDifference {
            html += "<dt>first difference</dt><dd>golden line \(difference.goldenLine), step \(difference.step)"
            if let line = difference.scenarioLine { html += " (scenario line \(line))" }
            html += "</dd>"
        }
        if let reason = result.expectedFailure {
            html += "<dt>expected failure</dt><dd>\(HTML.text(reason))</dd>"
        }
        html += "<dt>steps</dt><dd>\(result.steps)</dd></dl>\n"
        let message =
            result.outcome.isPass
            ? "listed as an expected failure, but it passes now: remove it from the expected failures file"
            : result.outcome.message
        html += DiffView.html(
            message: message, golden: input.goldens[result.id], id: result.id, implementation: title)
        return html + "</div></details>\n"
    }
}
