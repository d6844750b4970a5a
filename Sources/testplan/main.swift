import Foundation
import TestPlanSupport

// Runs Xcode test plans on Linux, where `swift test` does not read them. See TestPlans/README.md.
let usage = """
    USAGE: testplan run <plan.xctestplan> [-- <more swift test arguments>]
           testplan arguments <plan.xctestplan>
           testplan check [--plans DIR] --tests FILE

      run        runs `swift test` with the --filter/--skip arguments that select exactly the plan's tests
      arguments  prints those arguments, one per line
      check      reads the output of `swift test list` from FILE (- for standard input) and reports every
                 test that no plan under DIR (default TestPlans) runs, and plan entries that match no test;
                 exits 1 if there is any
    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("testplan: \(message)\n".utf8))
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail("missing command\n\(usage)") }
arguments.removeFirst()

do {
    switch command {
    case "-h", "--help":
        print(usage)
    case "arguments", "run":
        guard let path = arguments.first else { fail("\(command) needs a plan file") }
        let plan = try TestPlan.load(URL(fileURLWithPath: path))
        if command == "arguments" {
            plan.swiftTestArguments.forEach { print($0) }
            exit(0)
        }
        var extra = Array(arguments.dropFirst())
        if extra.first == "--" { extra.removeFirst() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test"] + plan.swiftTestArguments + extra
        FileHandle.standardOutput.write(Data("testplan: running plan \(plan.name): swift test \(plan.swiftTestArguments.joined(separator: " "))\n".utf8))
        try process.run()
        process.waitUntilExit()
        exit(process.terminationStatus)
    case "check":
        var plansDirectory = "TestPlans"
        var testsFile: String?
        while let flag = arguments.first {
            arguments.removeFirst()
            guard let value = arguments.first else { fail("\(flag) needs a value") }
            arguments.removeFirst()
            switch flag {
            case "--plans": plansDirectory = value
            case "--tests": testsFile = value
            default: fail("unknown option \(flag)")
            }
        }
        guard let testsFile else { fail("check needs --tests FILE (the output of `swift test list`)") }
        let listing: Data = testsFile == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: testsFile))
        let tests = String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.contains(".") && $0.contains("/") && !$0.hasPrefix(" ") }
        guard !tests.isEmpty else { fail("no tests found in \(testsFile); expected the output of `swift test list`") }
        let files = try FileManager.default.contentsOfDirectory(atPath: plansDirectory).filter { $0.hasSuffix(".xctestplan") }.sorted()
        guard !files.isEmpty else { fail("no .xctestplan files in \(plansDirectory)") }
        let plans = try files.map { file in try TestPlan.load(URL(fileURLWithPath: plansDirectory).appendingPathComponent(file)) }
        let coverage = PlanCoverage(plans: plans, tests: tests)
        for orphan in coverage.orphans { print("not in any plan: \(orphan)") }
        for entry in coverage.staleEntries { print("stale plan entry: \(entry)") }
        print("\(tests.count) tests, \(plans.count) plans (\(plans.map(\.name).joined(separator: ", "))): "
            + "\(coverage.orphans.count) not in any plan, \(coverage.staleEntries.count) stale entries")
        exit(coverage.isComplete ? 0 : 1)
    default:
        fail("unknown command \(command)\n\(usage)")
    }
} catch {
    fail("\(error)", status: 1)
}
