import Foundation
import MVICore
import MVIImagePipeline

/// The image reducer: every message names the next state outright.
struct ImageReducer: Reducer {
    func reduce(_ state: ImageState, _ message: ImageMessage) -> ImageState {
        switch message {
        case .loadingStarted: .loading
        case .loadingFinished(let image): .loaded(bytes: image.bytes, source: image.source)
        case .loadingFailed(let error): .failed(reason: error.description)
        case .loadingCancelled: .idle
        }
    }
}

/// Loads one URL through the pipeline.
///
/// `load` while loaded or loading does nothing (appearing again reuses what the view has);
/// from idle or failed, a fresh memory hit becomes `loaded(memory)` with no `loading` in between,
/// anything else dispatches `loadingStarted` and asks the pipeline. `cancel` while loading ends
/// this view's request (the pipeline's download is cancelled only if no other view waits for
/// it) and returns to idle. An answer to a cancelled request changes nothing.
final class ImageExecutor: Executor {
    typealias Context = ExecutorContext<Never, ImageMessage, ImageState, Never>
    /// The key of the request in flight.
    private static let load = "load"
    private let url: URL
    private let pipeline: ImagePipeline

    init(url: URL, pipeline: ImagePipeline) {
        self.url = url
        self.pipeline = pipeline
    }

    func executeIntent(_ intent: ImageIntent, _ context: Context) {
        switch intent {
        case .load: load(context)
        case .cancel: cancel(context)
        }
    }

    private func load(_ context: Context) {
        switch context.state {
        case .loading, .loaded: return
        case .idle, .failed: break
        }
        if let hit = pipeline.cachedImage(for: url) {
            context.dispatch(.loadingFinished(hit))
            return
        }
        context.dispatch(.loadingStarted)
        let (pipeline, url) = (self.pipeline, self.url)
        context.run(key: Self.load) { send in
            // Cancelling the effect cancels this view's request; an answer after that is dropped.
            switch try await awaitCallback({ completion in pipeline.loadImage(url, completion: completion) }) {
            case .success(let image): send(.loadingFinished(image))
            case .failure(let error): send(.loadingFailed(error))
            }
        }
    }

    private func cancel(_ context: Context) {
        guard context.state == .loading else { return }
        context.cancel(key: Self.load)
        context.dispatch(.loadingCancelled)
    }
}
