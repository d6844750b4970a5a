import Foundation
import MVIImagePipeline
import MVICore

/// What an image view can ask of its store.
public enum ImageIntent: Equatable, Sendable {
    /// Show the image: from memory at once if it is there, else through the pipeline.
    case load
    /// Stop waiting: the view went away. The pipeline's download goes on if another view wants it.
    case cancel
}

/// One image view's state.
public enum ImageState: Equatable, Sendable {
    /// Nothing asked for yet, or the load was cancelled.
    case idle
    /// Waiting for the pipeline.
    case loading
    /// The image's bytes and where they came from.
    case loaded(bytes: Data, source: ImageSource)
    /// The pipeline delivered no image; `reason` says why, with the URL.
    case failed(reason: String)
}

/// The image store's internal messages.
public enum ImageMessage: Equatable, Sendable {
    case loadingStarted
    case loadingFinished(ImageResponse)
    case loadingFailed(ImagePipelineError)
    case loadingCancelled
}

/// The image reducer: every message names the next state outright.
public struct ImageReducer: Reducer {
    public init() {}

    public func reduce(_ state: ImageState, _ message: ImageMessage) -> ImageState {
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
public final class ImageExecutor: BaseExecutor<ImageIntent, Never, ImageState, ImageMessage, Never> {
    private let url: URL
    private let pipeline: ImagePipeline
    /// The request in flight; confined to the store's scheduler like every executor method.
    private var inFlight: Cancellation?
    private var generation = 0

    public init(url: URL, pipeline: ImagePipeline) {
        self.url = url
        self.pipeline = pipeline
    }

    public override func executeIntent(_ intent: ImageIntent) {
        switch intent {
        case .load: load()
        case .cancel: cancel()
        }
    }

    public override func dispose() {
        inFlight?.cancel()
        inFlight = nil
        super.dispose()
    }

    private func load() {
        switch state {
        case .loading, .loaded: return
        case .idle, .failed: break
        }
        if let hit = pipeline.cachedImage(for: url) {
            dispatch(.loadingFinished(hit))
            return
        }
        generation += 1
        let generation = self.generation
        dispatch(.loadingStarted)
        let onResult = context.callback { [self] (result: Result<ImageResponse, ImagePipelineError>) in
            finish(result, generation: generation)
        }
        inFlight = pipeline.loadImage(url) { onResult($0) }
    }

    private func cancel() {
        guard state == .loading else { return }
        generation += 1
        inFlight?.cancel()
        inFlight = nil
        dispatch(.loadingCancelled)
    }

    private func finish(_ result: Result<ImageResponse, ImagePipelineError>, generation: Int) {
        // An answer to a request that was cancelled is dropped.
        guard generation == self.generation, !context.isDisposed else { return }
        inFlight = nil
        switch result {
        case .success(let image): dispatch(.loadingFinished(image))
        case .failure(let error): dispatch(.loadingFailed(error))
        }
    }
}

/// One image view's store.
public typealias ImageStore = DefaultStore<ImageIntent, Never, ImageMessage, ImageState, Never>

extension DefaultStore where Intent == ImageIntent, Action == Never, Message == ImageMessage, State == ImageState, Label == Never {
    /// Creates the store of a view that shows `url`. It starts `loaded(memory)` when the memory
    /// cache has the image fresh, so the first render already shows it; otherwise `idle`. It
    /// loads nothing until `load`.
    ///
    /// - Parameters:
    ///   - url: the image to show.
    ///   - pipeline: the app's pipeline, shared by every image view.
    ///   - scheduler: the store is confined to it (the main queue in an app).
    ///   - eventObserver: sees every store event.
    public static func image(
        url: URL, pipeline: ImagePipeline, scheduler: any Scheduler, eventObserver: ((Event) -> Void)? = nil
    ) -> ImageStore {
        let initialState: ImageState = pipeline.cachedImage(for: url).map { .loaded(bytes: $0.bytes, source: $0.source) } ?? .idle
        return ImageStore(
            name: "ImageStore",
            initialState: initialState,
            executor: ImageExecutor(url: url, pipeline: pipeline),
            reducer: ImageReducer(),
            scheduler: scheduler,
            eventObserver: eventObserver)
    }
}
