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

/// Loads images in an async effect. A reload while a load is in flight cancels that load (the
/// data source's call sees the cancellation) and starts a new one, so a slow stale answer can
/// never overwrite a newer one. The body is parsed in the effect, off the store's scheduler.
final class KittenExecutor: Executor {
    typealias Context = ExecutorContext<KittenAction, KittenMessage, KittenState, Never>
    /// The page size the store asks for.
    static let limit = 50
    /// The page the store asks for.
    static let page = 0
    /// The key of the load in flight: a new load replaces it.
    private static let load = "load"

    private let dataSource: any KittenDataSource
    private let parser: KittenParser

    init(dataSource: any KittenDataSource, parser: KittenParser = KittenParser()) {
        self.dataSource = dataSource
        self.parser = parser
    }

    func executeIntent(_ intent: KittenIntent, _ context: Context) {
        switch intent {
        case .reload: reload(context)
        }
    }

    func executeAction(_ action: KittenAction, _ context: Context) {
        switch action {
        case .reload: reload(context)
        }
    }

    private func reload(_ context: Context) {
        // Latest wins: the load in flight, if any, is cancelled before the new one starts (and
        // before the loading context.state renders, as the transcripts show it).
        context.cancel(key: Self.load)
        context.dispatch(.loadingStarted)
        let (dataSource, parser) = (self.dataSource, self.parser)
        context.run(key: Self.load) { send in
            let body = try await dataSource.load(limit: Self.limit, page: Self.page)
            do throws(KittenParseError) {
                send(.loadingFinished(try parser.parse(body)))
            } catch {
                send(.loadingFailed(.invalidResponse(error)))
            }
        } catch: { error, send in
            let failure = error as? KittenDataSourceError ?? .transport("\(error)")
            send(.loadingFailed(.network(failure)))
        }
    }
}
