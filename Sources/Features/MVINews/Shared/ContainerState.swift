/// The state every news screen shares with its container view, as the sample's `ContainerModel`:
/// a loading overlay and an error alert.
///
/// - `isLoading` draws the overlay ("Loading...") over the content.
/// - `setupError(text)` shows the alert, only for a non-empty text; a newer error replaces an older one.
/// - `errorShown()` (the alert's OK) clears it.
public struct ContainerState: Equatable, Hashable, Sendable {
    /// Draw the loading overlay.
    public var isLoading: Bool
    /// The alert's text; nil while no alert is shown.
    public private(set) var errorText: String?

    public init(isLoading: Bool = false, errorText: String? = nil) {
        self.isLoading = isLoading
        self.errorText = errorText.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the alert is shown.
    public var hasError: Bool { errorText != nil }

    public mutating func showLoading() { isLoading = true }

    public mutating func hideLoading() { isLoading = false }

    /// Shows the alert with `text`; an empty text shows nothing and keeps what is shown.
    public mutating func setupError(_ text: String) {
        if !text.isEmpty { errorText = text }
    }

    /// The alert was dismissed.
    public mutating func errorShown() { errorText = nil }
}
