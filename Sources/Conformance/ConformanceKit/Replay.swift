import FixtureFormat
import ReplaySeam
import Foundation
import MVICore
import MVITestSupport

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
    ///   between two pieces of scheduled work and throws, naming the step it was on.
    public func replay(_ scenario: Scenario, timeLimit: Duration? = nil) throws(ScenarioError) -> ReplayResult {
        let clock = ContinuousClock()
        let deadline = timeLimit.map { clock.now.advanced(by: $0) }
        guard let module = features[scenario.feature] else {
            throw ScenarioError(
                file: scenario.file, line: 1, field: "feature",
                message: "unknown feature \(CanonicalRender.quote(scenario.feature)); known: \(features.names.joined(separator: ", "))")
        }
        let output = OutputLog()
        let scheduler = TestScheduler()
        let requests = RequestLog(output: output)
        let session = scenario.configured.makeSession(FeatureEnvironment(scheduler: scheduler, requests: requests, output: output))

        var lifecycle = LifecycleRegistry(component: module.componentName)
        var created = false
        var steps: [ReplayStep] = []
        steps.reserveCapacity(scenario.events.count)
        for event in scenario.events {
            func fail(_ error: FieldError) -> ScenarioError { ScenarioError(file: scenario.file, line: event.line, error) }
            func checkDeadline() throws(ScenarioError) {
                guard let deadline, let timeLimit, clock.now >= deadline else { return }
                throw ScenarioError(
                    file: scenario.file, line: event.line,
                    message: "step \(event.step) was still running when the scenario reached its wall-clock limit of \(timeLimit) "
                        + "(conformance run --timeout SECONDS)")
            }
            try checkDeadline()
            if !created, event.kind != .create {
                throw fail(FieldError(field: "event", "the first event must be create"))
            }
            var input: String
            var quiet = false
            switch event.kind {
            case .create:
                if created { throw fail(FieldError(field: "event", "create may appear only once, as the first event")) }
                created = true
                input = "create"
                session.create()
            case .lifecycle(let lifecycleEvent):
                input = lifecycleEvent.rawValue
                do {
                    try lifecycle.handle(lifecycleEvent)
                    session.perform(lifecycleEvent)
                } catch {
                    output.append(.rejected(error.description))
                }
            case .restore:
                guard lifecycle.state == .created else {
                    throw fail(FieldError(
                        field: "event", "restore needs the component without a view (after stop and viewDestroyed); it is \(lifecycle.state)"))
                }
                input = "restore"
                do throws(FieldError) {
                    output.append(.saved(try session.restore()))
                } catch {
                    throw fail(error)
                }
                lifecycle = LifecycleRegistry(component: module.componentName)
            case .view, .custom:
                guard let decoded = event.input else { throw fail(FieldError(field: "event", "the event was not decoded")) }
                input = decoded.echo
                do throws(FieldError) {
                    try session.send(decoded.input)
                } catch {
                    throw fail(error)
                }
            case .advance(let milliseconds, let isQuiet):
                quiet = isQuiet
                output.setQuiet(isQuiet)
                // One due time at a time, so that a long advance can stop at the wall-clock limit.
                // Scenario.parse keeps the total within HarnessLimits.maximumVirtualMilliseconds.
                let target = scheduler.now + .milliseconds(milliseconds)
                while let next = scheduler.nextDueTime, next <= target {
                    scheduler.advance(to: max(next, scheduler.now))
                    try checkDeadline()
                }
                scheduler.advance(to: target)
                input = "advance \(milliseconds)ms (now \(Self.milliseconds(scheduler.now))ms)"
            case .respond(let request, let fields):
                do throws(FieldError) {
                    let reply = try requests.respond(request, fields: fields, line: event.line)
                    input = "respond #\(request) \(reply.echo)"
                    reply.deliver()
                } catch {
                    throw fail(error)
                }
            }
            // Everything due now runs before the next event.
            scheduler.advance()
            let (outputs, omittedRenders) = output.takeStep()
            for case .custom(let keyword, _) in outputs where !ReplayOutput.isValidKeyword(keyword) {
                throw fail(FieldError(
                    field: "event",
                    "\(module.name) wrote a reaction named \(CanonicalRender.quote(keyword)); a feature's own reactions are "
                        + "lowercase words other than \(ReplayOutput.reservedKeywords.sorted().joined(separator: ", "))"))
            }
            steps.append(ReplayStep(step: event.step, line: event.line, input: input, outputs: outputs, quiet: quiet, omittedRenders: omittedRenders))
        }
        return ReplayResult(scenario: scenario, steps: steps)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.wholeNanoseconds / 1_000_000
    }
}
