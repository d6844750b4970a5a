import MVICore
import TerminalUI

/// One app of the demo (Kittens, Timer, News): a component's view on the terminal.
///
/// A screen holds no feature logic: it turns keys into the feature's view events and its latest
/// view model into lines, through a pure render (`KittensRender`, `TimerRender`, `NewsRender`).
protocol DemoScreen: AnyObject {
    /// The tab's name.
    var title: String { get }
    /// The keys the screen takes now, shown at the bottom.
    var keys: [KeyHelp] { get }
    /// Whether printable keys go to a text field (then `q` and `Tab`'s neighbours are text).
    var isTyping: Bool { get }
    /// A line about the last thing refused or reported; nil when there is none.
    var status: String? { get }
    /// Called before every frame, on the loop's thread: the place to follow the model (an image to load).
    func prepare()
    /// The body, `height` lines of at most `width` columns.
    func body(width: Int, height: Int) -> [ScreenLine]
    /// Handles a key; false when the screen has no use for it.
    func handle(_ key: Key) -> Bool
    /// The tab became visible: the component starts.
    func show()
    /// The tab was left: the component stops.
    func hide()
    /// The demo ends: the component is destroyed.
    func destroy()
}

/// A key and what it does, as the bottom line shows it: `r refresh`.
public struct KeyHelp: Equatable, Sendable {
    public var key: String
    public var action: String

    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// The view a screen binds to its component: keeps the latest model and lets the screen send events.
final class LatestModelView<Model, Event>: BaseMviView<Model, Event> {
    private(set) var model: Model

    init(initial: Model) {
        model = initial
        super.init()
    }

    override func render(_ model: Model) { self.model = model }
}

extension StoreComponent {
    /// `onViewCreated(view)` then `onStart()`.
    func attach(_ view: any MviView<Model, Event>) {
        onViewCreated(view)
        onStart()
    }
}
