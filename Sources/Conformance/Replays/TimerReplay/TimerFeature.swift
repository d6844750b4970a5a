import FixtureFormat
import MVICore
import MVICountdownTimer
import ReplaySeam
import SeededRandom

extension TimerViewModel: SendableCanonicalRenderable {
    /// `TimerViewModel` with its fields in declaration order (docs/features/timer.md, "View").
    public var canonical: CanonicalValue {
        .record(
            "TimerViewModel",
            [
                "label": .string(label),
                "progress": .integer(progress),
                "backgroundIndex": .integer(backgroundIndex),
                "isSettingTimer": .bool(isSettingTimer),
                "isCountingDown": .bool(isCountingDown),
                "isRestarting": .bool(isRestarting),
                "isPlayPauseEnabled": .bool(isPlayPauseEnabled),
                "secondButton": .enumCase(type: "SecondButton", name: secondButton.rawValue, fields: []),
            ])
    }
}

extension TimerLabel: CanonicalRenderable {
    /// `TimerLabel.ignored` (`state`, `event`) or `TimerLabel.rejected` (`reason`).
    public var canonical: CanonicalValue {
        switch self {
        case .ignored(let state, let event):
            .enumCase(
                type: "TimerLabel", name: "ignored",
                fields: [.init("state", .string(state)), .init("event", .string(event))])
        case .rejected(let reason):
            .enumCase(type: "TimerLabel", name: "rejected", fields: [.init("reason", .string(reason))])
        }
    }
}

extension TimerState: CanonicalRenderable {
    /// `TimerState` with `phase` (a `TimerPhase` case), `value`, `elapsedTicks`, `backgroundIndex`.
    public var canonical: CanonicalValue {
        .record(
            "TimerState",
            [
                "phase": .enumCase(type: "TimerPhase", name: phase.rawValue, fields: []),
                "value": .integer(value),
                "elapsedTicks": .integer(elapsedTicks),
                "backgroundIndex": .integer(backgroundIndex),
            ])
    }
}

/// The Timer feature as the conformance replay sees it (spec: docs/features/timer.md, "Fixtures").
public enum TimerFeature {
    /// The timer: config `seed`, six view events, labels recorded, saved state restorable.
    /// A restored component gets a new generator with the same seed.
    public static let module = FeatureModule.component(
        name: "timer", componentName: "TimerComponent", config: config, viewEvents: viewEvents,
        renderLabel: { (label: TimerLabel) in label.canonical },
        renderSaved: { (state: TimerState) in state.canonical }
    ) { environment, seed, saved in
        TimerComponent(scheduler: environment.scheduler, random: SplitMix64(seed: seed), restoring: saved)
    }

    /// `{"seed": N}`: N from 0 to 2^53 - 1 seeds the SplitMix64 background picker; default 1.
    public static let config: ObjectCodec<UInt64> = {
        let seed = Field.optional("seed", JSONCodec.integer(0...largestExactInteger))
        return .object(seed) { fields in UInt64(try fields.read(seed) ?? 1) }
    }()

    /// The view events: five taps without payload, and `timeSet` with `{"minutes": M, "seconds": S}`
    /// (whole numbers; the store rejects values outside 0...59, so the reader takes up to ±10^9).
    public static let viewEvents: [ViewEventCodec<TimerViewEvent>] = {
        let minutes = Field.required("minutes", JSONCodec.integer(-999_999_999...999_999_999))
        let seconds = Field.required("seconds", JSONCodec.integer(-999_999_999...999_999_999))
        let time = ObjectCodec.object(minutes, seconds) { fields in
            (minutes: try fields.read(minutes), seconds: try fields.read(seconds))
        }
        return [
            .plain("setTimerTapped", .setTimerTapped),
            .payload(
                "timeSet", time.value, event: { TimerViewEvent.timeSet(minutes: $0.minutes, seconds: $0.seconds) },
                echo: { "timeSet(minutes: \($0.minutes), seconds: \($0.seconds))" },
                encode: { event in
                    guard case .timeSet(let minutes, let seconds) = event else { return nil }
                    return ["minutes": .integer(minutes), "seconds": .integer(seconds)]
                }),
            .plain("startTapped", .startTapped),
            .plain("pauseTapped", .pauseTapped),
            .plain("stopTapped", .stopTapped),
            .plain("resetTapped", .resetTapped),
        ]
    }()
}
