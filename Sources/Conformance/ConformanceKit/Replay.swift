import FixtureFormat
import Foundation
import MVICore
import ReplaySeam

/// One input event and everything the feature did in reaction, in order.
public struct ReplayStep: Equatable, Sendable {
    public let step: Int
    public let line: Int
    /// The input event as the transcript echoes it.
    public let input: String
    public let outputs: [ReplayOutput]
    /// Keep only the last render of this step in the transcript (long timer runs).
    public let quiet: Bool
    /// Renders of a quiet step that were counted and dropped while it ran, before `outputs`.
    public let omittedRenders: Int

    public init(step: Int, line: Int, input: String, outputs: [ReplayOutput], quiet: Bool, omittedRenders: Int = 0) {
        self.step = step
        self.line = line
        self.input = input
        self.outputs = outputs
        self.quiet = quiet
        self.omittedRenders = omittedRenders
    }
}

/// A whole replay: the scenario and its steps.
public struct ReplayResult: Sendable {
    public let scenario: Scenario
    public let steps: [ReplayStep]

    /// A replay's result; an adapter that drives a port in another process builds one from its answers.
    public init(scenario: Scenario, steps: [ReplayStep]) {
        self.scenario = scenario
        self.steps = steps
    }
}

/// Replays scenarios against the features they name: one engine for every feature, applying
/// the rules of docs/fixtures.md (virtual time, lifecycle checks, requests) the same way for all.
public struct Replayer: Sendable {
    public let features: FeatureRegistry

    public init(features: FeatureRegistry) { self.features = features }

    /// Reads `text` with this replayer's features (see `Scenario.parse`).
    public func read(_ text: String, file: String, expectedID: String? = nil) throws(ScenarioError) -> Scenario {
        try Scenario.parse(text, file: file, expectedID: expectedID, features: features)
    }

    /// Replays `scenario`. A rule broken at run time throws with its file and line; the feature never crashes the run.
    ///
    /// - Parameter timeLimit: the wall-clock time the replay may take; past it, the replay stops
    ///   between two virtual seconds' work and throws, naming the step it was on.
    public func replay(_ scenario: Scenario, timeLimit: Duration? = nil) throws(ScenarioError) -> ReplayResult {
        let deadline = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
        let session = try ReplaySession(scenario, features: features)
        var echo = TranscriptEcho()
        var steps: [ReplayStep] = []
        steps.reserveCapacity(scenario.events.count)
        for event in scenario.events {
            let input = echo.echo(event)
            let (outputs, omittedRenders) = try session.apply(event, deadline: deadline, timeLimit: timeLimit)
            echo.note(outputs)
            steps.append(
                ReplayStep(
                    step: event.step, line: event.line, input: input, outputs: outputs, quiet: event.isQuiet,
                    omittedRenders: omittedRenders))
        }
        return ReplayResult(scenario: scenario, steps: steps)
    }
}
