import CanonicalRender
import Foundation

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
public final class OutputLog: @unchecked Sendable {
    // `outputs` is only touched with `lock` held.
    private let lock = NSLock()
    private var outputs: [ReplayOutput] = []

    public init() {}

    public func append(_ output: ReplayOutput) {
        lock.lock()
        defer { lock.unlock() }
        outputs.append(output)
    }

    /// The outputs collected since the last call, in order.
    public func take() -> [ReplayOutput] {
        lock.lock()
        defer { lock.unlock() }
        defer { outputs = [] }
        return outputs
    }
}
