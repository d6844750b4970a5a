import Foundation
import MVICore
import MVIImagePipeline
import MVIImages
import MVIKittens
import TerminalUI

/// What the Kittens tab shows: the list's model, the row selected, and the selected image's model.
public struct KittensScreenModel: Equatable, Sendable {
    public var kittens: KittenViewModel
    public var selected: Int
    /// The selected image's model; nil while nothing is selected.
    public var image: ImageViewModel?

    public init(kittens: KittenViewModel, selected: Int, image: ImageViewModel?) {
        self.kittens = kittens
        self.selected = selected
        self.image = image
    }
}

/// The Kittens tab as lines: the list on the left, the selected image and its cache source on the right.
public enum KittensRender {
    /// The image's size in cells.
    static let imageColumns = 16
    static let imageRows = 8

    public static func lines(_ model: KittensScreenModel, width: Int, height: Int) -> [ScreenLine] {
        let kittens = model.kittens
        var head: String
        if kittens.isError {
            head = "Error loading kittens :-("
        } else {
            head = "\(kittens.imageUrls.count) kittens"
        }
        if kittens.isLoading { head += "   Loading..." }
        let listWidth = width - imageColumns - 4
        let listHeight = height - 2
        let first = DemoLayout.firstRow(selected: model.selected, count: kittens.imageUrls.count, height: listHeight)
        let rows: [ScreenLine] = kittens.imageUrls.enumerated().dropFirst(first).prefix(listHeight).map { index, url in
            let text = (index == model.selected ? "> " : "  ") + Self.shortName(url)
            return ScreenLine(text, index == model.selected ? .highlighted : .plain).fitted(to: listWidth)
        }
        let panel = imagePanel(model.image)
        var lines = [ScreenLine(" " + head, .strong), ScreenLine("")]
        for row in 0..<(height - 2) {
            let left = row < rows.count ? rows[row] : ScreenLine("").fitted(to: listWidth)
            let right = row < panel.count ? panel[row] : ScreenLine("")
            lines.append(ScreenLine(left.spans + [Span("  ")] + right.spans))
        }
        return lines
    }

    /// The selected image in half blocks, then where it came from.
    static func imagePanel(_ image: ImageViewModel?) -> [ScreenLine] {
        guard let image else { return [] }
        if let bytes = image.bytes {
            let source = "source: " + (image.source.map { "\($0)" } ?? "?")
            do {
                let pixels = try PNGPixels(bytes)
                return HalfBlocks.lines(pixels, columns: imageColumns, rows: imageRows) + [
                    ScreenLine(""), ScreenLine(source),
                ]
            } catch {
                return [ScreenLine("\(bytes.count) bytes:"), ScreenLine("\(error)"), ScreenLine(source)]
            }
        }
        if let errorText = image.errorText {
            return DemoLayout.wrap("failed: " + errorText, width: imageColumns + 2).map { ScreenLine($0) }
        }
        return [ScreenLine(image.isLoading ? "loading image..." : "no image yet")]
    }

    /// The address without scheme and host: the path is what tells images apart (the mock
    /// server's port changes from run to run).
    static func shortName(_ url: String) -> String {
        guard let components = URLComponents(string: url), components.host != nil else { return url }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
}

/// The Kittens tab: the feature (its component, or a recorded session of it), and one image
/// component for the selected row.
final class KittensScreen: DemoScreen {
    private let feed: any ScreenFeed<KittenViewModel, KittenViewEvent>
    private let pipeline: ImagePipeline
    private let scheduler: any Scheduler
    private var selected = 0
    /// The image shown: its address, its component and the view bound to it.
    private var image:
        (url: String, holder: ImageComponentHolder, view: LatestModelView<ImageViewModel, ImageViewEvent>)?
    private var visible = false

    init(
        feed: any ScreenFeed<KittenViewModel, KittenViewEvent>, pipeline: ImagePipeline, scheduler: any Scheduler,
        status: @escaping () -> String? = { nil }
    ) {
        self.feed = feed
        self.pipeline = pipeline
        self.scheduler = scheduler
        self.statusLine = status
    }

    let title = "Kittens"
    let isTyping = false
    private let statusLine: () -> String?
    var status: String? { statusLine() }

    var keys: [KeyHelp] { [KeyHelp("r", "refresh"), KeyHelp("Up/Down", "select")] }

    func prepare() {
        _ = feed.takeLabels()  // the Kittens tab shows no labels
        let urls = feed.model.imageUrls
        selected = min(selected, max(0, urls.count - 1))
        let wanted = urls.indices.contains(selected) && visible ? urls[selected] : nil
        guard wanted != image?.url else { return }
        image?.view.dispatch(.disappeared)
        image = nil
        guard let wanted, let url = URL(string: wanted) else { return }
        let component = ImageComponent(url: url, pipeline: pipeline, scheduler: scheduler)
        let imageView = LatestModelView<ImageViewModel, ImageViewEvent>(initial: component.model)
        component.attach(imageView)
        imageView.dispatch(.appeared)
        image = (wanted, ImageComponentHolder(component), imageView)
    }

    func body(width: Int, height: Int) -> [ScreenLine] {
        KittensRender.lines(
            KittensScreenModel(kittens: feed.model, selected: selected, image: image?.view.model), width: width,
            height: height)
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .character("r"): feed.send(.refreshTriggered)
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(0, feed.model.imageUrls.count - 1), selected + 1)
        default: return false
        }
        return true
    }

    func show() {
        visible = true
        feed.start()
    }

    func hide() {
        visible = false
        feed.stop()
        prepare()
    }

    func destroy() {
        image = nil
        feed.destroy()
    }
}

/// Why the Kittens tab's last load failed, for its status line. The feature's view model says only
/// `Error loading kittens :-(` (the reference's words, which its goldens pin), so the demo reads the
/// cause from the store's `loadingFailed` message, as News shows "No connection": the line reads
/// `last load failed: network: transport error: ...` until a load succeeds.
final class KittenLoadCause {
    /// The status line's text; nil while the last finished load succeeded.
    private(set) var text: String?
    private var subscription: (any Cancellable)?

    /// Follows `store`'s messages from now on, on its scheduler: a `KittenComponent`'s store.
    init(_ store: any Store<KittenIntent, KittenState, Never>) {
        guard let store = store as? KittenStore else {
            preconditionFailure("KittenLoadCause follows a KittenComponent's store, not a \(type(of: store))")
        }
        subscription = store.subscribe(events: { [weak self] event in
            guard case .message(let message) = event.kind else { return }
            switch message {
            case .loadingFailed(let failure): self?.text = "last load failed: \(failure)"
            case .loadingFinished: self?.text = nil
            case .loadingStarted: break
            }
        })
    }

    deinit { subscription?.cancel() }
}
