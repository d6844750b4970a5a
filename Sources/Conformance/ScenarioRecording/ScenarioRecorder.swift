import FixtureFormat
import Foundation
import MVICore
import MVIEssentials
import ReplaySeam

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records a live session of a feature as a scenario in the fixture format (docs/recording.md).
///
/// The recorder starts the feature the way the replay does, through its `FeatureModule`, but live:
/// its data sources talk to a real service (`Service`) and its stores run on a real scheduler
/// (a `DispatchQueueScheduler`). Every input goes through the recorder: lifecycle calls, view
/// events, the feature's own events, `restore`, and each answer of the service as it arrives. The
/// recorder writes each as a scenario line, with `advance` lines for the real time between them,
/// and answers in the feature's response codec. It knows no feature: what it writes comes from the
/// module's codecs. `reactions` are what the live run showed (requests, cancels, renders, labels),
/// which the recorded scenario replays to.
///
/// ```swift
/// let recorder = try ScenarioRecorder(
///     feature: KittensFeature.module, header: .init(id: "kittens/slow-refresh", description: "A refresh while the first load is slow."),
///     service: .init(baseURL: server.baseURL, apiKey: key), scheduler: DispatchQueueScheduler.background())
/// recorder.create(); recorder.perform(.viewCreated); recorder.perform(.start)
/// recorder.send(view: KittenViewEvent.refreshTriggered)
/// _ = recorder.waitUntilIdle(timeout: .seconds(30))
/// try recorder.finish().write(to: URL(fileURLWithPath: "Fixtures/kittens/slow-refresh.jsonl"), atomically: true, encoding: .utf8)
/// ```
///
/// Calls may come from any thread; they run on the scheduler's queue in the order they were made.
public final class ScenarioRecorder: Sendable {
    private enum Input: Sendable {
        case create
        case lifecycle(LifecycleEvent)
        case restore
        /// A view or custom event: its line's fields (without `event`'s value when `event` is set).
        case event(line: JSONObject, input: FeatureInput)
        case answer(id: Int, fields: Result<JSONObject, FieldError>, deliver: @Sendable () -> Void)
        /// A call that cannot be written: reported in its place among the inputs.
        case unwritable(String)
    }

    private enum RequestStatus { case pending, cancelled, answered }

    private struct State {
        var inputs: [Input] = []
        var pumping = false
        var lines: [String] = []
        var lastLine: Int64 = 0
        var created = false
        var problems: [String] = []
        var requests: [RequestStatus] = []
        /// Each request's description, for the answers its kind takes.
        var descriptions: [String] = []
        var reactions: [ReplayOutput] = []
        /// Set by `finish()`: reactions after it are not the recorded scenario's.
        var finished = false
    }

    /// The live feature, touched only on the scheduler's queue.
    private final class Live {
        var session: (any FeatureSession)?
        var lifecycle: LifecycleRegistry

        init(component: String) { lifecycle = LifecycleRegistry(component: component) }
    }

    private let module: FeatureModule
    private let header: Header
    private let config: JSONObject
    private let configured: ConfiguredFeature
    private let base: any Scheduler
    private let scheduler: RecordingScheduler
    private let redactor: Redactor
    private let origin: OriginRewrite?
    private let output: OutputLog
    private let service: Service
    private let state = Locked(State())
    private let live: Confined<Live>  // used only on the scheduler's queue (inside `pump`)
    private let tap: RecorderTap

    /// - Parameters:
    ///   - feature: the feature's module (`KittensFeature.module`).
    ///   - header: the scenario's id, description and tags.
    ///   - config: the header's `config`, read by the feature as a replay reads it.
    ///   - service: the real service: an HTTP one's address and key, or `Service()` (the default) for a source that is not HTTP.
    ///   - scheduler: a real serial scheduler (`DispatchQueueScheduler`), not a virtual-time one.
    ///   - models: told each view model the live feature renders, with its screen (nil for a
    ///     one-screen feature), on the scheduler's queue: for an app that shows the session it
    ///     records (`mvi-demo --record`).
    ///   - labels: told each label the live feature's stores publish, with its screen, on the
    ///     scheduler's queue: for an app that shows them too.
    /// - Throws: `RecordingError` when the config or the header is not one the feature reads.
    public init(
        feature: FeatureModule, header: Header, config: JSONObject = [:], service: Service = Service(),
        scheduler: any Scheduler,
        models: (@Sendable (_ screen: String?, _ model: Any) -> Void)? = nil,
        labels: (@Sendable (_ screen: String?, _ label: Any) -> Void)? = nil
    ) throws(RecordingError) {
        guard header.id.hasPrefix(feature.name + "/"), header.id.count > feature.name.count + 1 else {
            throw RecordingError(["header: the id \(CanonicalRender.quote(header.id)) must be \(feature.name)/<name>"])
        }
        do {
            configured = try feature.configured(config)
        } catch {
            throw RecordingError(["config: \(error)"])
        }
        module = feature
        output = OutputLog(models: models, labels: labels)
        self.header = header
        self.config = config
        self.service = service
        base = scheduler
        self.scheduler = RecordingScheduler(base: scheduler)
        redactor = Redactor(secrets: [service.apiKey])
        origin = service.baseURL.flatMap { from in service.writtenOrigin.map { OriginRewrite(from: from, to: $0) } }
        live = Confined(handingOver: Live(component: feature.componentName), to: scheduler)
        tap = RecorderTap()
        tap.recorder.withLock { $0.value = self }
    }

    // MARK: Inputs

    /// Creates the feature's component (`create`): must come first, once.
    public func create() { submit(.create) }

    /// A lifecycle call; one the component's state does not allow is recorded and refused (`rejected`).
    public func perform(_ event: LifecycleEvent) { submit(.lifecycle(event)) }

    /// Saves the state and recreates the component from it (`restore`): only without a view.
    public func restore() { submit(.restore) }

    /// The view of `screen` (nil in a feature with one screen) emits `event`.
    public func send(view event: any Sendable, screen: String? = nil) {
        guard let description = module.screens.first(where: { $0.name == screen }) else {
            return submit(.unwritable("view event on screen \(screen ?? "(none)"): \(module.name) has no such screen"))
        }
        guard let encoded = description.encode(event) else {
            return submit(
                .unwritable(
                    "view event \(event): \(module.name)'s codecs cannot write it (a payload event needs its encode:)"))
        }
        var line: JSONObject = ["event": "view"]
        if let screen { line["screen"] = .string(screen) }
        line["name"] = .string(encoded.name)
        if let payload = encoded.payload { line["payload"] = payload }
        submit(.event(line: line, input: .view(screen: screen, event: event)))
    }

    /// One of the feature's own events (`deepLink`, `clearCaches`...), as its codec decodes it.
    public func send(custom name: String, _ value: any Sendable) {
        guard let codec = module.customEvents.first(where: { $0.name == name }), let fields = codec.encode(value) else {
            return submit(
                .unwritable("event \(name): \(module.name) has no such event, or its codec cannot write \(value)"))
        }
        submit(
            .event(
                line: JSONObject([("event", .string(name))] + fields.members.map { ($0.key, $0.value) }),
                input: .custom(name: name, value: value)))
    }

    // MARK: Results

    /// What the live run showed so far, in order: requests, cancels, renders, labels and the
    /// feature's own reactions (as a replay's steps hold them).
    /// After `finish()`, the reactions up to the scenario's end, the ones its replay shows.
    public var reactions: [ReplayOutput] {
        let fresh = output.take()
        return state.withLock { state in
            if !state.finished { state.reactions += fresh }
            return state.reactions
        }
    }

    /// How many requests the live feature has made so far.
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// Waits until nothing is under way: no input waiting, no work queued, no request unanswered.
    /// Delayed work (a ticking timer) may still be scheduled. Returns false on timeout.
    public func waitUntilIdle(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if onQueue({ [self] in
                state.withLock { $0.inputs.isEmpty && !$0.pumping && !$0.requests.contains { $0 == .pending } }
                    && !scheduler.isBusy
            }) {
                return true
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return false
    }

    /// The scenario recorded so far: header and lines, with a last `advance` to the latest delayed
    /// work that ran. Throws the problems met (an event or answer that cannot be written, a
    /// `create` that was not first...), so that a recording with a gap is never taken for whole.
    /// Call it last: `reactions` end with it, as the scenario does.
    public func finish() throws(RecordingError) -> String {
        let text = onQueue { [self] in
            let fresh = output.take()
            return state.withLock { state -> Result<String, RecordingError> in
                if !state.finished { state.reactions += fresh }
                state.finished = true
                guard state.problems.isEmpty else { return .failure(RecordingError(state.problems)) }
                guard state.created else {
                    return .failure(RecordingError(["nothing was recorded: create never came"]))
                }
                let reached = scheduler.reachedMilliseconds
                if reached > state.lastLine {
                    state.lines.append(write(["event": "advance", "ms": .integer(Int(reached - state.lastLine))]))
                    state.lastLine = reached
                }
                return .success(([headerLine()] + state.lines).map { $0 + "\n" }.joined())
            }
        }
        return try text.get()
    }

    // MARK: The queue

    private func problem(_ text: String) { state.withLock { $0.problems.append(redactor.redact(text)) } }

    private func submit(_ input: Input) {
        let start = state.withLock { state -> Bool in
            state.inputs.append(input)
            defer { state.pumping = true }
            return !state.pumping
        }
        if start { base.schedule { [self] in pump() } }
    }

    /// On the queue: runs the first waiting input once the replay would run it here too.
    private func pump() {
        let lastLine = state.withLock { $0.lastLine }
        let isCreate: Bool = state.withLock { state in
            if case .create? = state.inputs.first { return true }
            return false
        }
        if isCreate, !state.withLock({ $0.created }) { scheduler.startClock() }
        guard let instant = scheduler.inputInstant(notBefore: lastLine) else {
            base.schedule(after: .milliseconds(1)) { [self] in pump() }
            return
        }
        let input = state.withLock { state -> Input? in
            guard !state.inputs.isEmpty else { return nil }
            let input = state.inputs.removeFirst()
            if state.created, instant > state.lastLine {
                state.lines.append(write(["event": "advance", "ms": .integer(Int(instant - state.lastLine))]))
            }
            if state.created { state.lastLine = instant }
            return input
        }
        if let input { run(input) }
        let more = state.withLock { state -> Bool in
            state.pumping = !state.inputs.isEmpty
            return state.pumping
        }
        if more { base.schedule { [self] in pump() } }
    }

    /// On the queue: writes the input's line and performs it on the live feature.
    private func run(_ input: Input) {
        let live = self.live.value
        switch input {
        case .unwritable(let text):
            problem(text)
        case .create:
            guard !state.withLock({ $0.created }) else {
                return problem("create came twice; it may come only once, first")
            }
            line(["event": "create"])
            state.withLock { $0.created = true }
            let environment = FeatureEnvironment(
                scheduler: scheduler, requests: RequestLog(output: output), output: output,
                live: LiveServices(baseURL: service.baseURL, apiKey: service.apiKey, session: service.session, tap: tap)
            )
            live.session = configured.makeSession(environment)
            live.session?.create()
        case .lifecycle(let event):
            guard let session = created(live, event.rawValue) else { return }
            line(["event": .string(event.rawValue)])
            do {
                try live.lifecycle.handle(event)
                session.perform(event)
            } catch {
                output.append(.rejected(error.description))
            }
        case .restore:
            guard let session = created(live, "restore") else { return }
            guard module.hasSavedState, live.lifecycle.state == .created else {
                return problem(
                    "restore needs a feature with saved state and the component without a view; it is \(live.lifecycle.state)"
                )
            }
            line(["event": "restore"])
            do {
                output.append(.saved(try session.restore()))
            } catch {
                problem("restore: \(error)")
            }
            live.lifecycle = LifecycleRegistry(component: module.componentName)
        case .event(let fields, let featureInput):
            guard let session = created(live, fields["event"]?.compactText ?? "event") else { return }
            line(fields)
            do {
                try session.send(featureInput)
            } catch {
                problem("\(ScenarioLines.line(fields)): \(error)")
            }
        case .answer(let id, let fields, let deliver):
            let status = state.withLock { $0.requests[id - 1] }
            // An answer that arrives after the feature cancelled its request is dropped, unanswered.
            guard status == .pending else { return }
            state.withLock { $0.requests[id - 1] = .answered }
            switch fields {
            case .success(let fields):
                let made = state.withLock { $0.descriptions[id - 1] }
                do throws(FieldError) {
                    _ = try (module.requestKind(for: made)?.answers ?? module.responses)?.decode(fields)
                    line(
                        JSONObject(
                            [("event", "respond"), ("request", .integer(id))]
                                + fields.members.map { ($0.key, $0.value) }))
                } catch {
                    problem("request #\(id): the answer does not read back with \(module.name)'s codec: \(error)")
                }
            case .failure(let error):
                problem("request #\(id): the answer cannot be written as a respond line: \(error)")
            }
            deliver()
        }
    }

    private func created(_ live: Live, _ what: String) -> (any FeatureSession)? {
        guard let session = live.session else {
            problem("\(what) before create: the first event must be create")
            return nil
        }
        return session
    }

    private func line(_ object: JSONObject) {
        state.withLock { $0.lines.append(write(object)) }
    }

    private func write(_ object: JSONObject) -> String {
        let value = JSONValue.object(object)
        return ScenarioLines.text(redactor.redact(origin?.rewrite(value) ?? value))
    }

    private func headerLine() -> String {
        var object: JSONObject = [
            "format": 1, "id": .string(header.id), "feature": .string(module.name),
            "description": .string(header.description),
            "tags": .array(header.tags.map(JSONValue.string)),
        ]
        if !config.isEmpty { object["config"] = .object(config) }
        return write(object)
    }

    /// Runs `body` on the queue and waits for its result.
    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        if base.isCurrent { return body() }
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        base.schedule {
            result.withLock { $0 = body() }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    // MARK: The tap's side

    fileprivate func opened(_ description: String) -> Int {
        let id = state.withLock { state -> Int in
            state.requests.append(.pending)
            state.descriptions.append(description)
            return state.requests.count
        }
        output.append(.request(id: id, description: description))
        return id
    }

    fileprivate func cancelled(_ id: Int) {
        let wasPending = state.withLock { state -> Bool in
            guard state.requests.indices.contains(id - 1), state.requests[id - 1] == .pending else { return false }
            state.requests[id - 1] = .cancelled
            return true
        }
        if wasPending { output.append(.cancel(id: id)) }
    }

    fileprivate func answered(
        _ id: Int, fields: Result<JSONObject, FieldError>, deliver: @escaping @Sendable () -> Void
    ) {
        submit(.answer(id: id, fields: fields, deliver: deliver))
    }
}

/// The recorder's tap on the live data sources. It holds the recorder weakly: the recorder holds
/// the session, whose data sources hold the tap.
private final class RecorderTap: RequestTap {
    struct Weak { weak var value: ScenarioRecorder? }
    let recorder = Locked(Weak())

    func opened(_ description: String) -> Int { recorder.withLock { $0.value }?.opened(description) ?? 0 }
    func cancelled(_ id: Int) { recorder.withLock { $0.value }?.cancelled(id) }
    func answered(_ id: Int, fields: Result<JSONObject, FieldError>, deliver: @escaping @Sendable () -> Void) {
        recorder.withLock { $0.value }?.answered(id, fields: fields, deliver: deliver)
    }
}
