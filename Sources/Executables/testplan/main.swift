import CommandLineSupport
import Foundation
import TestPlanSupport

// Runs Xcode test plans on Linux, where `swift test` does not read them. See TestPlans/README.md.
let spec = CommandSpec(
    name: "testplan",
    abstract: "Runs the Xcode test plans under TestPlans/ on Linux, and checks that every test is in a plan.",
    subcommands: [
        SubcommandSpec(
            "run", arguments: "<plan.xctestplan> [-- <more swift test arguments>]",
            abstract: "run `swift test` with the --filter/--skip arguments that select exactly the plan's tests"),
        SubcommandSpec("arguments", arguments: "<plan.xctestplan>", abstract: "print those arguments, one per line"),
        SubcommandSpec(
            "check",
            abstract:
                "report every test (from `swift test list` output) that no plan runs, and plan entries that match no test",
            options: [
                .value("plans", "DIR", "the folder of .xctestplan files (default: TestPlans)"),
                .value("tests", "FILE", "the output of `swift test list` (- for standard input); required"),
            ]),
    ])

/// Writes `testplan: <message>` to standard error and gives the status to exit with. The command
/// returns its status rather than exiting where it stands, so that everything it read is released
/// before the process ends (LeakSanitizer, in CI, reports what is still held at exit).
func fail(_ message: String, status: Int32 = ExitStatus.usage) -> Int32 {
    FileHandle.standardError.write(Data("testplan: \(message)\n".utf8))
    return status
}

/// What the command line asks for, read once from the parsed arguments: each subcommand with
/// the values it uses, so that the work below reads fields, not option names.
enum TestPlanOptions {
    /// `run <plan> [-- <more swift test arguments>]`
    case run(plan: String, passthrough: [String])
    /// `arguments <plan>`
    case arguments(plan: String)
    /// `check --tests FILE [--plans DIR]`
    case check(plans: String, tests: String)

    init(_ parsed: ParsedCommand) throws(UsageError) {
        func usage(_ message: String) -> UsageError {
            UsageError(command: "testplan", subcommand: parsed.subcommand, message)
        }
        switch parsed.subcommand {
        case "arguments", "run":
            guard parsed.arguments.count == 1, let path = parsed.arguments.first else {
                throw usage("\(parsed.subcommand) needs one plan file")
            }
            self =
                parsed.subcommand == "run" ? .run(plan: path, passthrough: parsed.passthrough) : .arguments(plan: path)
        default:
            guard parsed.arguments.isEmpty else {
                throw usage("check takes no arguments, got \(parsed.arguments.joined(separator: " "))")
            }
            guard let tests = parsed.value("tests") else {
                throw usage("check needs --tests FILE (the output of `swift test list`)")
            }
            self = .check(plans: parsed.value("plans") ?? "TestPlans", tests: tests)
        }
    }
}

func testplan(_ parsed: ParsedCommand) throws(UsageError) -> Int32 {
    let options = try TestPlanOptions(parsed)
    do {
        switch options {
        case .arguments(let path):
            let plan = try TestPlan.load(URL(fileURLWithPath: path))
            for argument in plan.swiftTestArguments { print(argument) }
            return ExitStatus.success
        case .run(let path, let passthrough):
            let plan = try TestPlan.load(URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "test"] + plan.swiftTestArguments + passthrough
            FileHandle.standardOutput.write(
                Data(
                    "testplan: running plan \(plan.name): swift test \(plan.swiftTestArguments.joined(separator: " "))\n"
                        .utf8))
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        case .check(let plansDirectory, let testsFile):
            return try check(plansDirectory: plansDirectory, testsFile: testsFile)
        }
    } catch {
        return fail("\(error)", status: ExitStatus.failure)
    }
}

/// `check`: every test of the listing in some plan, and every plan entry matching some test.
func check(plansDirectory: String, testsFile: String) throws -> Int32 {
    let listing: Data
    if testsFile == "-" {
        listing = FileHandle.standardInput.readDataToEndOfFile()
    } else if FileManager.default.fileExists(atPath: testsFile) {
        guard let data = FileManager.default.contents(atPath: testsFile) else {
            return fail("cannot read --tests \(testsFile)")
        }
        listing = data
    } else {
        return fail(
            "--tests \(testsFile): no such file; make it first with `swift test list > \(testsFile)`, or pass - to read standard input"
        )
    }
    let tests = String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.contains(".") && $0.contains("/") && !$0.hasPrefix(" ") }
    guard !tests.isEmpty else {
        return fail("no tests found in \(testsFile); expected the output of `swift test list`")
    }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: plansDirectory) else {
        return fail("--plans \(plansDirectory): no such folder; run from the package root, or pass --plans DIR")
    }
    let files = entries.filter { $0.hasSuffix(".xctestplan") }.sorted()
    guard !files.isEmpty else { return fail("no .xctestplan files in \(plansDirectory)") }
    let plans = try files.map { file in
        try TestPlan.load(URL(fileURLWithPath: plansDirectory).appendingPathComponent(file))
    }
    let coverage = PlanCoverage(plans: plans, tests: tests)
    for orphan in coverage.orphans { print("not in any plan: \(orphan)") }
    for entry in coverage.staleEntries { print("stale plan entry: \(entry)") }
    print(
        "\(tests.count) tests, \(plans.count) plans (\(plans.map(\.name).joined(separator: ", "))): "
            + "\(coverage.orphans.count) not in any plan, \(coverage.staleEntries.count) stale entries")
    return coverage.isComplete ? ExitStatus.success : ExitStatus.failure
}

exit(
    spec.run(
        Array(CommandLine.arguments.dropFirst()),
        out: { FileHandle.standardOutput.write(Data($0.utf8)) },
        err: { FileHandle.standardError.write(Data($0.utf8)) },
        testplan))
