import MVIStateMachine
import Testing

// MARK: - Tinder's matter machine

enum Matter: String, StateMachineValue, Equatable {
    case solid = "Solid"
    case liquid = "Liquid"
    case gas = "Gas"
    var caseName: String { rawValue }
}

enum MatterEvent: String, StateMachineValue, Equatable {
    case melt = "OnMelted"
    case freeze = "OnFrozen"
    case vaporize = "OnVaporized"
    case condense = "OnCondensed"
    var caseName: String { rawValue }
}

enum MatterEffect: String, StateMachineValue, Equatable {
    case logMelted = "LogMelted"
    case logFrozen = "LogFrozen"
    case logVaporized = "LogVaporized"
    case logCondensed = "LogCondensed"
    var caseName: String { rawValue }
}

func makeMatterMachine(initial: Matter = .solid) -> StateMachine<Matter, MatterEvent, MatterEffect> {
    StateMachine(initial: initial) { m in
        m.state(.solid) { s in
            s.on(.melt, transitionTo: .liquid, emit: .logMelted)
        }
        m.state(.liquid) { s in
            s.on(.freeze, transitionTo: .solid, emit: .logFrozen)
            s.on(.vaporize, transitionTo: .gas, emit: .logVaporized)
        }
        m.state(.gas) { s in
            s.on(.condense, transitionTo: .liquid, emit: .logCondensed)
        }
    }
}

@Suite struct MatterMachineTests {
    /// A state has a way out when some event moves it to another state, whichever way the names
    /// sort (Solid's only move is to Liquid, a name before its own); a state that only stays, or
    /// handles nothing, has none.
    @Test func aStateHasAWayOutWhenAnEventMovesItElsewhere() {
        let all: [MatterEvent] = [.melt, .freeze, .vaporize, .condense]
        let sound = makeMatterMachine().stateSpace(states: [.solid, .liquid, .gas], events: all)
        #expect(sound.withoutWayOut == [])
        #expect(sound.isSound)
        let stuck = StateMachine<Matter, MatterEvent, MatterEffect>(initial: .solid) { m in
            m.state(.solid) { s in s.on(.melt, transitionTo: .liquid, emit: .logMelted) }
            m.state(.liquid) { s in
                s.on(.freeze, stayAndEmit: .logFrozen)
                s.on(.vaporize, transitionTo: .gas, emit: .logVaporized)
            }
            m.state(.gas) { s in s.on(.condense, stayAndEmit: .logCondensed) }
        }.stateSpace(states: [.solid, .liquid, .gas], events: all)
        #expect(stuck.withoutWayOut == ["Gas"])
        #expect(!stuck.isSound)
    }

    /// A state that no event leads to from the initial one is unreachable, and the space is not
    /// sound, even when every state has a way out (Gas only condenses, and nothing vaporizes).
    @Test func aStateNoEventLeadsToIsUnreachableAndTheSpaceNotSound() {
        let all: [MatterEvent] = [.melt, .freeze, .vaporize, .condense]
        let report = StateMachine<Matter, MatterEvent, MatterEffect>(initial: .solid) { m in
            m.state(.solid) { s in s.on(.melt, transitionTo: .liquid, emit: .logMelted) }
            m.state(.liquid) { s in s.on(.freeze, transitionTo: .solid, emit: .logFrozen) }
            m.state(.gas) { s in s.on(.condense, transitionTo: .liquid, emit: .logCondensed) }
        }.stateSpace(states: [.solid, .liquid, .gas], events: all)
        #expect(report.reachable == ["Solid", "Liquid"])
        #expect(report.unreachable == ["Gas"])
        #expect(report.withoutWayOut == [])
        #expect(!report.isSound)
    }

    /// Two state-space reports are equal when their texts are: the same table checked twice is
    /// equal, a table with one handler less is not.
    @Test func stateSpaceReportsAreEqualWhenTheirTextsAre() {
        let all: [MatterEvent] = [.melt, .freeze, .vaporize, .condense]
        let report = makeMatterMachine().stateSpace(states: [.solid, .liquid, .gas], events: all)
        #expect(report == makeMatterMachine().stateSpace(states: [.solid, .liquid, .gas], events: all))
        let fewer = StateMachine<Matter, MatterEvent, MatterEffect>(initial: .solid) { m in
            m.state(.solid) { s in s.on(.melt, transitionTo: .liquid, emit: .logMelted) }
            m.state(.liquid) { _ in }
            m.state(.gas) { _ in }
        }.stateSpace(states: [.solid, .liquid, .gas], events: all)
        #expect(report != fewer)
        #expect(fewer != report)
        #expect(report.text != fewer.text)
    }

    /// The report's canonical text (docs/state-machine.md): one fact a line, names joined by ", ",
    /// `-` for an empty list, then each ignored pair indented.
    @Test func aStateSpaceReportReadsOneFactALine() {
        let all: [MatterEvent] = [.melt, .freeze, .vaporize, .condense]
        let report = makeMatterMachine().stateSpace(states: [.solid, .liquid, .gas], events: all)
        #expect(
            report.text == """
                states: Solid, Liquid, Gas
                events: OnMelted, OnFrozen, OnVaporized, OnCondensed
                reachable: Solid, Liquid, Gas
                unreachable: -
                without a way out: -
                ignored: 8 of 12 pairs
                  Solid + OnFrozen
                  Solid + OnVaporized
                  Solid + OnCondensed
                  Liquid + OnMelted
                  Liquid + OnCondensed
                  Gas + OnMelted
                  Gas + OnFrozen
                  Gas + OnVaporized

                """)
    }

    @Test func startsInTheInitialState() {
        #expect(makeMatterMachine().state == .solid)
    }

    @Test(arguments: [
        (Matter.solid, MatterEvent.melt, Matter.liquid, MatterEffect.logMelted),
        (.liquid, .freeze, .solid, .logFrozen),
        (.liquid, .vaporize, .gas, .logVaporized),
        (.gas, .condense, .liquid, .logCondensed),
    ])
    func validTransitionMovesAndEmits(from: Matter, event: MatterEvent, to: Matter, effect: MatterEffect) {
        let machine = makeMatterMachine(initial: from)
        let transition = machine.transition(event)
        #expect(transition == .valid(from: from, event: event, to: to, sideEffect: effect))
        #expect(machine.state == to)
    }

    @Test func eventWithoutHandlerIsInvalidAndChangesNothing() {
        let machine = makeMatterMachine()
        let transition = machine.transition(.freeze)
        #expect(transition == .invalid(from: .solid, event: .freeze))
        #expect(!transition.isValid)
        #expect(transition.sideEffect == nil)
        #expect(machine.state == .solid)
    }

    @Test func observersSeeValidAndInvalidTransitionsAfterTheStateChanged() {
        let machine = makeMatterMachine()
        var seen: [(StateMachine<Matter, MatterEvent, MatterEffect>.Transition, Matter)] = []
        machine.onTransition { [unowned machine] in seen.append(($0, machine.state)) }
        machine.transition(.melt)
        machine.transition(.melt)
        #expect(
            seen.map(\.0) == [
                .valid(from: .solid, event: .melt, to: .liquid, sideEffect: .logMelted),
                .invalid(from: .liquid, event: .melt),
            ])
        #expect(seen.map(\.1) == [.liquid, .liquid])
    }

    @Test func observersDeclaredInTheBlockAreCalled() {
        var effects: [MatterEffect] = []
        let machine = StateMachine<Matter, MatterEvent, MatterEffect>(initial: .solid) { m in
            m.state(.solid) { s in s.on(.melt, transitionTo: .liquid, emit: .logMelted) }
            m.onTransition { if let effect = $0.sideEffect { effects.append(effect) } }
        }
        machine.transition(.melt)
        #expect(effects == [.logMelted])
    }

    @Test func peekDoesNotChangeTheState() {
        let machine = makeMatterMachine()
        #expect(machine.peek(.melt, from: .solid).isValid)
        #expect(machine.state == .solid)
    }

    @Test func tableTextListsRowsInDeclarationOrder() {
        #expect(
            makeMatterMachine().tableText == """
                initial: Solid
                Solid + OnMelted -> Liquid / LogMelted
                Liquid + OnFrozen -> Solid / LogFrozen
                Liquid + OnVaporized -> Gas / LogVaporized
                Gas + OnCondensed -> Liquid / LogCondensed

                """)
    }

    @Test func transitionFromInsideAnObserverIsAnError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let machine = makeMatterMachine()
            machine.onTransition { _ in machine.transition(.freeze) }
            machine.transition(.melt)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("transition(OnFrozen) was started from inside a transition observer"))
    }
}

// MARK: - Tinder's turnstile: states and events with payloads

indirect enum Turnstile: StateMachineValue, Equatable {
    case locked(credit: Int)
    case unlocked
    case broken(oldState: Turnstile)

    var caseName: String {
        switch self {
        case .locked: "Locked"
        case .unlocked: "Unlocked"
        case .broken: "Broken"
        }
    }
}

enum TurnstileEvent: StateMachineValue, Equatable {
    case insertCoin(Int)
    case admitPerson, machineDidFail, machineRepairDidComplete

    var caseName: String {
        switch self {
        case .insertCoin: "InsertCoin"
        case .admitPerson: "AdmitPerson"
        case .machineDidFail: "MachineDidFail"
        case .machineRepairDidComplete: "MachineRepairDidComplete"
        }
    }
}

enum TurnstileEffect: String, StateMachineValue, Equatable {
    case openDoors = "OpenDoors"
    case closeDoors = "CloseDoors"
    case soundAlarm = "SoundAlarm"
    case orderRepair = "OrderRepair"
    var caseName: String { rawValue }
}

let farePrice = 50

func makeTurnstile(initial: Turnstile = .locked(credit: 0)) -> StateMachine<Turnstile, TurnstileEvent, TurnstileEffect>
{
    StateMachine(initial: initial) { m in
        m.state(.locked(credit: 0)) { s in
            s.on(.insertCoin(0)) { state, event in
                guard case .locked(let credit) = state, case .insertCoin(let value) = event else { return .stay() }
                let newCredit = credit + value
                return newCredit >= farePrice
                    ? .transition(to: .unlocked, emit: .openDoors)
                    : .transition(to: .locked(credit: newCredit))
            }
            s.on(.admitPerson, stayAndEmit: .soundAlarm)
            s.on(.machineDidFail) { state, _ in .transition(to: .broken(oldState: state), emit: .orderRepair) }
        }
        m.state(.unlocked) { s in
            s.on(.admitPerson, transitionTo: .locked(credit: 0), emit: .closeDoors)
        }
        m.state(.broken(oldState: .unlocked)) { s in
            s.on(.machineRepairDidComplete) { state, _ in
                guard case .broken(let oldState) = state else { return .stay() }
                return .transition(to: oldState)
            }
        }
    }
}

@Suite struct TurnstileTests {
    @Test func coinsBelowTheFareAccumulateCredit() {
        let machine = makeTurnstile()
        #expect(
            machine.transition(.insertCoin(10))
                == .valid(
                    from: .locked(credit: 0), event: .insertCoin(10), to: .locked(credit: 10), sideEffect: nil))
        #expect(machine.state == .locked(credit: 10))
    }

    @Test func reachingTheFareUnlocksAndOpensTheDoors() {
        let machine = makeTurnstile(initial: .locked(credit: 35))
        #expect(
            machine.transition(.insertCoin(15))
                == .valid(
                    from: .locked(credit: 35), event: .insertCoin(15), to: .unlocked, sideEffect: .openDoors))
    }

    @Test func admittingWithoutPayingSoundsTheAlarmAndStaysLocked() {
        let machine = makeTurnstile(initial: .locked(credit: 35))
        #expect(
            machine.transition(.admitPerson)
                == .valid(
                    from: .locked(credit: 35), event: .admitPerson, to: .locked(credit: 35), sideEffect: .soundAlarm))
    }

    @Test func admittingAfterPayingLocksAndClosesTheDoors() {
        let machine = makeTurnstile(initial: .unlocked)
        #expect(machine.transition(.admitPerson).sideEffect == .closeDoors)
        #expect(machine.state == .locked(credit: 0))
    }

    @Test func aBrokenMachineReturnsToItsOldStateWhenRepaired() {
        let machine = makeTurnstile(initial: .locked(credit: 15))
        #expect(machine.transition(.machineDidFail).sideEffect == .orderRepair)
        #expect(machine.state == .broken(oldState: .locked(credit: 15)))
        #expect(
            machine.transition(.insertCoin(50))
                == .invalid(
                    from: .broken(oldState: .locked(credit: 15)), event: .insertCoin(50)))
        machine.transition(.machineRepairDidComplete)
        #expect(machine.state == .locked(credit: 15))
    }

    @Test func tableTextUsesCaseNamesAndDashForNoEffect() {
        #expect(
            makeTurnstile().tableText == """
                initial: Locked
                Locked + InsertCoin -> Locked / -
                Locked + AdmitPerson -> Locked / SoundAlarm
                Locked + MachineDidFail -> Broken / OrderRepair
                Unlocked + AdmitPerson -> Locked / CloseDoors
                Broken + MachineRepairDidComplete -> Unlocked / -

                """)
    }
}
