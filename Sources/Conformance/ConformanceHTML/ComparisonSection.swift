import ConformanceKit

/// Two runs of one implementation compared, as `conformance report A B` does in text: what broke,
/// what was mended, what was not run; and where different implementations differ.
enum ComparisonSection {
    /// What names an implementation across runs: its name, or the command that started it.
    static func key(_ report: RunReport) -> String {
        report.implementation?.name ?? report.command ?? "(no implementation)"
    }

    /// Each report with the nearest one before it of the same implementation: (earlier, later).
    static func pairs(_ reports: [RunReport]) -> [(earlier: Int, later: Int)] {
        reports.indices.compactMap { later in
            reports[..<later].lastIndex { key($0) == key(reports[later]) }.map { (earlier: $0, later: later) }
        }
    }

    /// What changed from one run to the next.
    struct Changes: Equatable {
        var broke: [String] = []
        var mended: [String] = []
        var changed: [String] = []
        var onlyEarlier: [String] = []
        var onlyLater: [String] = []
    }

    static func changes(from earlier: RunReport, to later: RunReport) -> Changes {
        func ran(_ report: RunReport) -> [String: ScenarioResult] {
            var results: [String: ScenarioResult] = [:]
            for result in report.results {
                if case .skipped(_, false) = result.outcome, result.expectedFailure == nil { continue }
                results[result.id] = results[result.id] ?? result
            }
            return results
        }
        let before = ran(earlier)
        let after = ran(later)
        var changes = Changes()
        for id in Set(before.keys).union(after.keys).sorted() {
            switch (before[id], after[id]) {
            case (let old?, let new?):
                if old.outcome.isPass, !new.outcome.isPass {
                    changes.broke.append(id)
                } else if !old.outcome.isPass, new.outcome.isPass {
                    changes.mended.append(id)
                } else if old.outcome.kind != new.outcome.kind {
                    changes.changed.append(id)
                }
            case (.some, nil): changes.onlyEarlier.append(id)
            case (nil, .some): changes.onlyLater.append(id)
            case (nil, nil): break
            }
        }
        return changes
    }

    static func html(_ input: HTMLReport.Input, titles: [String]) -> String {
        var html =
            "<section id=\"compared\" aria-labelledby=\"compared-h\">\n<h2 id=\"compared-h\">Runs compared</h2>\n"
        let pairs = pairs(input.reports)
        if pairs.isEmpty {
            html += "<p>No two runs of one implementation were given. Give an earlier run's JSON report before a "
            html +=
                "later one of the same implementation to see what broke, what was mended and what was not run.</p>\n"
        }
        for (number, pair) in pairs.enumerated() {
            let earlier = input.reports[pair.earlier]
            let later = input.reports[pair.later]
            let changes = changes(from: earlier, to: later)
            let (old, new) = (titles[pair.earlier], titles[pair.later])
            html += "<section id=\"compared-\(number)\" aria-labelledby=\"compared-\(number)-h\">\n"
            html += "<h3 id=\"compared-\(number)-h\">\(HTML.text(old)) → \(HTML.text(new))</h3>\n"
            html += "<p data-broke=\"\(changes.broke.count)\" data-mended=\"\(changes.mended.count)\">"
            html += "\(changes.broke.count) broke, \(changes.mended.count) mended, \(changes.changed.count) failing "
            html += "another way, \(changes.onlyEarlier.count + changes.onlyLater.count) not run in both.</p>\n"
            func table(_ ids: [String], caption: String, kind: String) -> String {
                guard !ids.isEmpty else { return "<p>\(HTML.text(caption)): none.</p>\n" }
                var html = HTML.wrap(caption) + "<table class=\"\(kind)\">\n<caption>\(HTML.text(caption))</caption>\n"
                html += "<thead><tr><th scope=\"col\">scenario</th><th scope=\"col\">\(HTML.text(old))</th>"
                html += "<th scope=\"col\">\(HTML.text(new))</th></tr></thead>\n<tbody>\n"
                for id in ids {
                    html += "<tr><th scope=\"row\"><code>\(HTML.text(id))</code></th>"
                    html +=
                        cell(earlier, index: pair.earlier, id: id) + cell(later, index: pair.later, id: id) + "</tr>\n"
                }
                return html + "</tbody>\n</table></div>\n"
            }
            html += table(changes.broke, caption: "What broke: it passed before, and does not now", kind: "broke")
            html += table(
                changes.mended, caption: "What was mended: it did not pass before, and does now", kind: "mended")
            html += table(changes.changed, caption: "Failing another way", kind: "changed")
            // A shard or a filtered run leaves out many: they are listed folded.
            let notRun = changes.onlyEarlier + changes.onlyLater
            if !notRun.isEmpty {
                html += "<details class=\"scenario\" id=\"compared-\(number)-not-run\"><summary>Not run in both: "
                html += "\(notRun.count) scenario\(notRun.count == 1 ? "" : "s")</summary>\n<div>"
            }
            html += table(
                notRun,
                caption: "Not run in both (a shard, a filtered run, a feature not declared)",
                kind: "not-run")
            if !notRun.isEmpty { html += "</div></details>\n" }
            html += "</section>\n"
        }
        html += differing(input, titles: titles)
        return html + "</section>\n"
    }

    /// A result's outcome in a cell, linked to its entry when it did not pass.
    static func cell(_ report: RunReport, index: Int, id: String) -> String {
        guard let result = report.results.first(where: { $0.id == id }) else {
            return "<td class=\"muted\">not run</td>"
        }
        if case .skipped(_, false) = result.outcome, result.expectedFailure == nil {
            return "<td class=\"muted\">not run (refused)</td>"
        }
        let label = result.outcome.label + (result.firstDifference.map { " (step \($0.step))" } ?? "")
        guard ConformancePage.isShown(result) else { return "<td class=\"\(result.outcome.label)\">\(label)</td>" }
        return "<td class=\"\(result.outcome.label)\"><a href=\"#\(ConformancePage.anchor(report: index, id: id))\">"
            + "\(HTML.text(label))</a></td>"
    }

    /// With two implementations or more: the scenarios each one's latest report ran whose outcomes differ.
    static func differing(_ input: HTMLReport.Input, titles: [String]) -> String {
        var latest: [String: Int] = [:]
        for (index, report) in input.reports.enumerated() { latest[key(report)] = index }
        let chosen = latest.values.sorted()
        guard chosen.count > 1 else { return "" }
        let reports = chosen.map { input.reports[$0] }
        let ids = Array(Set(reports.flatMap { $0.results.map(\.id) })).sorted()
        let differing = ids.filter { id in
            let outcomes = reports.map { $0.results.first { $0.id == id }?.outcome.kind }
            return !outcomes.contains(nil) && Set(outcomes).count > 1
        }
        var html = "<section id=\"compared-implementations\" aria-labelledby=\"compared-implementations-h\">\n"
        html += "<h3 id=\"compared-implementations-h\">Where the implementations differ</h3>\n"
        guard !differing.isEmpty else {
            return html + "<p>The scenarios every implementation ran have the same outcome in each.</p>\n</section>\n"
        }
        html +=
            HTML.wrap("Scenarios with different outcomes")
            + "<table class=\"differ\">\n<caption>Scenarios with different outcomes</caption>\n"
        html += "<thead><tr><th scope=\"col\">scenario</th>"
        html += chosen.map { "<th scope=\"col\">\(HTML.text(titles[$0]))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for id in differing {
            html += "<tr><th scope=\"row\"><code>\(HTML.text(id))</code></th>"
            html += chosen.map { cell(input.reports[$0], index: $0, id: id) }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n</section>\n"
    }
}
