import FixtureFormat
import ReplaySeam

/// Formats a replay as the golden transcript text. Spec: docs/fixtures.md, "Transcript".
public enum TranscriptFormatter {
    public static func text(_ result: ReplayResult) -> String {
        var lines = ["# \(result.scenario.id)", "# \(result.scenario.description)"]
        for step in result.steps {
            lines.append("> \(step.step) \(step.input)")
            lines += outputLines(step)
        }
        var text = ""
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }

    /// The lines of one step's outputs, indented by two spaces.
    public static func outputLines(_ step: ReplayStep) -> [String] {
        var outputs = step.outputs
        var omitted = step.omittedRenders
        if step.quiet, let last = outputs.lastIndex(where: { if case .render = $0 { true } else { false } }) {
            let before = outputs.count
            outputs = outputs.enumerated().filter { index, output in
                if case .render = output { return index == last }
                return true
            }.map(\.element)
            omitted += before - outputs.count
        }
        var lines: [String] = []
        for output in outputs {
            switch output {
            case .request(let id, let description):
                lines.append("  request #\(id) \(description)")
            case .cancel(let id):
                lines.append("  cancel #\(id)")
            case .render(let value, let screen):
                if omitted > 0 {
                    lines.append("  (\(omitted) earlier render\(omitted == 1 ? "" : "s") of this step not shown)")
                }
                block(head(screen, "render"), value, to: &lines)
            case .label(let value, let screen):
                block(head(screen, "label"), value, to: &lines)
            case .saved(let value):
                block("saved", value, to: &lines)
            case .rejected(let message):
                lines.append("  rejected \(message)")
            case .custom(let keyword, let value):
                block(keyword, value, to: &lines)
            }
        }
        return lines
    }

    /// `render`, or `render <screen>:` for a feature with several screens.
    private static func head(_ screen: String?, _ keyword: String) -> String {
        screen.map { "\(keyword) \($0):" } ?? keyword
    }

    private static func block(_ head: String, _ value: CanonicalValue, to lines: inout [String]) {
        CanonicalRender.appendLines(value, head: "  " + head + " ", indent: "  ", to: &lines)
    }
}
