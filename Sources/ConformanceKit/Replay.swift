import Foundation
import MVICore
import MVITestSupport

/// Something a feature did in reaction to an input event. Structured: formatting is separate.
public enum ReplayOutput: Equatable, Sendable {
    /// The fake data source received request number `id`, described as `description`.
    case request(id: Int, description: String)
    /// Request `id` was cancelled while it was pending.
    case cancel(id: Int)
    /// The view rendered a model.
    case render(CanonicalValue)
    /// The store published a label.
    case label(CanonicalValue)
    /// A lifecycle call was refused as a programming error; the component was not called.
    case rejected(String)
    /// The state a `restore` event saved before the component was recreated from it.
    case saved(CanonicalValue)
    /// A feature-specific observation, such as an event the state machine ignored.
    case note(String)
}

/// One input event and everything the feature did in reaction, in order.
public struct ReplayStep: Equatable, Sendable {
    public let step: Int
    public let line: Int
    /// The input event as the transcript echoes it.
    public let input: String
    public let outputs: [ReplayOutput]
    /// Keep only the last render of this step in the transcript (long timer runs).
    public let quiet: Bool

    public init(step: Int, line: Int, input: String, outputs: [ReplayOutput], quiet: Bool) {
        self.step = step
        self.line = line
        self.input = input
        self.outputs = outputs
        self.quiet = quiet
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

/// A failure of a driver, placed by the engine at the event's line.
public struct DriverError: Error, Equatable {
    public let field: String?
    public let message: String

    public init(field: String? = nil, _ message: String) {
        self.field = field
        self.message = message
    }
}

/// Collects outputs as they happen.
public final class OutputLog {
    private(set) var outputs: [ReplayOutput] = []

    public init() {}

    public func append(_ output: ReplayOutput) { outputs.append(output) }

    func take() -> [ReplayOutput] {
        defer { outputs = [] }
        return outputs
    }
}

/// The fake data source's requests, numbered from 1 in the order they were made.
///
/// A driver's fake data source opens a request here with a responder that decodes a `respond`
/// event's fields; the engine routes `respond` events to it. Cancelling a pending request records
/// `cancel #n`. Answering a cancelled request is allowed (the feature must ignore it).
public final class RequestLog {
    /// Decodes a `respond` event's fields; throws a `DriverError` naming the field at fault.
    /// (Untyped `throws`: a stored typed-throws function type needs macOS 15's runtime.)
    public typealias Responder = ([String: JSONValue]) throws -> (echo: String, deliver: () -> Void)

    final class Entry {
        enum Status { case pending, cancelled, answered(line: Int) }
        let id: Int
        let responder: Responder
        var status = Status.pending

        init(id: Int, responder: @escaping Responder) {
            self.id = id
            self.responder = responder
        }
    }

    private let output: OutputLog
    private var entries: [Entry] = []

    init(output: OutputLog) { self.output = output }

    /// Records a new request and returns its cancellation handle.
    public func open(_ description: String, responder: @escaping Responder) -> any Cancellable {
        let entry = Entry(id: entries.count + 1, responder: responder)
        entries.append(entry)
        output.append(.request(id: entry.id, description: description))
        let cancel = Confined { [output] in
            if case .pending = entry.status {
                entry.status = .cancelled
                output.append(.cancel(id: entry.id))
            }
        }
        return Cancellation { cancel.value() }
    }

    /// The number of requests made so far.
    public var count: Int { entries.count }

    func respond(_ id: Int, fields: [String: JSONValue], line: Int) throws(DriverError) -> (echo: String, deliver: () -> Void) {
        guard id <= entries.count else {
            throw DriverError(
                field: "request",
                "request #\(id) was never made (\(entries.count == 0 ? "no requests" : "requests #1...#\(entries.count)") so far)")
        }
        let entry = entries[id - 1]
        if case .answered(let answeredAt) = entry.status {
            throw DriverError(field: "request", "request #\(id) was already answered at line \(answeredAt)")
        }
        let wasCancelled: Bool = if case .cancelled = entry.status { true } else { false }
        let reply: (echo: String, deliver: () -> Void)
        do {
            reply = try entry.responder(fields)
        } catch let error as DriverError {
            throw error
        } catch {
            throw DriverError(String(describing: error))
        }
        entry.status = .answered(line: line)
        return (wasCancelled ? reply.echo + " (after cancel)" : reply.echo, reply.deliver)
    }
}

/// What the engine gives a driver.
public struct ReplayContext {
    public let scheduler: TestScheduler
    public let output: OutputLog
    public let requests: RequestLog
    public let config: [String: JSONValue]
}

/// Drives one feature: creates its component with fakes, forwards lifecycle and view events.
///
/// The engine does the rest (time, requests, lifecycle checks, settling), so that drivers stay
/// small and every feature replays under the same rules.
public protocol FeatureDriver: AnyObject {
    /// The feature's name in fixture headers and paths.
    static var feature: String { get }
    /// Validates the header's `config` and prepares fakes; nothing runs yet.
    init(context: ReplayContext) throws(DriverError)
    /// The component's name in lifecycle messages.
    var componentName: String { get }
    /// Creates the component; its store starts.
    func create()
    /// Delivers an allowed lifecycle call.
    func lifecycle(_ event: LifecycleEvent)
    /// The view emits the named event. Returns the event as the transcript echoes it.
    func view(name: String, payload: JSONValue?) throws(DriverError) -> String
    /// Saves the store's state, destroys the component (it has no view) and creates a new one
    /// restored from the saved state. Returns the saved state's canonical value.
    func restore() throws(DriverError) -> CanonicalValue
}

extension FeatureDriver {
    public func restore() throws(DriverError) -> CanonicalValue {
        throw DriverError(field: "event", "\(Self.feature) has no saved state to restore")
    }
}

/// Replays scenarios with the registered drivers.
public struct Replayer {
    public let drivers: [String: any FeatureDriver.Type]

    public init(drivers: [any FeatureDriver.Type]) {
        self.drivers = Dictionary(uniqueKeysWithValues: drivers.map { ($0.feature, $0) })
    }

    /// Replays `scenario`. A malformed scenario throws with its file and line; the feature never crashes the run.
    public func replay(_ scenario: Scenario) throws(ScenarioError) -> ReplayResult {
        guard let driverType = drivers[scenario.feature] else {
            throw ScenarioError(
                file: scenario.file, line: 1, field: "feature",
                message: "unknown feature \(CanonicalRender.quote(scenario.feature)); known: \(drivers.keys.sorted().joined(separator: ", "))")
        }
        let output = OutputLog()
        let scheduler = TestScheduler()
        let context = ReplayContext(scheduler: scheduler, output: output, requests: RequestLog(output: output), config: scenario.config)
        let driver: any FeatureDriver
        do {
            driver = try driverType.init(context: context)
        } catch {
            throw ScenarioError(file: scenario.file, line: 1, field: error.field.map { "config.\($0)" } ?? "config", message: error.message)
        }

        var lifecycle = LifecycleRegistry(component: driver.componentName)
        var created = false
        var steps: [ReplayStep] = []
        for event in scenario.events {
            func fail(_ field: String?, _ message: String) -> ScenarioError {
                ScenarioError(file: scenario.file, line: event.line, field: field, message: message)
            }
            if !created, event.kind != .create {
                throw fail("event", "the first event must be create")
            }
            var input: String
            var quiet = false
            switch event.kind {
            case .create:
                if created { throw fail("event", "create may appear only once, as the first event") }
                created = true
                input = "create"
                driver.create()
            case .lifecycle(let lifecycleEvent):
                input = lifecycleEvent.rawValue
                do {
                    try lifecycle.handle(lifecycleEvent)
                    driver.lifecycle(lifecycleEvent)
                } catch {
                    output.append(.rejected(error.description))
                }
            case .restore:
                guard lifecycle.state == .created else {
                    throw fail(
                        "event",
                        "restore needs the component without a view (after stop and viewDestroyed); it is \(lifecycle.state)")
                }
                input = "restore"
                do {
                    output.append(.saved(try driver.restore()))
                } catch {
                    throw fail(error.field, error.message)
                }
                lifecycle = LifecycleRegistry(component: driver.componentName)
            case .view(let name, let payload):
                do {
                    input = "view " + (try driver.view(name: name, payload: payload))
                } catch {
                    throw fail(error.field ?? "name", error.message)
                }
            case .advance(let milliseconds, let isQuiet):
                quiet = isQuiet
                scheduler.advance(by: .milliseconds(milliseconds))
                input = "advance \(milliseconds)ms (now \(Self.milliseconds(scheduler.now))ms)"
            case .respond(let request, let fields):
                do {
                    let reply = try context.requests.respond(request, fields: fields, line: event.line)
                    input = "respond #\(request) \(reply.echo)"
                    reply.deliver()
                } catch {
                    throw fail(error.field, error.message)
                }
            }
            // Everything due now runs before the next event.
            scheduler.advance()
            steps.append(ReplayStep(step: event.step, line: event.line, input: input, outputs: output.take(), quiet: quiet))
        }
        return ReplayResult(scenario: scenario, steps: steps)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.wholeNanoseconds / 1_000_000
    }
}

extension StoreComponent {
    /// Delivers a lifecycle call that the engine already found allowed; `view` is attached on `viewCreated`.
    public func perform(_ event: LifecycleEvent, view: any MviView<Model, Event>) {
        switch event {
        case .viewCreated: onViewCreated(view)
        case .start: onStart()
        case .stop: onStop()
        case .viewDestroyed: onViewDestroyed()
        case .destroy: onDestroy()
        }
    }
}
