import FixtureFormat
import Foundation
import MVICore
import MVIEssentials
import ReplaySeam
import ScenarioRecording

/// Where a one-screen tab gets its view models and sends its view events: the feature's own
/// component (`ComponentFeed`), or a live session written as a scenario (`RecordedFeed`,
/// `--record`). The screen draws `model` and turns keys into `send`; it cannot tell which it has.
protocol ScreenFeed<Model, Event>: AnyObject {
    associatedtype Model
    associatedtype Event
    /// The latest model the view was given.
    var model: Model { get }
    /// A view event, as the view sends it.
    func send(_ event: Event)
    /// The labels the feature's store published since the last call, oldest first, as text.
    func takeLabels() -> [String]
    /// The tab became visible.
    func start()
    /// The tab was left.
    func stop()
    /// The demo ends: the component is destroyed.
    func destroy()
}

/// The feature's component, bound to a view that keeps its latest model.
final class ComponentFeed<
    Component: StoreComponent<Intent, State, Label, Model, Event>, Intent, State, Label, Model, Event
>: ScreenFeed {
    private var holder: ComponentHolder<Component>?
    private let view: LatestModelView<Model, Event>
    private var labels: [String] = []
    private var subscription: (any Cancellable)?
    let component: Component

    init(_ component: Component) {
        self.component = component
        view = LatestModelView(initial: component.model)
        component.onViewCreated(view)
        holder = ComponentHolder(component)
        // The store publishes on the demo's one scheduler, on the loop's thread.
        subscription = component.store.subscribe { [weak self] (label: Label) in self?.labels.append("\(label)") }
    }

    deinit { subscription?.cancel() }

    var model: Model { view.model }
    func send(_ event: Event) { view.dispatch(event) }
    func takeLabels() -> [String] {
        defer { labels = [] }
        return labels
    }
    func start() { component.onStart() }
    func stop() { component.onStop() }
    /// Releases the holder, which performs the lifecycle calls that remain, in order.
    func destroy() { holder = nil }
}

/// A tab whose session is written as a scenario: what became of it.
protocol RecordingTab: AnyObject {
    /// Nil until `destroy`; then the file written, or why not.
    var outcome: Result<URL, RecordingFailure>? { get }
}

/// A live session of a feature run by a `ScenarioRecorder` on a real queue and clock, against the
/// demo's server: the screen shows what the recorder's feature renders, its keys are written as
/// the scenario's view events, and `destroy` writes the scenario to `file` (docs/demo.md, "Recording").
final class RecordedFeed<Model: Sendable, Event: Sendable>: ScreenFeed, RecordingTab {
    private let recorder: ScenarioRecorder
    private let latest: Locked<Model>
    private let labels: Locked<[String]>
    private let file: URL
    /// Whether the feature has a data source whose requests the status line counts (the Timer has none).
    private let countsRequests: Bool
    /// What `destroy` did: the file written, or why not.
    private(set) var outcome: Result<URL, RecordingFailure>?

    /// Creates the feature's component and its view (`create`, `viewCreated`).
    /// - Throws: `RecordingFailure` when the recorder refuses the header or the config.
    init(
        feature: FeatureModule, name: String, config: JSONObject, service: ScenarioRecorder.Service, initial: Model,
        file: URL
    ) throws(RecordingFailure) {
        let latest = Locked(initial)
        self.latest = latest
        let labels = Locked<[String]>([])
        self.labels = labels
        self.file = file
        countsRequests = feature.responses != nil
        do {
            recorder = try ScenarioRecorder(
                feature: feature,
                header: .init(
                    id: "\(feature.name)/\(name)", description: "Recorded with mvi-demo.", tags: ["recorded"]),
                config: config, service: service,
                scheduler: DispatchQueueScheduler.background(label: "mvi-demo.recording"),
                models: { screen, model in
                    // Models travel as `Any` through the seam; this tab shows its own type only.
                    guard screen == nil, let model = model as? Model else { return }
                    latest.withLock { $0 = model }
                },
                labels: { screen, label in
                    guard screen == nil else { return }
                    labels.withLock { $0.append("\(label)") }
                })
        } catch {
            throw RecordingFailure(file: file.path, detail: error.description)
        }
        recorder.create()
        recorder.perform(.viewCreated)
    }

    var model: Model { latest.withLock { $0 } }
    /// What the tab's status line says: where the session goes, and the requests made so far when
    /// the feature makes any.
    var status: String {
        guard countsRequests else { return "recording to \(file.lastPathComponent)" }
        let requests = recorder.requestCount
        return "recording to \(file.lastPathComponent), \(requests) request\(requests == 1 ? "" : "s")"
    }
    func send(_ event: Event) { recorder.send(view: event) }
    func takeLabels() -> [String] {
        labels.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
    func start() { recorder.perform(.start) }
    func stop() { recorder.perform(.stop) }

    /// Ends the session (`viewDestroyed`, `destroy`), waits for the work under way, and writes the
    /// scenario; a recording with a gap is not written (`outcome` says why).
    func destroy() {
        guard outcome == nil else { return }
        recorder.perform(.viewDestroyed)
        recorder.perform(.destroy)
        guard recorder.waitUntilIdle(timeout: .seconds(30)) else {
            outcome = .failure(RecordingFailure(file: file.path, detail: "the session did not settle within 30 s"))
            return
        }
        do {
            let scenario = try recorder.finish()
            try Data(scenario.utf8).write(to: file, options: .atomic)
            outcome = .success(file)
        } catch {
            outcome = .failure(RecordingFailure(file: file.path, detail: "\(error)"))
        }
    }
}

/// Why a session could not be recorded.
struct RecordingFailure: Error, CustomStringConvertible {
    var file: String
    var detail: String
    var description: String { "cannot record \(file): \(detail)" }
}
