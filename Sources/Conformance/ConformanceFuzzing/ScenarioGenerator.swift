import ConformanceKit
import FixtureFormat
import MVICore
import ReplaySeam
import SeededRandom

/// Generates one scenario an event at a time, against the reference run alongside: weighted
/// choices that respect the lifecycle (with an occasional call it must refuse), answer only
/// requests the feature made, move virtual time by edge amounts, and end by answering what is
/// still pending. Every line is checked with the feature's own reader before it is used.
struct ScenarioGenerator {
    let description: FeatureDescription
    let features: FeatureRegistry
    let values: SchemaValues
    let maxSteps: Int

    /// Milliseconds an advance moves, from nothing to an hour (longer ones are quiet).
    static let advances = [
        0, 0, 1, 10, 99, 100, 250, 300, 500, 999, 1_000, 1_001, 2_000, 5_000, 30_000, 60_000, 600_000, 3_600_000,
    ]
    /// Answer rounds at the end: a feature may make a request in reaction to an answer.
    static let finalRounds = 6

    /// The header of generated scenario `id`.
    func header(id: String, note: String) -> JSONObject {
        [
            "format": .integer(Scenario.formatVersion), "id": .string(id), "feature": .string(description.module.name),
            "description": .string(note), "config": .object(values.pick(description.configs)),
        ]
    }

    /// A scenario's event lines, generated against a reference run.
    func events(header: JSONObject) -> [JSONObject] {
        guard var reader = try? ScenarioReader(header: header, file: "(generated)", features: features) else {
            return []
        }
        // Generating is no walk of a scenario: each event is chosen from the outputs so far.
        guard let session = try? ReplaySession(reader.scenario(events: []), features: features) else { return [] }
        var lifecycle = LifecycleRegistry(component: description.module.componentName)
        var pending: [Int] = []
        /// Each request's description, for the answers its kind takes.
        var made: [Int: String] = [:]
        var lines: [JSONObject] = []
        /// Applies `line` if the reader takes it; false when it does not (the line is dropped).
        func apply(_ line: JSONObject) -> Bool {
            var trial = reader
            guard let event = try? trial.event(line) else { return false }
            reader = trial
            lines.append(line)
            guard let (outputs, _) = try? session.apply(event) else { return true }
            for output in outputs {
                if case .request(let id, let description) = output {
                    pending.append(id)
                    made[id] = description
                }
            }
            switch event.kind {
            case .lifecycle(let call): try? lifecycle.handle(call)
            case .restore: lifecycle = LifecycleRegistry(component: description.module.componentName)
            case .respond(let id, _): pending.removeAll { $0 == id }
            default: break
            }
            return true
        }
        _ = apply(["event": "create"])
        while lines.count < maxSteps, lifecycle.state != .destroyed || !pending.isEmpty {
            var tries = 0
            while tries < 8, !apply(next(lifecycle: lifecycle.state, pending: pending, made: made)) { tries += 1 }
            if tries == 8 { break }
        }
        for _ in 0..<Self.finalRounds where !pending.isEmpty {
            for id in pending {
                var tries = 0
                while tries < 8, !apply(answer(id, made[id])) { tries += 1 }
            }
        }
        return lines
    }

    /// The next line: a lifecycle call, a view event, an own event, an answer or an advance.
    private func next(lifecycle state: LifecycleState, pending: [Int], made: [Int: String]) -> JSONObject {
        var choices: [(weight: Int, make: () -> JSONObject)] = []
        let allowed: [LifecycleEvent] =
            switch state {
            case .created: [.viewCreated, .destroy]
            case .viewCreated: [.start, .viewDestroyed]
            case .started: [.stop]
            case .destroyed: []
            }
        for call in allowed where description.lifecycle.contains(call) {
            choices.append(
                (
                    call == .destroy ? 2 : call == .viewDestroyed || call == .stop ? 6 : 30,
                    { ["event": .string(call.rawValue)] }
                ))
        }
        // A call the lifecycle refuses now and then: the feature must say so, not act.
        if let any = description.lifecycle.randomElement(using: values.random) {
            choices.append((2, { ["event": .string(any.rawValue)] }))
        }
        if description.hasRestore, state == .created { choices.append((6, { ["event": "restore"] })) }
        if !description.views.isEmpty {
            choices.append((state == .started ? 40 : 3, { self.line(self.values.pick(self.description.views)) }))
        }
        if !description.customs.isEmpty {
            choices.append((8, { self.line(self.values.pick(self.description.customs)) }))
        }
        if !pending.isEmpty {
            choices.append(
                (
                    30,
                    {
                        let id = self.values.pick(pending)
                        return self.answer(id, made[id])
                    }
                ))
        }
        choices.append(
            (
                20,
                {
                    let ms = self.values.pick(Self.advances)
                    return ms >= 30_000
                        ? ["event": "advance", "ms": .integer(ms), "quiet": true]
                        : ["event": "advance", "ms": .integer(ms)]
                }
            ))
        var roll = values.int(0...(choices.reduce(0) { $0 + $1.weight } - 1))
        for choice in choices {
            if roll < choice.weight { return choice.make() }
            roll -= choice.weight
        }
        return ["event": "advance", "ms": 0]
    }

    /// An answer to request `id`, in one of the forms its kind takes (any of the feature's
    /// response forms when the feature declares no kinds, or none for this request).
    private func answer(_ id: Int, _ made: String?) -> JSONObject {
        let forms =
            made.flatMap { description.module.requestKind(for: $0) }.flatMap { description.respondsByKind[$0.name] }
            ?? description.responds
        guard !forms.isEmpty else { return ["event": "advance", "ms": 0] }
        var line = self.line(values.pick(forms))
        line["request"] = .integer(id)
        return line
    }

    /// A line for an event form's schema (its `event` and other constants included).
    private func line(_ schema: JSONValue) -> JSONObject {
        guard case .object(let object) = schema else { return JSONObject() }
        return values.object(object, depth: 0).reordered(first: ["event", "screen", "name", "request"])
    }
}

extension JSONObject {
    /// The members with `keys` first, in that order, as scenario lines are written.
    func reordered(first keys: [String]) -> JSONObject {
        let head = keys.compactMap { key in self[key].map { (key, $0) } }
        let rest = self.filter { !keys.contains($0.key) }.map { ($0.key, $0.value) }
        return JSONObject(head + rest)
    }
}

extension Array {
    func randomElement(using random: SplitMix64) -> Element? {
        var generator = random
        return randomElement(using: &generator)
    }
}
