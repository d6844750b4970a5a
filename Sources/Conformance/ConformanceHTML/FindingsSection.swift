import ConformanceKit

/// The fuzz findings: each shrunk finding with its steps, the divergence, and the commands that
/// generate it again and replay it.
enum FindingsSection {
    static func html(_ input: HTMLReport.Input) -> String {
        var html = "<section id=\"fuzz\" aria-labelledby=\"fuzz-h\">\n<h2 id=\"fuzz-h\">Fuzz findings</h2>\n"
        guard let findings = input.findings else {
            return html
                + "<p>No findings folder was given (<code>--fuzz-findings DIR</code>, the <code>--out</code> of "
                + "<code>conformance fuzz</code>).</p>\n</section>\n"
        }
        html += "<p>\(findings.count) shrunk finding\(findings.count == 1 ? "" : "s").</p>\n"
        for finding in findings {
            let record = finding.record
            let id = "fuzz-\(HTML.anchor(record.feature))-\(HTML.anchor(record.seed))"
            html += "<details class=\"scenario\" id=\"\(id)\" open><summary>"
            html += "<span class=\"badge failed\">\(HTML.text(record.kind))</span> "
            html += "<code>\(HTML.text(record.feature))</code>, seed \(HTML.text(record.seed)), at step \(record.step)"
            html += "</summary>\n<div>\n<dl class=\"facts\">"
            // With both sides below, the message's head is enough: the step and its line.
            var message = record.message
            if record.reference != nil, let cut = message.range(of: ": the reference ") {
                message = String(message[..<cut.lowerBound])
            }
            html += "<dt>divergence</dt><dd>\(HTML.text(message))</dd>"
            html += "<dt>steps</dt><dd>\(record.originalSteps) generated, shrunk to \(record.shrunkSteps)</dd>"
            if let adapter = record.adapter { html += "<dt>port</dt><dd><code>\(HTML.text(adapter))</code></dd>" }
            html += "<dt>fixture</dt><dd><code>\(HTML.text(finding.file))</code></dd>"
            html += "<dt>replay</dt><dd><code>\(HTML.text(record.replay))</code></dd>"
            html += "<dt>again</dt><dd><code>\(HTML.text(record.again))</code></dd></dl>\n"
            if let reference = record.reference, let port = record.port {
                // Side by side where there is room, one above the other on a phone.
                html += "<div class=\"sides\" role=\"group\" aria-label=\"What step \(record.step) did\">"
                for (who, lines) in [("the reference", reference), ("the port", port)] {
                    html += "<figure><figcaption>\(who) at step \(record.step)</figcaption>"
                    html +=
                        "<pre>\(HTML.text(lines.isEmpty ? "(nothing)" : lines.joined(separator: "\n")))</pre></figure>"
                }
                html += "</div>\n"
            }
            html += "<p>The shrunk scenario, its header first:</p>\n<ol class=\"steps\" start=\"0\">"
            for (index, line) in finding.lines.enumerated() {
                let mark = index == record.step && index > 0 ? " class=\"failed\"" : ""
                html += "<li\(mark)>\(HTML.text(line))\(index == record.step && index > 0 ? " ← here" : "")</li>"
            }
            html += "</ol>\n</div></details>\n"
        }
        return html + "</section>\n"
    }
}
