/// Makes the stores of features, and lets logging and recording wrap every one of them, as
/// MVIKotlin's `StoreFactory`, `LoggingStoreFactory` and `TimeTravelStoreFactory` do.
///
/// A feature passes the factory it is given (by default a `DefaultStoreFactory`, which adds
/// nothing) to each store it makes, `DefaultStore(..., factory:)`: the store's initializer, called
/// with the feature's own types, stays specialized for them, which a generic `makeStore` method
/// called through `any StoreFactory` would not be.
///
/// A factory sees each store before it initializes, so a subscriber it adds sees every event from
/// the first (the bootstrapper's actions included):
/// ```swift
/// let logged = LoggingStoreFactory(StoreEventLogger())
/// let component = KittenComponent(
///     dataSource: source, scheduler: DispatchQueueScheduler.main(), factory: logged)
/// ```
/// Wrapping factories nest: each passes the store to the one it wraps first, then adds its own.
public protocol StoreFactory: Sendable {
    /// Called once for each store the factory makes, after it is made and before it initializes.
    func prepare<Intent, Action, Message, State, Label>(_ store: DefaultStore<Intent, Action, Message, State, Label>)
}

/// The factory that adds nothing: stores as `DefaultStore.init` makes them.
public struct DefaultStoreFactory: StoreFactory {
    public init() {}

    public func prepare<Intent, Action, Message, State, Label>(
        _ store: DefaultStore<Intent, Action, Message, State, Label>
    ) {}
}

/// Wraps another factory and logs every event of every store it makes, one line each
/// (`StoreEventLogger`).
public struct LoggingStoreFactory: StoreFactory {
    private let base: any StoreFactory
    private let logger: StoreEventLogger

    /// - Parameters:
    ///   - logger: writes the lines.
    ///   - base: the factory wrapped; its preparation comes first.
    public init(_ logger: StoreEventLogger, wrapping base: any StoreFactory = DefaultStoreFactory()) {
        self.logger = logger
        self.base = base
    }

    public func prepare<Intent, Action, Message, State, Label>(
        _ store: DefaultStore<Intent, Action, Message, State, Label>
    ) {
        base.prepare(store)
        let logger = self.logger
        store.subscribe(events: { logger.log($0) })
    }
}
