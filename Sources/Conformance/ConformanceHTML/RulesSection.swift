import ConformanceKit

/// The numbered rules: each with the scenarios that pin it and which of them fail for which
/// implementation, linked to the page of the docs that states it.
enum RulesSection {
    /// How a rule fares in one report.
    enum Status: Equatable {
        /// Some of its scenarios did not pass (these, sorted).
        case fails([String])
        /// Every scenario of it that ran passed.
        case passes
        /// None of its scenarios ran.
        case notRun
    }

    static func status(_ row: HTMLReport.RuleRow, in report: [String: ScenarioResult]) -> Status {
        var failing: [String] = []
        var ran = false
        for id in row.scenarios {
            guard let result = report[id] else { continue }
            if case .skipped(_, false) = result.outcome, result.expectedFailure == nil { continue }
            ran = true
            if !result.outcome.isPass { failing.append(id) }
        }
        return !failing.isEmpty ? .fails(failing.sorted()) : ran ? .passes : .notRun
    }

    /// The longest statement shown; the docs have the rest.
    static let statementLength = 240

    static func html(_ input: HTMLReport.Input, titles: [String]) -> String {
        var html = "<section id=\"rules\" aria-labelledby=\"rules-h\">\n<h2 id=\"rules-h\">Rules</h2>\n"
        guard let rules = input.rules else {
            return html + "<p>\(HTML.text(input.rulesNote))</p>\n</section>\n"
        }
        let byID = input.reports.map { report in
            Dictionary(report.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let statuses = rules.map { row in byID.map { status(row, in: $0) } }
        let broken = zip(rules, statuses).filter { $0.1.contains { if case .fails = $0 { true } else { false } } }
        html +=
            "<p>\(rules.count) numbered rule\(rules.count == 1 ? "" : "s"), each stated once on a page of the docs and pinned by the "
        html += "scenarios that fail when an implementation breaks it. \(broken.count) "
        html += broken.count == 1 ? "is" : "are"
        html += " broken by some implementation here.</p>\n"
        func ruleCell(_ row: HTMLReport.RuleRow) -> String {
            let name = "<th scope=\"row\"><span class=\"mono\">\(row.rule)</span></th>"
            guard let statement = row.statement else { return name + "<td class=\"muted\">(stated on no page)</td>" }
            var text = statement.text
            if text.count > statementLength { text = String(text.prefix(statementLength)) + "…" }
            let place = "\(statement.page), line \(statement.line)"
            let link = input.docsLink.map {
                "<a href=\"\(HTML.text($0 + "/" + statement.page))\">\(HTML.text(place))</a>"
            }
            return name + "<td>\(HTML.text(text)) <span class=\"muted\">(\(link ?? HTML.text(place)))</span></td>"
        }
        func scenarioLink(_ id: String, report: Int) -> String {
            "<a href=\"#\(ConformancePage.anchor(report: report, id: id))\"><code>\(HTML.text(id))</code></a>"
        }
        if !broken.isEmpty {
            html +=
                HTML.wrap("Rules broken") + "<table class=\"rules-broken\">\n<caption>Rules broken, and the scenarios "
            html += "that show it for each implementation</caption>\n<thead><tr><th scope=\"col\">rule</th>"
            html += "<th scope=\"col\">statement</th>"
            html += titles.map { "<th scope=\"col\">\(HTML.text($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
            for (row, status) in broken {
                html += "<tr data-rule=\"\(row.rule)\">" + ruleCell(row)
                for (index, state) in status.enumerated() {
                    switch state {
                    case .fails(let ids):
                        html += "<td><span class=\"badge failed\">fails</span> "
                        html += ids.map { scenarioLink($0, report: index) }.joined(separator: ", ") + "</td>"
                    case .passes: html += "<td class=\"passed\">passes</td>"
                    case .notRun: html += "<td class=\"muted\">not run</td>"
                    }
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n</table></div>\n"
        }
        html += "<details class=\"scenario\" id=\"all-rules\"><summary>"
        html += rules.count == 1 ? "The one rule, " : "All \(rules.count) rules, "
        html +=
            "with the scenarios that pin each</summary>\n<div>" + HTML.wrap("Every numbered rule")
            + "<table class=\"rules\">\n"
        html += "<caption>Every numbered rule</caption>\n<thead><tr><th scope=\"col\">rule</th>"
        html += "<th scope=\"col\">statement</th><th scope=\"col\">pinned by</th>"
        html += titles.map { "<th scope=\"col\">\(HTML.text($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for (row, status) in zip(rules, statuses) {
            html += "<tr data-rule=\"\(row.rule)\">" + ruleCell(row) + "<td>"
            html += row.scenarios.map { "<code>\(HTML.text($0))</code>" }.joined(separator: ", ") + "</td>"
            for state in status {
                switch state {
                case .fails(let ids): html += "<td class=\"failed\">fails (\(ids.count))</td>"
                case .passes: html += "<td class=\"passed\">passes</td>"
                case .notRun: html += "<td class=\"muted\">not run</td>"
                }
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div></div></details>\n</section>\n"
    }
}
