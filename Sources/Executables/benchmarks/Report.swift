import Foundation

/// Prints the results as a table and, with `--json`, writes them as JSON.
enum Report {
    static func format(_ value: Double, _ unit: String) -> String {
        if value.isNaN { return "n/a" }
        switch unit {
        case "/s": return String(format: "%.0f/s", value)
        case "allocs": return String(format: "%.2f", value)
        default: return String(format: value < 10 ? "%.2f %@" : "%.1f %@", value, unit)
        }
    }

    static let machine =
        "\(ProcessInfo.processInfo.operatingSystemVersionString), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
        + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB"

    static func print(_ results: [Result], _ run: BenchmarkRun) {
        var rows = [["benchmark", "median", "baseline (same run)", "ratio", "target", "ok"]]
        for result in results {
            rows.append([
                result.name, format(result.median, result.unit),
                result.baseline.map { "\(result.baselineName ?? ""): \(format($0, result.unit))" } ?? "-",
                result.ratio.map { String(format: "%.2fx", $0) } ?? "-", result.target ?? "-",
                result.ok.map { $0 ? "yes" : "NO" } ?? "-",
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            Swift.print(
                zip(row, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }.joined(
                    separator: "  "))
        }
        Swift.print("machine: \(machine); \(run.repetitions) runs each\(run.quick ? " (quick)" : "")")
    }

    /// The JSON report: every figure and its runs; a figure that is absent or not finite is left out (null in `runs`).
    private struct JSONReport: Encodable {
        struct Row: Encodable {
            let name: String, median: Double?, unit: String, baselineName: String?, baseline: Double?, ratio: Double?
            let target: String?, ok: Bool?, runs: [Double?]
        }
        let machine: String
        let repetitions: Int
        let results: [Row]
    }

    static func write(_ results: [Result], _ run: BenchmarkRun, to path: String) throws {
        func finite(_ value: Double?) -> Double? { value.flatMap { $0.isFinite ? $0 : nil } }
        let report = JSONReport(
            machine: machine, repetitions: run.repetitions,
            results: results.map { result in
                JSONReport.Row(
                    name: result.name, median: finite(result.median), unit: result.unit,
                    baselineName: result.baselineName,
                    baseline: finite(result.baseline), ratio: finite(result.ratio), target: result.target,
                    ok: result.ok,
                    runs: result.runs.map(finite))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(report).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
