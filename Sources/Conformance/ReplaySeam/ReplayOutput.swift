import FixtureFormat
import Foundation
import MVIEssentials

/// Something a feature did in reaction to an input event. Structured: formatting is separate
/// (docs/fixtures.md, "Transcript").
public enum ReplayOutput: Equatable, Sendable {
    /// The fake data source received request number `id`, described as `description`.
    case request(id: Int, description: String)
    /// Request `id` was cancelled while it was pending.
    case cancel(id: Int)
    /// A view rendered a model; `screen` names the screen in a feature with several.
    case render(CanonicalValue, screen: String? = nil)
    /// A store published a label; `screen` names the screen in a feature with several.
    case label(CanonicalValue, screen: String? = nil)
    /// A call or event was refused; the component was not called.
    case rejected(String)
    /// The state a `restore` event saved before the component was recreated from it.
    case saved(CanonicalValue)
    /// A reaction the feature defines and documents on its page (for example `module built`),
    /// written `<keyword> <value>`. The keyword is lowercase words separated by single spaces.
    case custom(keyword: String, value: CanonicalValue)
}

extension ReplayOutput {
    /// The reaction keywords of the transcript format, which a feature's own reactions may not use.
    public static let reservedKeywords: Set<String> = ["request", "cancel", "render", "label", "rejected", "saved"]

    /// Whether `keyword` may name a feature's own reaction: lowercase ASCII words separated by single
    /// spaces, not a keyword of the format.
    public static func isValidKeyword(_ keyword: String) -> Bool {
        let words = keyword.split(separator: " ", omittingEmptySubsequences: false)
        return !reservedKeywords.contains(keyword) && !words.isEmpty
            && words.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) } }
    }
}

/// Collects outputs as they happen, from any thread (a cancel may come from anywhere).
///
/// While quiet (a `quiet` advance), a render replaces the render kept before it and is counted,
/// so a step's memory stays bounded however many renders it causes.
public final class OutputLog: Sendable {
    private struct State {
        var outputs: [ReplayOutput] = []
        var quiet = false
        var lastRender: Int?
        var omitted = 0
        /// How to make the value of the render at `lastRender`, when it was kept unmade (quiet).
        var unmade: (@Sendable () -> CanonicalValue)?
    }

    private let state = Locked(State())
    /// Told each view model a view renders, as the view got it, with its screen (nil for a
    /// one-screen feature): what a live session shows on a real screen (`ScenarioRecorder`'s
    /// `models`). Called on the thread that renders.
    public let models: (@Sendable (_ screen: String?, _ model: Any) -> Void)?
    /// Told each label a store publishes, as the store published it, with its screen: what a live
    /// session's screen may show beside its model (`ScenarioRecorder`'s `labels`). Called on the
    /// thread that publishes.
    public let labels: (@Sendable (_ screen: String?, _ label: Any) -> Void)?

    public init(
        models: (@Sendable (_ screen: String?, _ model: Any) -> Void)? = nil,
        labels: (@Sendable (_ screen: String?, _ label: Any) -> Void)? = nil
    ) {
        self.models = models
        self.labels = labels
    }

    public func append(_ output: ReplayOutput) {
        state.withLock { state in
            if case .render = output { Self.replaceQuietRender(&state) }
            state.outputs.append(output)
        }
    }

    /// Appends a render whose value `make` makes: at once, or in a quiet step only if no later
    /// render of the step replaces it (then once, when the step's outputs are taken).
    public func appendRender(screen: String?, _ make: @escaping @Sendable () -> CanonicalValue) {
        let keptUnmade = state.withLock { state in
            guard state.quiet else { return false }
            Self.replaceQuietRender(&state)
            state.outputs.append(.render(.null, screen: screen))
            state.unmade = make
            return true
        }
        if !keptUnmade { append(.render(make(), screen: screen)) }
    }

    /// Before a render is appended: in a quiet step, the render kept before it goes and is counted.
    private static func replaceQuietRender(_ state: inout State) {
        if state.quiet, let last = state.lastRender {
            state.outputs.remove(at: last)
            state.omitted += 1
        } else if let make = state.unmade, let last = state.lastRender,
            case .render(_, let screen) = state.outputs[last]
        {
            state.outputs[last] = .render(make(), screen: screen)  // quiet ended within the step: it stays
        }
        state.unmade = nil
        state.lastRender = state.outputs.count
    }

    /// Whether renders from now on replace the one kept before them (until the next `takeStep`).
    public func setQuiet(_ isQuiet: Bool) {
        state.withLock { $0.quiet = isQuiet }
    }

    /// The outputs collected since the last call, in order.
    public func take() -> [ReplayOutput] { takeStep().outputs }

    /// The outputs collected since the last call, and how many renders quiet mode left out of
    /// them; quiet mode ends.
    public func takeStep() -> (outputs: [ReplayOutput], omittedRenders: Int) {
        let (outputs, omitted, unmade) = state.withLock { state in
            defer { state = State() }
            return (state.outputs, state.omitted, state.unmade.map { (index: state.lastRender ?? 0, make: $0) })
        }
        guard let unmade, case .render(_, let screen) = outputs[unmade.index] else { return (outputs, omitted) }
        // The kept render's value, made outside the lock: the model's own code runs there.
        var taken = outputs
        taken[unmade.index] = .render(unmade.make(), screen: screen)
        return (taken, omitted)
    }
}
