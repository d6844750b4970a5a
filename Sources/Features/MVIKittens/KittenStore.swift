import Foundation
import MVICore

/// What the user can ask of the Kittens store.
public enum KittenIntent: Equatable, Sendable {
    /// Load the images again.
    case reload
}

/// The Kittens store's state: whether a load is running, and the images or an error.
public struct KittenState: Equatable, Sendable {
    /// The outcome of the last finished load.
    public enum Content: Equatable, Sendable {
        case images([String])
        case error
    }

    public var isLoading: Bool
    public var data: Content

    public init(isLoading: Bool = false, data: Content = .images([])) {
        self.isLoading = isLoading
        self.data = data
    }
}

/// Why a load failed: the data source failed, or the body could not be read.
package enum KittenLoadFailure: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    case network(KittenDataSourceError)
    case invalidResponse(KittenParseError)

    package var description: String {
        switch self {
        case .network(let error): "network: \(error)"
        case .invalidResponse(let error): "invalid response: \(error)"
        }
    }
}

/// The Kittens store's messages: not part of the feature's public face, and visible in this package
/// only for its demo, which shows a failed load's cause.
package enum KittenMessage: Equatable, Sendable {
    case loadingStarted
    case loadingFinished([String])
    case loadingFailed(KittenLoadFailure)
}

/// The Kittens store's bootstrap action.
package enum KittenAction: Equatable, Sendable {
    case reload
}

/// The Kittens store: loads once when created, and again on every `reload`.
package typealias KittenStore = DefaultStore<KittenIntent, KittenAction, KittenMessage, KittenState, Never>

extension DefaultStore
where
    Intent == KittenIntent, Action == KittenAction, Message == KittenMessage,
    State == KittenState, Label == Never
{
    /// Creates the Kittens store; it starts its first load at once.
    ///
    /// - Parameters:
    ///   - dataSource: where the images come from.
    ///   - scheduler: the store is confined to it (the main queue in an app).
    ///   - factory: makes the store; a `LoggingStoreFactory` logs its events.
    static func kittens(
        dataSource: any KittenDataSource,
        scheduler: any Scheduler,
        factory: any StoreFactory = DefaultStoreFactory()
    ) -> KittenStore {
        KittenStore(
            name: "KittenStore",
            initialState: KittenState(),
            bootstrapper: SimpleBootstrapper(KittenAction.reload),
            executor: KittenExecutor(dataSource: dataSource),
            reducer: KittenReducer(),
            scheduler: scheduler,
            factory: factory)
    }
}
