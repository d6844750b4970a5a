import MVICore

/// What the Kittens screen shows.
public struct KittenViewModel: Equatable, Sendable {
    /// Show the activity indicator.
    public var isLoading: Bool
    /// Show "Error loading kittens :-(" instead of the list.
    public var isError: Bool
    /// The images to list; empty on error.
    public var imageUrls: [String]

    public init(isLoading: Bool, isError: Bool, imageUrls: [String]) {
        self.isLoading = isLoading
        self.isError = isError
        self.imageUrls = imageUrls
    }
}

/// What the Kittens screen emits.
public enum KittenViewEvent: Equatable, Sendable {
    /// The Refresh button or a pull to refresh.
    case refreshTriggered
}

/// The proxy a SwiftUI Kittens screen observes: `proxy.model`, `proxy.dispatch(.refreshTriggered)`.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public typealias KittenViewProxy = ViewProxy<KittenViewModel, KittenViewEvent>

/// The two mappers between the store and the view, as in the original sample.
public enum KittenMappers {
    /// State -> view model: `isError` when the data is an error, and then no images.
    public static func model(_ state: KittenState) -> KittenViewModel {
        switch state.data {
        case .images(let urls): KittenViewModel(isLoading: state.isLoading, isError: false, imageUrls: urls)
        case .error: KittenViewModel(isLoading: state.isLoading, isError: true, imageUrls: [])
        }
    }

    /// View event -> intent.
    public static func intent(_ event: KittenViewEvent) -> KittenIntent {
        switch event {
        case .refreshTriggered: .reload
        }
    }
}
