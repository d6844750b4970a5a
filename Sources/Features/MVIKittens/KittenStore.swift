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
public enum KittenLoadFailure: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    case network(KittenDataSourceError)
    case invalidResponse(KittenParseError)

    public var description: String {
        switch self {
        case .network(let error): "network: \(error)"
        case .invalidResponse(let error): "invalid response: \(error)"
        }
    }
}

/// The Kittens store's internal messages.
public enum KittenMessage: Equatable, Sendable {
    case loadingStarted
    case loadingFinished([String])
    case loadingFailed(KittenLoadFailure)
}

/// The Kittens store's bootstrap action.
public enum KittenAction: Equatable, Sendable {
    case reload
}

/// The Kittens reducer, exactly as in the original sample.
public struct KittenReducer: Reducer {
    public init() {}

    public func reduce(_ state: KittenState, _ message: KittenMessage) -> KittenState {
        switch message {
        case .loadingStarted:
            KittenState(isLoading: true, data: state.data)
        case .loadingFinished(let urls):
            KittenState(isLoading: false, data: .images(urls))
        case .loadingFailed:
            KittenState(isLoading: false, data: .error)
        }
    }
}

/// Loads images. A reload while a load is in flight cancels that load (the data source sees the
/// cancel) and starts a new one, so a slow stale answer can never overwrite a newer one.
public final class KittenExecutor: BaseExecutor<KittenIntent, KittenAction, KittenState, KittenMessage, Never> {
    /// The page size the store asks for.
    public static let limit = 50
    /// The page the store asks for.
    public static let page = 0

    private let dataSource: any KittenDataSource
    private let parser: KittenParser
    private let backgroundScheduler: any Scheduler
    /// The load in flight; confined to the store's scheduler like every executor method.
    private var inFlight: (any Cancellable)?
    private var generation = 0

    public init(dataSource: any KittenDataSource, parser: KittenParser = KittenParser(), backgroundScheduler: any Scheduler) {
        self.dataSource = dataSource
        self.parser = parser
        self.backgroundScheduler = backgroundScheduler
    }

    public override func executeIntent(_ intent: KittenIntent) {
        switch intent {
        case .reload: reload()
        }
    }

    public override func executeAction(_ action: KittenAction) {
        switch action {
        case .reload: reload()
        }
    }

    public override func dispose() {
        inFlight?.cancel()
        inFlight = nil
        super.dispose()
    }

    private func reload() {
        // Latest wins: the load in flight, if any, is cancelled before the new one starts.
        inFlight?.cancel()
        inFlight = nil
        generation += 1
        let generation = self.generation
        dispatch(.loadingStarted)

        // Weak: a data source may keep the completion (and so this callback) after the store is
        // gone, and the executor holds the data source.
        let onResult = context.callback { [weak self] (result: Result<[String], KittenLoadFailure>) in
            self?.finish(result, generation: generation)
        }
        let parser = self.parser
        let background = backgroundScheduler
        let request = dataSource.load(limit: Self.limit, page: Self.page) { response in
            switch response {
            case .success(let body):
                // Parsing happens off the store's scheduler.
                background.schedule {
                    do throws(KittenParseError) {
                        onResult(.success(try parser.parse(body)))
                    } catch {
                        onResult(.failure(.invalidResponse(error)))
                    }
                }
            case .failure(let error):
                onResult(.failure(.network(error)))
            }
        }
        inFlight = request
    }

    private func finish(_ result: Result<[String], KittenLoadFailure>, generation: Int) {
        // An answer to a load that was replaced or cancelled is dropped.
        guard generation == self.generation, !context.isDisposed else { return }
        inFlight = nil  // finished, not cancelled
        switch result {
        case .success(let urls): dispatch(.loadingFinished(urls))
        case .failure(let failure): dispatch(.loadingFailed(failure))
        }
    }
}

/// The Kittens store: loads once when created, and again on every `reload`.
public typealias KittenStore = DefaultStore<KittenIntent, KittenAction, KittenMessage, KittenState, Never>

extension DefaultStore where Intent == KittenIntent, Action == KittenAction, Message == KittenMessage,
    State == KittenState, Label == Never
{
    /// Creates the Kittens store; it starts its first load at once.
    ///
    /// - Parameters:
    ///   - dataSource: where the images come from.
    ///   - scheduler: the store is confined to it (the main queue in an app).
    ///   - backgroundScheduler: where bodies are parsed.
    ///   - eventObserver: sees every store event, the first load included.
    public static func kittens(
        dataSource: any KittenDataSource,
        scheduler: any Scheduler,
        backgroundScheduler: any Scheduler,
        eventObserver: ((Event) -> Void)? = nil
    ) -> KittenStore {
        KittenStore(
            name: "KittenStore",
            initialState: KittenState(),
            bootstrapper: SimpleBootstrapper(KittenAction.reload),
            executor: KittenExecutor(dataSource: dataSource, backgroundScheduler: backgroundScheduler),
            reducer: KittenReducer(),
            scheduler: scheduler,
            eventObserver: eventObserver)
    }
}
