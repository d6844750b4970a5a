/// Something that can be subscribed to: the minimal observable the binder connects.
///
/// It carries no threading of its own: values arrive on whatever thread the producer emits on
/// (a store emits on its scheduler).
public struct Source<Value> {
    private let subscribeBody: (@escaping (Value) -> Void) -> any Cancellable

    /// - Parameter subscribe: starts delivering values to the observer until the returned handle is cancelled.
    public init(_ subscribe: @escaping (@escaping (Value) -> Void) -> any Cancellable) {
        self.subscribeBody = subscribe
    }

    /// Starts delivering values to `observer` until the returned handle is cancelled.
    public func subscribe(_ observer: @escaping (Value) -> Void) -> any Cancellable {
        subscribeBody(observer)
    }

    /// A source that delivers `transform(value)` for every value of this one.
    public func map<T>(_ transform: @escaping (Value) -> T) -> Source<T> {
        Source<T> { observer in subscribeBody { observer(transform($0)) } }
    }

    /// A source that delivers only the values of this one that satisfy `isIncluded`.
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Source<Value> {
        Source { observer in subscribeBody { if isIncluded($0) { observer($0) } } }
    }

    /// A source that delivers a value only when `areEqual` says it differs from the one it delivered
    /// last; each subscription keeps its own last value.
    public func removingDuplicates(by areEqual: @escaping (Value, Value) -> Bool) -> Source<Value> {
        Source { observer in
            let last = LastDelivered<Value>()
            return subscribeBody { value in
                if let previous = last.value, areEqual(previous, value) { return }
                last.value = value
                observer(value)
            }
        }
    }

    /// A source that maps every value and drops the `nil`s.
    public func compactMap<T>(_ transform: @escaping (Value) -> T?) -> Source<T> {
        Source<T> { observer in subscribeBody { if let mapped = transform($0) { observer(mapped) } } }
    }
}

extension Source where Value: Equatable {
    /// A source that drops a value equal to the one delivered just before it: bind
    /// `store.states.map(toModel).removingDuplicates()` so that a view renders only a model that
    /// changed. The store itself publishes every state its reducer returns, equal or not: its
    /// subscribers (a logger, a recorder, the conformance transcripts) see each message's result.
    public func removingDuplicates() -> Source<Value> { removingDuplicates(by: ==) }
}

/// The last value one subscription delivered; values arrive on one thread at a time (the source's).
private final class LastDelivered<Value> {
    var value: Value?
}
