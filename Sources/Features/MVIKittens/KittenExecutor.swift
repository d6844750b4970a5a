import Foundation
import MVICore

/// The Kittens reducer, exactly as in the original sample.
struct KittenReducer: Reducer {
    func reduce(_ state: KittenState, _ message: KittenMessage) -> KittenState {
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
final class KittenExecutor: BaseExecutor<KittenIntent, KittenAction, KittenMessage, KittenState, Never> {
    /// The page size the store asks for.
    static let limit = 50
    /// The page the store asks for.
    static let page = 0

    private let dataSource: any KittenDataSource
    private let parser: KittenParser
    private let backgroundScheduler: any Scheduler
    /// The load in flight; confined to the store's scheduler like every executor method.
    private var inFlight: (any Cancellable)?
    private var generation = 0

    init(dataSource: any KittenDataSource, parser: KittenParser = KittenParser(), backgroundScheduler: any Scheduler) {
        self.dataSource = dataSource
        self.parser = parser
        self.backgroundScheduler = backgroundScheduler
    }

    override func executeIntent(_ intent: KittenIntent) {
        switch intent {
        case .reload: reload()
        }
    }

    override func executeAction(_ action: KittenAction) {
        switch action {
        case .reload: reload()
        }
    }

    override func dispose() {
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
