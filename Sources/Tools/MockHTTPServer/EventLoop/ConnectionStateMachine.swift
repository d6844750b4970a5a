import Foundation

/// Where one connection is in its requests and responses, as a typed state machine in swift-nio's
/// style: each state carries what it needs, and the mutating methods say what the event loop must
/// do next. The machine does no I/O and reads no clock; the loop (LoopConnection.swift) does both,
/// and keeps the bytes in flight.
struct ConnectionStateMachine {
    /// A time on the loop's clock: how long after the loop began (`EventLoop.loopTime`). A
    /// `Duration`, whose layout the compiler knows, rather than `ContinuousClock.Instant`, whose
    /// layout only the runtime knows: the states carry times, and with instants every copy and
    /// switch of a state would go through the runtime's value witnesses.
    typealias Instant = Duration

    enum State {
        /// Waiting for a request. `idleSince`: when the last response ended (or the connection
        /// opened); `firstByte`: the first byte of the request under way; `continuedHead`: the end
        /// of the head a `100 Continue` was sent for.
        case reading(idleSince: Instant, firstByte: Instant?, continuedHead: Int?)
        /// Answering a request step by step; `pauseUntil` is the end of the pause step under way.
        case responding(ResponsePlan, pauseUntil: Instant?)
        /// An admin or proxied request is being answered off the loop.
        case awaitingAnswer
        case closed
    }

    private(set) var state: State
    /// The client sent end of stream (or the connection failed). Reading stops; a response under
    /// way goes on until it pauses or stalls, where the client is recorded as gone.
    private(set) var peerClosed = false

    init(now: Instant) {
        state = .reading(idleSince: now, firstByte: nil, continuedHead: nil)
    }

    var isClosed: Bool {
        if case .closed = state { true } else { false }
    }

    var isAwaitingAnswer: Bool {
        if case .awaitingAnswer = state { true } else { false }
    }

    /// The journal entry of the response under way, to mark if the client goes away.
    var responseSequence: Int? {
        if case .responding(let plan, _) = state { plan.sequence } else { nil }
    }

    // MARK: Events

    /// Bytes of a request came: the first one starts the header timeout.
    mutating func bytesArrived(now: Instant) {
        if case .reading(let idleSince, nil, let continuedHead) = state {
            state = .reading(idleSince: idleSince, firstByte: now, continuedHead: continuedHead)
        }
    }

    mutating func peerHungUp() { peerClosed = true }

    /// A request (or a refusal of a malformed one) is answered by `plan`, on the loop.
    mutating func respond(_ plan: ResponsePlan) {
        precondition(!isClosed, "a closed connection has no response")
        state = .responding(plan, pauseUntil: nil)
    }

    /// A request is handed to another thread; `answered` follows.
    mutating func handOff() {
        state = .awaitingAnswer
    }

    /// The answer of a request handed off came back.
    mutating func answered(_ plan: ResponsePlan) {
        guard isAwaitingAnswer else { return }
        state = .responding(plan, pauseUntil: nil)
    }

    /// Whether a `100 Continue` is due for the head ending at `headEnd` (a client that sent
    /// `Expect: 100-continue` waits for it before sending its body): once per head.
    mutating func shouldContinue(headEnd: Int) -> Bool {
        guard case .reading(let idleSince, let firstByte, let continued) = state, continued != headEnd else {
            return false
        }
        state = .reading(idleSince: idleSince, firstByte: firstByte, continuedHead: headEnd)
        return true
    }

    /// Marks the connection closed; false when it was already.
    mutating func close() -> Bool {
        if isClosed { return false }
        state = .closed
        return true
    }

    // MARK: The response's steps

    /// What the loop does for the response's next step.
    enum StepAction: Equatable {
        /// Write these bytes, then ask for the next step once they are out.
        case write(Data)
        /// Record the status in the journal entry, then ask for the next step.
        case record(sequence: Int, status: Int)
        /// Ask for the next step (a pause ended, or a step with nothing to do).
        case proceed
        /// The response is over and the connection stays open: read the next request.
        case readNext
        /// Wait: for a timer (`deadline`) or for the client to go away.
        case wait
        /// Close after what was written, or with a TCP reset.
        case close
        case reset
        /// The client left before the end: mark the journal entry, close.
        case wentAway(sequence: Int?)
    }

    /// Takes the response's next step; `inputIsEmpty` says whether bytes of another request came.
    mutating func nextStep(now: Instant, inputIsEmpty: Bool) -> StepAction {
        guard case .responding(var plan, let pauseUntil) = state else { return .wait }
        guard plan.next < plan.steps.count else {
            guard plan.keepAlive else { return .close }
            state = .reading(idleSince: now, firstByte: inputIsEmpty ? nil : now, continuedHead: nil)
            return .readNext
        }
        let action: StepAction
        switch plan.steps[plan.next] {
        case .write(let data):
            action = .write(data)
        case .record(let status):
            action = plan.sequence.map { .record(sequence: $0, status: status) } ?? .proceed
        case .pause(let milliseconds):
            if peerClosed { return .wentAway(sequence: plan.sequence) }
            guard let until = pauseUntil else {
                state = .responding(plan, pauseUntil: now + .milliseconds(milliseconds))
                return .wait
            }
            guard now >= until else { return .wait }
            action = .proceed
        case .reset:
            return .reset
        case .close:
            return .close
        case .stall:
            return peerClosed ? .wentAway(sequence: plan.sequence) : .wait
        }
        plan.next += 1
        state = .responding(plan, pauseUntil: nil)
        return action
    }

    // MARK: Time

    /// The server's bounds on a client's waits (`MockServer.Configuration`).
    struct Timeouts {
        var idle: Duration
        var header: Duration
        var write: Duration
    }

    /// When the connection's wait ends, if it is bounded: the write timeout while the client takes
    /// nothing, the end of a pause, the header timeout of a request under way, the idle timeout.
    func deadline(writingSince blockedSince: Instant?, _ timeouts: Timeouts) -> Instant? {
        if let blockedSince { return blockedSince + timeouts.write }
        switch state {
        case .responding(_, let pauseUntil): return pauseUntil
        case .awaitingAnswer, .closed: return nil
        case .reading(let idleSince, let firstByte, _):
            return firstByte.map { $0 + timeouts.header } ?? idleSince + timeouts.idle
        }
    }

    /// What a deadline that came due means.
    enum Expiry: Equatable {
        /// The client takes nothing of the response: abandon it, reset the connection.
        case abandonWrite
        /// A pause is over: go on with the response.
        case resume
        /// The request under way did not come whole within the header timeout: answer 408.
        case headerTimeout
        /// Idle too long: close.
        case idle
    }

    func expiry(writing: Bool) -> Expiry? {
        if writing { return .abandonWrite }
        switch state {
        case .responding: return .resume
        case .reading(_, let firstByte, _): return firstByte == nil ? .idle : .headerTimeout
        case .awaitingAnswer, .closed: return nil
        }
    }
}
