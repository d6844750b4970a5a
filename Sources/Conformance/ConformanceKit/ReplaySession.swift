import FixtureFormat
import Foundation
import MVICore
import ReplaySeam

/// One scenario replayed against a reference feature an event at a time, on virtual time: the
/// engine behind the one scenario loop (`walk`) and the fuzzer's generator, applying the
/// rules of docs/fixtures.md (lifecycle checks, requests, the first event) the same way for every
/// feature. A rule broken at run time throws with the file and line; the feature never crashes the run.
public final class ReplaySession {
    private let module: FeatureModule
    private let file: String
    private let output = OutputLog()
    private let scheduler = TestScheduler()
    private let requests: RequestLog
    private let session: any FeatureSession
    private var lifecycle: LifecycleRegistry
    private var created = false
    /// At the wire level, the mock server and URLSession of this scenario (docs/wire.md).
    let wire: (any WireExchanging)?

    /// A session for `scenario`'s feature and config; nothing runs until its `create` event.
    ///
    /// - Parameters:
    ///   - level: `.wire` builds the feature with its real data sources, talking to a mock server of
    ///     the session's own (`wire`).
    ///   - remote: at the wire level, the `wire` object of a server the runner holds and answers
    ///     instead (the reference's adapter, docs/porting.md, "The wire level").
    public init(
        _ scenario: Scenario, features: FeatureRegistry, level: ReplayLevel = .memory, remote: JSONObject? = nil
    )
        throws(ScenarioError)
    {
        guard let module = features[scenario.feature] else {
            throw ScenarioError(
                file: scenario.file, line: 1, field: "feature",
                message:
                    "unknown feature \(CanonicalRender.quote(scenario.feature)); known: \(features.names.joined(separator: ", "))"
            )
        }
        self.module = module
        file = scenario.file
        requests = RequestLog(output: output)
        if let machinery = level.machinery {
            do {
                wire = try machinery.exchange(scenario, requests: requests, headers: module.wireHeaders, remote: remote)
            } catch {
                throw ScenarioError(file: scenario.file, line: 1, message: "the wire level's mock server: \(error)")
            }
        } else {
            wire = nil
        }
        session = scenario.configured.makeSession(
            FeatureEnvironment(scheduler: scheduler, requests: requests, output: output, live: wire?.live))
        lifecycle = LifecycleRegistry(component: module.componentName)
    }

    /// The scenario is over: the feature's stores are disposed, which cancels their async effects,
    /// and the scheduler runs the jobs that lets them finish, so that no task outlives its replay
    /// waiting for an answer that will never come (LeakSanitizer sees such a task as a leak).
    deinit {
        session.end()
        var rounds = 0
        while scheduler.pendingJobCount > 0, rounds < 10_000 {
            scheduler.advance()
            rounds += 1
        }
        wire?.close()
    }

    /// Applies one event and returns what the feature did in reaction, with the number of renders
    /// of a quiet step that were counted and dropped while it ran (they come before `outputs`).
    ///
    /// - Parameter deadline: past it, a long advance stops between two virtual seconds' work and
    ///   throws, naming the step; `timeLimit` is what the message calls it.
    public func apply(
        _ event: ScenarioEvent, deadline: ContinuousClock.Instant? = nil, timeLimit: Duration? = nil
    ) throws(ScenarioError) -> (outputs: [ReplayOutput], omittedRenders: Int) {
        func fail(_ error: FieldError) -> ScenarioError { ScenarioError(file: file, line: event.line, error) }
        func checkDeadline() throws(ScenarioError) {
            guard let deadline, ContinuousClock.now >= deadline else { return }
            let limit = timeLimit.map { " of \($0)" } ?? ""
            throw ScenarioError(
                file: file, line: event.line,
                message: "step \(event.step) was still running when the scenario reached its wall-clock limit\(limit) "
                    + "(conformance run --timeout SECONDS)")
        }
        try checkDeadline()
        if !created, event.kind != .create {
            throw fail(FieldError(field: "event", "the first event must be create"))
        }
        switch event.kind {
        case .create:
            if created { throw fail(FieldError(field: "event", "create may appear only once, as the first event")) }
            created = true
            session.create()
        case .lifecycle(let lifecycleEvent):
            do {
                try lifecycle.handle(lifecycleEvent)
                session.perform(lifecycleEvent)
            } catch {
                output.append(.rejected(error.description))
            }
        case .restore:
            guard lifecycle.state == .created else {
                throw fail(
                    FieldError(
                        field: "event",
                        "restore needs the component without a view (after stop and viewDestroyed); it is \(lifecycle.state)"
                    ))
            }
            do throws(FieldError) {
                output.append(.saved(try session.restore()))
            } catch {
                throw fail(error)
            }
            lifecycle = LifecycleRegistry(component: module.componentName)
        case .view, .custom:
            guard let decoded = event.input else { throw fail(FieldError(field: "event", "the event was not decoded")) }
            do throws(FieldError) {
                try session.send(decoded.input)
            } catch {
                throw fail(error)
            }
        case .advance(let milliseconds, let isQuiet):
            output.setQuiet(isQuiet)
            // A virtual second's work at a time, from the next due time (a stretch where nothing
            // is due is crossed at once), so that a long advance can stop at the wall-clock limit.
            // The limit is looked at once a virtual second, not at each due time, whose look would
            // weigh on every timer's tick. The reader keeps the total within
            // HarnessLimits.maximumVirtualMilliseconds.
            let target = scheduler.now + .milliseconds(milliseconds)
            while let next = scheduler.nextDueTime, next <= target {
                scheduler.advance(to: min(target, max(next, scheduler.now) + .seconds(1)))
                try checkDeadline()
            }
            scheduler.advance(to: target)
        case .respond(let request, let fields):
            guard var answer = event.answer else {
                throw fail(FieldError(field: "event", "the answer was not decoded"))
            }
            // A data source with several calls: the answer must be a form this request's kind takes.
            if let description = requests.description(of: request), let kind = module.requestKind(for: description) {
                do throws(FieldError) {
                    answer = try kind.answers.decode(fields)
                } catch {
                    throw fail(
                        FieldError(
                            field: error.field ?? "request",
                            "request #\(request) is \(description), which takes another answer: \(error.message)"))
                }
            }
            do throws(FieldError) {
                try requests.respond(request, with: answer, line: event.line)()
            } catch {
                throw fail(error)
            }
        }
        // Everything due now runs before the next event.
        scheduler.advance()
        if let failure = wire?.failure { throw fail(FieldError(field: "event", "at the wire level, \(failure)")) }
        let (outputs, omittedRenders) = output.takeStep()
        for case .custom(let keyword, _) in outputs where !ReplayOutput.isValidKeyword(keyword) {
            throw fail(
                FieldError(
                    field: "event",
                    "\(module.name) wrote a reaction named \(CanonicalRender.quote(keyword)); a feature's own reactions are "
                        + "lowercase words other than \(ReplayOutput.reservedKeywords.sorted().joined(separator: ", "))"
                ))
        }
        return (outputs, omittedRenders)
    }
}

/// How the transcript echoes each input (`> 3 respond #1 urls [2] (after cancel)`), from the
/// scenario and the outputs so far: the same for every implementation, so a port never has to
/// send the echo back, and the runner never needs the reference to judge a port.
struct TranscriptEcho {
    private var nowMilliseconds: Int64 = 0
    private var cancelled = Set<Int>()

    /// The echo of `event`, given the outputs of the steps before it.
    mutating func echo(_ event: ScenarioEvent) -> String {
        switch event.kind {
        case .create: return "create"
        case .lifecycle(let lifecycleEvent): return lifecycleEvent.rawValue
        case .restore: return "restore"
        case .view, .custom: return event.input?.echo ?? ""
        case .advance(let milliseconds, _):
            nowMilliseconds += Int64(milliseconds)
            return "advance \(milliseconds)ms (now \(nowMilliseconds)ms)"
        case .respond(let request, _):
            let answer = event.answer?.echo ?? ""
            return "respond #\(request) \(answer)" + (cancelled.contains(request) ? " (after cancel)" : "")
        }
    }

    /// Notes a step's outputs: a request cancelled there is echoed ` (after cancel)` when answered later.
    mutating func note(_ outputs: [ReplayOutput]) {
        for case .cancel(let id) in outputs { cancelled.insert(id) }
    }
}
