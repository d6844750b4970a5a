import CountdownTimer
import Foundation
import MVICore

extension TimerViewModel: CanonicalRenderable {
    public var canonical: CanonicalValue {
        .record("TimerViewModel", [
            "label": .string(label),
            "progress": .int(progress),
            "backgroundIndex": .int(backgroundIndex),
            "isSettingTimer": .bool(isSettingTimer),
            "isCountingDown": .bool(isCountingDown),
            "isRestarting": .bool(isRestarting),
            "isPlayPauseEnabled": .bool(isPlayPauseEnabled),
            "secondButton": .enumCase(type: "SecondButton", name: secondButton.rawValue, fields: []),
        ])
    }
}

extension TimerLabel: CanonicalRenderable {
    public var canonical: CanonicalValue {
        switch self {
        case .ignored(let state, let event):
            .enumCase(type: "TimerLabel", name: "ignored", fields: [.init("state", .string(state)), .init("event", .string(event))])
        case .rejected(let reason):
            .enumCase(type: "TimerLabel", name: "rejected", fields: [.init("reason", .string(reason))])
        }
    }
}

extension TimerState: CanonicalRenderable {
    public var canonical: CanonicalValue {
        .record("TimerState", [
            "phase": .enumCase(type: "TimerPhase", name: phase.rawValue, fields: []),
            "value": .int(value),
            "elapsedTicks": .int(elapsedTicks),
            "backgroundIndex": .int(backgroundIndex),
        ])
    }
}

/// Replays timer scenarios against the real `TimerComponent`, in virtual time.
///
/// Config: `"seed"` (integer >= 0, default 1) seeds the SplitMix64 background picker; a restored
/// component gets a new generator with the same seed. Labels are recorded as `label` lines.
public final class TimerDriver: FeatureDriver {
    public static let feature = "timer"

    private let context: ReplayContext
    private let seed: UInt64
    private let view: RecordingView<TimerViewModel, TimerViewEvent>
    private var component: TimerComponent?
    private var labels: (any Cancellable)?

    public init(context: ReplayContext) throws(DriverError) {
        self.context = context
        if let key = context.config.keys.sorted().first(where: { $0 != "seed" }) {
            throw DriverError(field: key, "unknown setting; timer takes only seed")
        }
        switch context.config["seed"] {
        case nil:
            seed = 1
        case .number(let number)? where number == number.rounded() && number >= 0 && number <= 9_007_199_254_740_991:
            seed = UInt64(number)
        case let other?:
            throw DriverError(field: "seed", "expected a whole number >= 0, found \(other.compactText)")
        }
        view = RecordingView(output: context.output)
    }

    public var componentName: String { "TimerComponent" }

    public func create() { make(restoring: nil) }

    private func make(restoring saved: TimerState?) {
        let component = TimerComponent(scheduler: context.scheduler, random: SplitMix64(seed: seed), restoring: saved)
        let output = context.output
        labels = component.store.subscribe(labels: { output.append(.label($0.canonical)) })
        self.component = component
    }

    public func lifecycle(_ event: LifecycleEvent) {
        component?.perform(event, view: view)
    }

    public func view(name: String, payload: JSONValue?) throws(DriverError) -> String {
        let simple: [String: TimerViewEvent] = [
            "setTimerTapped": .setTimerTapped, "startTapped": .startTapped, "pauseTapped": .pauseTapped,
            "stopTapped": .stopTapped, "resetTapped": .resetTapped,
        ]
        if let event = simple[name] {
            if payload != nil { throw DriverError(field: "payload", "\(name) takes no payload") }
            view.dispatch(event)
            return name
        }
        guard name == "timeSet" else {
            throw DriverError(
                field: "name",
                "unknown timer view event \(CanonicalRender.quote(name)); expected one of "
                    + (simple.keys.sorted() + ["timeSet"]).sorted().joined(separator: ", "))
        }
        guard case .object(let fields)? = payload else {
            throw DriverError(field: "payload", "timeSet needs a payload {\"minutes\": M, \"seconds\": S}")
        }
        if let unknown = fields.keys.sorted().first(where: { $0 != "minutes" && $0 != "seconds" }) {
            throw DriverError(field: "payload.\(unknown)", "unknown field; timeSet takes minutes and seconds")
        }
        func part(_ key: String) throws(DriverError) -> Int {
            guard case .number(let number)? = fields[key], number == number.rounded(), abs(number) < 1e9 else {
                throw DriverError(field: "payload.\(key)", "expected a whole number")
            }
            return Int(number)
        }
        let minutes = try part("minutes")
        let seconds = try part("seconds")
        view.dispatch(.timeSet(minutes: minutes, seconds: seconds))
        return "timeSet(minutes: \(minutes), seconds: \(seconds))"
    }

    public func restore() throws(DriverError) -> CanonicalValue {
        guard let component else { throw DriverError(field: "event", "restore before create") }
        let saved = component.store.state
        if component.lifecycleState != .destroyed { component.onDestroy() }
        labels?.cancel()
        make(restoring: saved)
        return saved.canonical
    }
}
