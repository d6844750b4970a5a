import MVIEssentials
import Observation

/// A view in MVI: it renders models and emits events. It holds no logic of its own.
public protocol MviView<Model, Event>: AnyObject {
    associatedtype Model
    associatedtype Event

    /// Shows `model`. Called on the scheduler of the store the view is bound to.
    func render(_ model: Model)

    /// The events the view emits (taps, refreshes, input).
    var events: Source<Event> { get }
}

/// A base class for views: keeps event subscribers and emits to them with `dispatch(_:)`.
///
/// Subclass it and override `render(_:)`. A view is not `Sendable`: it belongs to the thread that
/// made it (the main thread in an app), and the compiler refuses to send it to another isolation
/// domain. The handles `events` returns may be cancelled from any thread.
open class BaseMviView<Model, Event>: MviView {
    /// The subscribers, shared with the sources `events` returns.
    private let subscribers = Subscribers()

    public init() {}

    /// Shows `model`; does nothing by default.
    open func render(_ model: Model) {}

    /// Emits `event` to everything subscribed to `events` now, in the order they subscribed.
    /// A subscriber cancelled by an earlier one is not told. Call it from the view's own thread.
    public func dispatch(_ event: Event) {
        subscribers.removeCancelled()
        for (id, body) in subscribers.list where !subscribers.isCancelled(id) {
            body(event)
        }
        subscribers.removeCancelled()
    }

    /// The number of subscribers to `events` now (a bound view has one per binding).
    public var eventSubscriberCount: Int {
        subscribers.removeCancelled()
        return subscribers.list.count
    }

    public var events: Source<Event> {
        // The source holds the subscriber list, not the view; a handle holds only the cancelled ids.
        Source { [subscribers] observer in
            subscribers.removeCancelled()
            subscribers.nextID += 1
            let id = subscribers.nextID
            subscribers.list.append((id, observer))
            let cancelled = subscribers.cancelled
            return Cancellation { cancelled.withLock { _ = $0.insert(id) } }
        }
    }

    /// The subscriber list, touched on the view's thread only, like the view. The closures in it are
    /// not `Sendable`, so a handle cancelled on another thread does not touch them: it adds its id to
    /// `cancelled`, and the view's thread drops the closure at its next `dispatch` or subscription.
    private final class Subscribers {
        var nextID = 0
        var list: [(id: Int, body: (Event) -> Void)] = []
        /// The ids of cancelled subscriptions still in `list`: the one part any thread touches.
        let cancelled = Locked<Set<Int>>([])

        func isCancelled(_ id: Int) -> Bool { cancelled.withLock { $0.contains(id) } }

        func removeCancelled() {
            let gone = cancelled.withLock { ids in
                defer { ids.removeAll() }
                return ids
            }
            if !gone.isEmpty { list.removeAll { gone.contains($0.id) } }
        }
    }
}

/// A view that keeps the latest model as an observable property, for SwiftUI and for any code
/// that observes it with `withObservationTracking`.
///
/// SwiftUI views read `model` and call `dispatch(_:)`; on Apple platforms they re-render when
/// `model` changes. Anywhere, `withObservationTracking` sees every `render(_:)`, even of an
/// equal model: each render is a change (drop equal models before the proxy with
/// `Source/removingDuplicates()`).
///
/// A proxy is a view: it is not `Sendable`, and belongs to the isolation domain that made it (the
/// main actor in an app), where its store's scheduler renders it. The compiler refuses to send it
/// to another task. The `@Sendable` `onChange` of `withObservationTracking` runs before the change,
/// so it tells that a render comes; read the proxy again where it lives:
///
/// ```swift
/// func follow(_ proxy: ViewProxy<Int, String>, onChange: @escaping @Sendable () -> Void) {
///     withObservationTracking({ _ = proxy.model }, onChange: onChange)
/// }
/// ```
///
/// The one type in the package that needs Observation, hence iOS 17 / macOS 14; the rest of
/// `MVICore` runs on iOS 16 / macOS 13.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public final class ViewProxy<Model, Event>: BaseMviView<Model, Event>, Observable {
    private let registrar = ObservationRegistrar()
    private var latest: Model
    private var renders = 0

    /// The latest rendered model; before the first render, the initial one.
    public var model: Model {
        registrar.access(self, keyPath: \.model)
        return latest
    }

    /// How many times `render(_:)` has been called.
    public var renderCount: Int {
        registrar.access(self, keyPath: \.renderCount)
        return renders
    }

    /// A proxy showing `model` until the first render: for a component's view, its
    /// `StoreComponent/model`, the model of the store's current state.
    public init(model: Model) {
        latest = model
        super.init()
    }

    public override func render(_ model: Model) {
        registrar.withMutation(of: self, keyPath: \.model) {
            registrar.withMutation(of: self, keyPath: \.renderCount) {
                latest = model
                renders += 1
            }
        }
    }
}
