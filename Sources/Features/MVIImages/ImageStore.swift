import Foundation
import MVICore
import MVIImagePipeline

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
enum ImageMessage: Equatable, Sendable {
    case loadingStarted
    case loadingFinished(ImageResponse)
    case loadingFailed(ImagePipelineError)
    case loadingCancelled
}

/// One image view's store.
typealias ImageStore = DefaultStore<ImageIntent, Never, ImageMessage, ImageState, Never>

extension DefaultStore
where Intent == ImageIntent, Action == Never, Message == ImageMessage, State == ImageState, Label == Never {
    /// Creates the store of a view that shows `url`. It starts `loaded(memory)` when the memory
    /// cache has the image fresh, so the first render already shows it; otherwise `idle`. It
    /// loads nothing until `load`.
    ///
    /// - Parameters:
    ///   - url: the image to show.
    ///   - pipeline: the app's pipeline, shared by every image view.
    ///   - scheduler: the store is confined to it (the main queue in an app).
    ///   - factory: makes the store; a `LoggingStoreFactory` logs its events.
    static func image(
        url: URL, pipeline: ImagePipeline, scheduler: any Scheduler, factory: any StoreFactory = DefaultStoreFactory()
    ) -> ImageStore {
        let initialState: ImageState =
            pipeline.cachedImage(for: url).map { .loaded(bytes: $0.bytes, source: $0.source) } ?? .idle
        return ImageStore(
            name: "ImageStore",
            initialState: initialState,
            executor: ImageExecutor(url: url, pipeline: pipeline),
            reducer: ImageReducer(),
            scheduler: scheduler,
            factory: factory)
    }
}
