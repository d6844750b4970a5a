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

/// What an implementation did in reaction to one event: its outputs in order, and the number
/// of renders of a quiet step it counted and dropped (they come before `outputs`).
public struct StepOutputs: Equatable, Sendable {
    public let outputs: [ReplayOutput]
    public let omitted: Int

    public init(_ outputs: [ReplayOutput], omitted: Int = 0) {
        self.outputs = outputs
        self.omitted = omitted
    }
}

/// A whole replay: the scenario and its steps.
public struct ReplayResult: Sendable {
    public let scenario: Scenario
    public let steps: [ReplayStep]

    public init(scenario: Scenario, steps: [ReplayStep]) {
        self.scenario = scenario
        self.steps = steps
    }

    /// The replay of `scenario` whose steps had `outputs`, one entry per event from the first:
    /// the echoes are written here, from the scenario and the outputs, for every implementation.
    public init(scenario: Scenario, outputs: [StepOutputs]) {
        var echo = TranscriptEcho()
        var steps: [ReplayStep] = []
        steps.reserveCapacity(outputs.count)
        for (event, step) in zip(scenario.events, outputs) {
            let input = echo.echo(event)
            echo.note(step.outputs)
            steps.append(
                ReplayStep(
                    step: event.step, line: event.line, input: input, outputs: step.outputs, quiet: event.isQuiet,
                    omittedRenders: step.omitted))
        }
        self.init(scenario: scenario, steps: steps)
    }
}

extension ReplaySession {
    /// Where the one scenario loop stopped: the step (1 for the first event) and the broken rule.
    struct Stop {
        let step: Int
        let error: ScenarioError
    }

    /// The one scenario loop: replays `scenario` on a session of its own, an event at a time,
    /// telling `each` of each step's outputs as it comes. Stops at the first broken rule; at the
    /// wire level, returns the wire transcript of a scenario that ran to its end. The session is
    /// returned too: the scenario is over (its stores disposed, its connections closed) when it goes. The in-process
    /// run, the reference's adapter, the fuzzer and `replay` (show, the recorder's check) all walk
    /// a scenario here.
    ///
    /// - Parameters:
    ///   - remote: at the wire level, the `wire` object of a server the runner holds (the reference's adapter).
    ///   - deadline: past it, a long advance stops between two virtual seconds' work.
    static func walk(
        _ scenario: Scenario, features: FeatureRegistry, level: ReplayLevel, remote: JSONObject? = nil,
        deadline: Deadline?, _ each: (ScenarioEvent, StepOutputs) -> Void
    ) -> (stop: Stop?, wire: String?, session: ReplaySession?) {
        let session: ReplaySession
        do {
            session = try ReplaySession(scenario, features: features, level: level, remote: remote)
        } catch {
            return (Stop(step: 0, error: error), nil, nil)
        }
        let limit = deadline.map { Duration.milliseconds(Int64(($0.seconds * 1000).rounded(.up))) }
        for event in scenario.events {
            do {
                let (outputs, omitted) = try session.apply(event, deadline: deadline?.instant, timeLimit: limit)
                each(event, StepOutputs(outputs, omitted: omitted))
            } catch {
                return (Stop(step: event.step, error: error), nil, session)
            }
        }
        return (nil, session.wire?.transcript(title: "wire \(scenario.id)"), session)
    }
}
