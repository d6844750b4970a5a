import ConformanceKit
import FixtureFormat
import Foundation
import MVICountdownTimer
import MVIStateMachine
import ReplaySeam
import Testing

/// The timer's transition table and state-space check, against goldens read by eye once:
/// any change to the table fails here.
@Suite struct TimerTableGoldenTests {
    private func check(_ text: String, file: String) throws {
        let catalog = try #require(Corpus.catalog)
        let url = catalog.root.appendingPathComponent("timer/\(file)")
        let golden = GoldenFile(
            url: url, displayPath: catalog.displayPath(url), recordMode: (try? RecordMode.fromEnvironment()) ?? .never,
            isCI: ConformanceRunner.isCI())
        let outcome = golden.check(
            text, rerecordCommand: "CONFORMANCE_RECORD=failed swift test --filter TimerTableGoldenTests", label: file)
        #expect(outcome == .passed, Comment(rawValue: outcome.message))
    }

    @Test func transitionTable() throws {
        try check(TimerMachine.make().tableText, file: "transition-table.render.txt")
    }

    @Test func stateSpace() throws {
        try check(
            TimerMachine.make().stateSpace(states: TimerPhase.allCases, events: TimerEvent.prototypes).text,
            file: "state-space.render.txt")
    }
}
