import Foundation
import MVICore
import MVIImagePipeline

/// One image view's feature: owns its store and binds it to the view between start and stop.
///
/// The lifecycle is `StoreComponent`'s. The view sends `appeared` and `disappeared`; the store
/// loads on the first and cancels on the second. With the image in the memory cache, the view's
/// first render after `onStart()` already shows it.
public final class ImageComponent: StoreComponent<
    ImageIntent, ImageState, Never, ImageViewModel, ImageViewEvent
>
{
    /// - Parameters:
    ///   - url: the image to show.
    ///   - pipeline: the app's pipeline, shared by every image view.
    ///   - scheduler: the store's scheduler (`DispatchQueueScheduler.main()` in an app).
    ///   - factory: makes the store; a `LoggingStoreFactory` logs its events.
    public init(
        url: URL, pipeline: ImagePipeline, scheduler: any Scheduler, factory: any StoreFactory = DefaultStoreFactory()
    ) {
        super.init(
            name: "ImageComponent",
            store: ImageStore.image(url: url, pipeline: pipeline, scheduler: scheduler, factory: factory),
            stateToModel: ImageMappers.model,
            eventToIntent: ImageMappers.intent)
    }
}

/// Owns an `ImageComponent` and destroys it when released (keep it in SwiftUI `@State`).
public typealias ImageComponentHolder = ComponentHolder<ImageComponent>
