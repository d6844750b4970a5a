import ConformanceKit
import Foundation
import ReplaySeam
import Testing

/// Whatever a scenario asks for, the run is bounded and never traps.
@Suite struct BoundedRunTests {
    static let timerHeader = #"{"format": 1, "id": "timer/x", "feature": "timer", "description": "d"}"#

    /// A Timer counting down from 59:59.
    static func runningTimer(_ lines: String...) -> String {
        ([
            timerHeader, #"{"event": "create"}"#, #"{"event": "viewCreated"}"#, #"{"event": "start"}"#,
            #"{"event": "view", "name": "timeSet", "payload": {"minutes": 59, "seconds": 59}}"#,
            #"{"event": "view", "name": "startTapped"}"#,
        ] + lines).joined(separator: "\n") + "\n"
    }

    private func read(_ text: String) throws -> Scenario {
        try TestFeatures.replayer.read(text, file: "Fixtures/timer/x.jsonl")
    }

    @Test func virtualTimePastTheLimitIsAnErrorWhereItIsRead() {
        let text = scenario(
            #"{"event": "create"}"#, #"{"event": "advance", "ms": 600000000000}"#,
            #"{"event": "advance", "ms": 400000000001}"#)
        #expect(
            parseError(text)
                == #"Fixtures/kittens/x.jsonl:4: field "ms": the advances so far reach 1000000000001ms of virtual time, "#
                + "over the limit of 1000000000000ms (10^12) for a whole scenario")
    }

    @Test func oneAdvancePastTheLimitIsRefusedByItsRange() {
        let text = scenario(#"{"event": "create"}"#, #"{"event": "advance", "ms": 1000000000001}"#)
        #expect(
            parseError(text)?.hasPrefix(#"Fixtures/kittens/x.jsonl:3: field "ms": "#) == true,
            "\(parseError(text) ?? "read")")
    }

    /// Two advances that the clock once clamped without a word (to 9223372036854ms) are refused.
    @Test func advancesTheClockCannotHoldAreRefusedNotClamped() {
        let text = scenario(
            #"{"event": "create"}"#, #"{"event": "advance", "ms": 5000000000000}"#,
            #"{"event": "advance", "ms": 5000000000000}"#)
        #expect(
            parseError(text)?.hasPrefix(#"Fixtures/kittens/x.jsonl:3: field "ms""#) == true,
            "\(parseError(text) ?? "read")")
    }

    /// At the limit exactly, the clock reads the limit: nothing is clamped.
    @Test func virtualTimeAtTheLimitIsReachedExactly() throws {
        let text = scenario(
            #"{"event": "create"}"#, #"{"event": "advance", "ms": 600000000000}"#,
            #"{"event": "advance", "ms": 400000000000}"#)
        let result = try TestFeatures.replayer.replay(
            try TestFeatures.replayer.read(text, file: "Fixtures/kittens/x.jsonl"))
        #expect(
            result.steps.map(\.input) == [
                "create", "advance 600000000000ms (now 600000000000ms)", "advance 400000000000ms (now 1000000000000ms)",
            ])
    }

    @Test func theLargestAdvanceOnARunningTimerStopsAtTheWallClockLimitInsteadOfTrapping() throws {
        let parsed = try read(Self.runningTimer(#"{"event": "advance", "ms": 1000000000000, "quiet": true}"#))
        #expect(
            throws: ScenarioError(
                file: "Fixtures/timer/x.jsonl", line: 7,
                message:
                    "step 6 was still running when the scenario reached its wall-clock limit of 0.2 seconds (conformance run --timeout SECONDS)"
            )
        ) {
            try TestFeatures.replayer.replay(parsed, timeLimit: .milliseconds(200))
        }
    }

    @Test func aQuietStepKeepsOneRenderAndCountsTheOthers() throws {
        let result = try TestFeatures.replayer.replay(
            try read(Self.runningTimer(#"{"event": "advance", "ms": 600000, "quiet": true}"#)))
        let step = try #require(result.steps.last)
        #expect(step.outputs.count == 1, "only the last render is kept in memory")
        #expect(step.omittedRenders > 500)
        #expect(
            TranscriptFormatter.outputLines(step).first
                == "  (\(step.omittedRenders) earlier renders of this step not shown)")
    }

    @Test func aLineOverTheLimitIsAnError() {
        let long =
            #"{"event": "respond", "request": 1, "body": ""#
            + String(repeating: "a", count: HarnessLimits.maximumLineBytes) + #""}"#
        #expect(
            parseError(scenario(#"{"event": "create"}"#, long))
                == "Fixtures/kittens/x.jsonl:3: the line holds \(long.utf8.count) bytes, over the limit of 1048576 (see docs/fixtures.md, \"Limits\")"
        )
    }

    @Test func aLineAtTheLimitIsRead() {
        let prefix = #"{"event": "respond", "request": 1, "body": ""#
        let line =
            prefix + String(repeating: "a", count: HarnessLimits.maximumLineBytes - prefix.utf8.count - 2) + #""}"#
        #expect(line.utf8.count == HarnessLimits.maximumLineBytes)
        #expect(parseError(scenario(#"{"event": "create"}"#, line)) == nil)
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).jsonl")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(HarnessLimits.maximumFileBytes + 1))  // sparse: nothing is written
        try handle.close()
        #expect(
            throws: ScenarioError(
                file: "Fixtures/kittens/x.jsonl", line: nil,
                message: "the file holds 67108865 bytes, over the limit of 67108864 (see docs/fixtures.md, \"Limits\")")
        ) {
            try ScenarioText.read(url, path: "Fixtures/kittens/x.jsonl")
        }
    }

    @Test func aScenarioPastItsTimeLimitIsAnErrorAndTheRunGoesOn() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        try FileManager.default.createDirectory(
            at: fixtures.root.appendingPathComponent("timer"), withIntermediateDirectories: true)
        try Self.runningTimer(#"{"event": "advance", "ms": 1000000000000, "quiet": true}"#)
            .write(to: fixtures.root.appendingPathComponent("timer/x.jsonl"), atomically: true, encoding: .utf8)
        let run = CommandRun(["run", "--timeout", "0.2", "--record", "never"], fixtures: fixtures)
        #expect(run.status == 1)
        #expect(run.out.contains("pass  kittens/x\n"))
        #expect(
            run.out.contains(
                "ERRORED  timer/x\n    \(fixtures.root.path)/timer/x.jsonl:7: step 6 was still running when the scenario reached its wall-clock limit"
            ))
    }

    @Test(arguments: ["0", "-1", "abc", "nan", "100000"])
    func aTimeoutThatIsNotAPositiveNumberOfSecondsIsAUsageError(value: String) {
        let run = CommandRun(["run", "--timeout", value])
        #expect(run.status == 2)
        #expect(
            run.err.hasPrefix(
                "conformance: --timeout \(value): expected a number of seconds above 0 and at most 86400"),
            "got: \(run.err)")
    }
}

/// The `conformance` executable built beside the tests (`swift build --build-tests`).
private func conformanceExecutable() -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("conformance") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Ctrl-C during a run: the executable tells what ran so far. Its subject is a real process and a
/// real signal: the second scenario runs for wall-clock seconds (a timer advanced by 10^12 ms)
/// while the signal is sent, after the first one's line was read.
@Suite(.enabled(if: conformanceExecutable() != nil, "the conformance executable is built beside the tests"))
struct InterruptedRunTests {
    @Test(.timeLimit(.minutes(2))) func anInterruptedRunTellsWhatRanSoFar() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        try FileManager.default.createDirectory(
            at: fixtures.root.appendingPathComponent("timer"), withIntermediateDirectories: true)
        try BoundedRunTests.runningTimer(#"{"event": "advance", "ms": 1000000000000, "quiet": true}"#)
            .write(to: fixtures.root.appendingPathComponent("timer/x.jsonl"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = conformanceExecutable()
        process.arguments = ["run", "--jobs", "1", "--record", "never", "--fixtures", fixtures.root.path]
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var shown = ""
        while !shown.contains("pass  kittens/x\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            shown += String(decoding: chunk, as: UTF8.self)
        }
        #expect(shown == "pass  kittens/x\n", "the first scenario's line, and nothing of the second yet")
        process.interrupt()
        let told = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(told == "\nconformance: interrupted after 1 of 2 scenarios: 1 passed\n", "\(told)")
    }
}
