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
    private let url: URL
    private let pipeline: ImagePipeline
    /// The request in flight; confined to the store's scheduler like every executor method.
    private var inFlight: Cancellation?
    private var generation = 0

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

    func dispose() {
        inFlight?.cancel()
        inFlight = nil
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
        generation += 1
        let generation = self.generation
        context.dispatch(.loadingStarted)
        let onResult = context.callback { [self] (result: Result<ImageResponse, ImagePipelineError>) in
            finish(result, generation: generation, context)
        }
        inFlight = pipeline.loadImage(url) { onResult($0) }
    }

    private func cancel(_ context: Context) {
        guard context.state == .loading else { return }
        generation += 1
        inFlight?.cancel()
        inFlight = nil
        context.dispatch(.loadingCancelled)
    }

    private func finish(_ result: Result<ImageResponse, ImagePipelineError>, generation: Int, _ context: Context) {
        // An answer to a request that was cancelled is dropped.
        guard generation == self.generation, !context.isDisposed else { return }
        inFlight = nil
        switch result {
        case .success(let image): context.dispatch(.loadingFinished(image))
        case .failure(let error): context.dispatch(.loadingFailed(error))
        }
    }
}
