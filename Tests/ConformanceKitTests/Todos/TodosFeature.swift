import ConformanceFuzzing
import ConformanceKit
import FixtureFormat
import Foundation
import MVICore
import ReplaySeam

/// A test-only feature whose data source has two calls that take different answers, the shape of
/// docs/app-conformance.md's two-call data source: `load()` takes `{"items": [...]}` or
/// `{"failure": "offline"}`, `save(n)` takes `{"saved": "yes" | "no"}`. A `Fault` plants one bug of
/// each kind the fuzzer finds (FuzzerFaultTests); without one, the feature holds every invariant.
enum TodosFeature {
    enum Fault: String, CaseIterable, Sendable {
        /// A failed load is retried at once, for ever: every answer makes another request (`pending`).
        case endlessRetry
        /// Each session renders its own number, one more than the last session's (`nondeterministic`).
        case nondeterministic
        /// Each reload renders a note of 4 MiB: three reloads pass the transcript's 8 MiB bound (`unbounded`).
        case unbounded
        /// A save answered "no" writes a reaction the transcript cannot hold (`errored`).
        case errored
        /// Loaded items are counted one too many: the port that differs (`diverged`).
        case miscounts
    }

    enum Event: Equatable, Sendable { case reload, save }

    struct LoadAnswer: ReplayAnswer {
        let echo: String
        let items: [String]?
    }

    struct SaveAnswer: ReplayAnswer {
        let echo: String
        let saved: Bool
    }

    static let items = Field.required("items", JSONCodec.array(of: JSONCodec.string))
    static let saved = Field.required("saved", JSONCodec.oneOf(["yes", "no"]))
    static let loaded: ObjectCodec<any ReplayAnswer> = ObjectCodec<LoadAnswer>.object(items) { fields in
        let items = try fields.read(items)
        return LoadAnswer(echo: "items [\(items.count)]", items: items)
    }.answers
    static let offline: ObjectCodec<any ReplayAnswer> = ObjectCodec<LoadAnswer>.object(
        Field.constant("failure", "offline")
    ) { _ in LoadAnswer(echo: "failure offline", items: nil) }.answers
    static let savedAnswer: ObjectCodec<any ReplayAnswer> = ObjectCodec<SaveAnswer>.object(saved) { fields in
        let saved = try fields.read(saved)
        return SaveAnswer(echo: "saved \(saved)", saved: saved == "yes")
    }.answers

    /// The kinds of request and the answers each takes; `responses` is every answer at all.
    static let requests = [
        RequestKind(
            "load", answers: .oneOf("a load answer", [.has("items", loaded), .when("failure", is: "offline", offline)])),
        RequestKind("save", answers: savedAnswer),
    ]
    static let responses: ObjectCodec<any ReplayAnswer> = .oneOf(
        "a todos answer", [.has("items", loaded), .when("failure", is: "offline", offline), .has("saved", savedAnswer)])

    static func module(fault: Fault? = nil, kinds: Bool = true) -> FeatureModule {
        FeatureModule(
            name: "todos", componentName: "TodosComponent", config: .empty(()),
            screens: [
                ScreenDescription(events: [ViewEventCodec<Event>.plain("reload", .reload), .plain("save", .save)])
            ],
            responses: responses, requests: kinds ? requests : [], hasSavedState: false
        ) { environment, _ in TodosSession(environment: environment, fault: fault) }
    }
}

/// The feature's one session, without a store: it renders its state after each change. Its
/// state is behind a lock, so that the data source's `@Sendable` deliveries may hold it.
final class TodosSession: FeatureSession, Sendable {
    private struct State: Sendable {
        var items: [String] = []
        var saves = 0
        var note = ""
        var failed = false
    }

    private let environment: FeatureEnvironment
    private let fault: TodosFeature.Fault?
    private let state = Locked(State())
    /// Sessions made in this process: the nondeterministic fault renders its session's number, so
    /// that two replays of one scenario always differ (and the test never hangs on chance).
    private static let sessions = Locked(0)

    init(environment: FeatureEnvironment, fault: TodosFeature.Fault?) {
        self.environment = environment
        self.fault = fault
    }

    func create() {
        if fault == .nondeterministic {
            let session = Self.sessions.withLock {
                $0 += 1
                return $0
            }
            state.withLock { $0.saves = session }
        }
        load()
    }

    func perform(_ event: LifecycleEvent) { if event == .start { render() } }

    func send(_ input: FeatureInput) throws(FieldError) {
        guard case .view(_, let event as TodosFeature.Event) = input else {
            throw FieldError(field: "event", "todos has no such event")
        }
        switch event {
        case .reload:
            if fault == .unbounded {
                state.withLock { $0.note = String(repeating: "x", count: 4 << 20) }
            }
            load()
        case .save:
            let count = state.withLock { $0.items.count }
            // Weak: the environment's requests keep the closure, and the session keeps the environment.
            _ = environment.requests.open("save(\(count))") { [weak self] (answer: TodosFeature.SaveAnswer) in
                guard let self else { return }
                if fault == .errored, !answer.saved {
                    environment.output.append(.custom(keyword: "Not A Keyword", value: .string("")))
                }
                state.withLock { $0.saves += answer.saved ? 1 : 0 }
                render()
            }
        }
    }

    func restore() throws(FieldError) -> CanonicalValue { throw FieldError(field: "event", "todos saves no state") }

    private func load() {
        _ = environment.requests.open("load()") { [weak self] (answer: TodosFeature.LoadAnswer) in
            guard let self else { return }
            guard let items = answer.items else {
                state.withLock { $0.failed = true }
                render()
                if fault == .endlessRetry { load() }
                return
            }
            state.withLock {
                $0.items = items
                $0.failed = false
            }
            render()
        }
    }

    private func render() {
        let state = state.withLock { $0 }
        let count = state.items.count + (fault == .miscounts && !state.items.isEmpty ? 1 : 0)
        environment.output.append(
            .render(
                .record(
                    "TodosViewModel",
                    [
                        "items": .integer(count), "saves": .integer(state.saves), "failed": .bool(state.failed),
                        "note": .string(state.note),
                    ])))
    }
}

/// A port for the tests, in process: the reference's engine with its own registry (a planted
/// fault), where the reference in process would start the feature the scenario was read with.
final class PlantedPort: Implementation {
    private let features: FeatureRegistry
    private let inner: ReferenceImplementation

    init(features: FeatureRegistry) {
        self.features = features
        inner = ReferenceImplementation(features: features)
    }

    var identity: ImplementationIdentity {
        ImplementationIdentity(role: "the port", definesGoldens: false, level: .memory)
    }

    func run(_ scenario: Scenario, _ deadline: Deadline) -> ScenarioRun {
        let text = ([scenario.header] + scenario.events.map(\.object)).map { JSONValue.object($0).compactText + "\n" }
            .joined()
        do {
            return inner.run(try Scenario.parse(text, file: scenario.file, features: features), deadline)
        } catch {
            return ScenarioRun(info: inner.info, answer: .errored(step: 0, message: "\(error)", details: nil))
        }
    }

    func diagnostics() -> String { "" }
    func stop() { inner.stop() }
}
