import Foundation
import MVICore
import MVIImagePipeline

/// What an image view shows. Turning bytes into a picture (`UIImage(data:)`, ...) is the view's job.
public struct ImageViewModel: Equatable, Sendable {
    /// Show the activity indicator.
    public var isLoading: Bool
    /// The image's bytes, when loaded.
    public var bytes: Data?
    /// Where the bytes came from, when loaded (for diagnostics overlays and tests).
    public var source: ImageSource?
    /// The failure to show instead of the image, when loading failed.
    public var errorText: String?

    public init(isLoading: Bool = false, bytes: Data? = nil, source: ImageSource? = nil, errorText: String? = nil) {
        self.isLoading = isLoading
        self.bytes = bytes
        self.source = source
        self.errorText = errorText
    }
}

/// What an image view emits.
public enum ImageViewEvent: Equatable, Sendable {
    /// The view came on screen (SwiftUI `onAppear`).
    case appeared
    /// The view left the screen (SwiftUI `onDisappear`).
    case disappeared
    /// The user asked to try a failed image again.
    case retryTapped
}

/// The proxy a SwiftUI image view observes: `proxy.model`, `proxy.dispatch(.appeared)`.
public typealias ImageViewProxy = ViewProxy<ImageViewModel, ImageViewEvent>

/// The two mappers between the image store and its view.
public enum ImageMappers {
    /// State -> view model.
    public static func model(_ state: ImageState) -> ImageViewModel {
        switch state {
        case .idle: ImageViewModel()
        case .loading: ImageViewModel(isLoading: true)
        case .loaded(let bytes, let source): ImageViewModel(bytes: bytes, source: source)
        case .failed(let reason): ImageViewModel(errorText: reason)
        }
    }

    /// View event -> intent: appearing and retrying load, disappearing cancels.
    public static func intent(_ event: ImageViewEvent) -> ImageIntent {
        switch event {
        case .appeared, .retryTapped: .load
        case .disappeared: .cancel
        }
    }
}
