import Foundation
import Testing

@testable import MockHTTPServer

/// The connection's state machine alone, without a socket: what each event leads to, and what
/// each step of a response asks the loop to do.
@Suite struct ConnectionStateMachineTests {
    let start: ConnectionStateMachine.Instant = .seconds(100)
    let timeouts = ConnectionStateMachine.Timeouts(idle: .seconds(30), header: .seconds(10), write: .seconds(5))

    @Test func aKeepAliveResponseWritesRecordsPausesThenReadsTheNextRequest() {
        var machine = ConnectionStateMachine(now: start)
        let head = Data("HTTP/1.1 200 OK\r\n\r\n".utf8)
        machine.respond(
            ResponsePlan([.record(status: 200), .pause(milliseconds: 50), .write(head)], sequence: 7, keepAlive: true))
        #expect(machine.nextStep(now: start, inputIsEmpty: true) == .record(sequence: 7, status: 200))
        #expect(machine.nextStep(now: start, inputIsEmpty: true) == .wait, "the pause starts")
        #expect(machine.deadline(writingSince: nil, timeouts) == start + .milliseconds(50))
        #expect(machine.nextStep(now: start + .milliseconds(49), inputIsEmpty: true) == .wait)
        #expect(machine.expiry(writing: false) == .resume)
        #expect(machine.nextStep(now: start + .milliseconds(50), inputIsEmpty: true) == .proceed, "the pause is over")
        #expect(machine.nextStep(now: start + .milliseconds(50), inputIsEmpty: true) == .write(head))
        let later = start + .seconds(1)
        #expect(machine.nextStep(now: later, inputIsEmpty: false) == .readNext)
        // Bytes of the next request came meanwhile: its header timeout runs from the response's end.
        #expect(machine.deadline(writingSince: nil, timeouts) == later + .seconds(10))
        #expect(machine.expiry(writing: false) == .headerTimeout)
    }

    @Test func aResponseWithoutKeepAliveCloses() {
        var machine = ConnectionStateMachine(now: start)
        machine.respond(ResponsePlan([], keepAlive: false))
        #expect(machine.nextStep(now: start, inputIsEmpty: true) == .close)
        let first = machine.close()
        let second = machine.close()
        #expect(first && !second, "closed once")
        #expect(machine.isClosed && machine.deadline(writingSince: nil, timeouts) == nil)
    }

    @Test func aClientThatLeavesDuringAPauseOrAStallIsRecordedAsGone() {
        for step in [ResponsePlan.Step.pause(milliseconds: 10), .stall] {
            var machine = ConnectionStateMachine(now: start)
            machine.respond(ResponsePlan([step], sequence: 3, keepAlive: true))
            #expect(machine.nextStep(now: start, inputIsEmpty: true) == .wait)
            machine.peerHungUp()
            #expect(machine.nextStep(now: start, inputIsEmpty: true) == .wentAway(sequence: 3))
            #expect(machine.responseSequence == 3)
        }
    }

    @Test func resetAndCloseStepsEndTheConnection() {
        var machine = ConnectionStateMachine(now: start)
        machine.respond(ResponsePlan([.reset], keepAlive: true))
        #expect(machine.nextStep(now: start, inputIsEmpty: true) == .reset)
        machine.respond(ResponsePlan([.close], keepAlive: true))
        #expect(machine.nextStep(now: start, inputIsEmpty: true) == .close)
    }

    @Test func theIdleAndHeaderTimeoutsFollowTheFirstByte() {
        var machine = ConnectionStateMachine(now: start)
        #expect(machine.deadline(writingSince: nil, timeouts) == start + .seconds(30))
        #expect(machine.expiry(writing: false) == .idle)
        machine.bytesArrived(now: start + .seconds(2))
        machine.bytesArrived(now: start + .seconds(3))
        #expect(
            machine.deadline(writingSince: nil, timeouts) == start + .seconds(12), "the first byte counts, not the last"
        )
        #expect(
            machine.deadline(writingSince: start + .seconds(4), timeouts) == start + .seconds(9),
            "a blocked write bounds first")
        #expect(machine.expiry(writing: true) == .abandonWrite)
    }

    @Test func aContinueIsSentOncePerHead() {
        var machine = ConnectionStateMachine(now: start)
        let answers = [40, 40, 80].map { machine.shouldContinue(headEnd: $0) }
        #expect(answers == [true, false, true])
    }

    @Test func aRequestHandedOffWaitsUnboundedForItsAnswer() {
        var machine = ConnectionStateMachine(now: start)
        machine.bytesArrived(now: start)
        machine.handOff()
        #expect(
            machine.isAwaitingAnswer && machine.deadline(writingSince: nil, timeouts) == nil
                && machine.expiry(writing: false) == nil)
        #expect(machine.nextStep(now: start, inputIsEmpty: true) == .wait)
        machine.answered(ResponsePlan([.write(Data("x".utf8))], keepAlive: true))
        #expect(machine.nextStep(now: start, inputIsEmpty: true) == .write(Data("x".utf8)))
        #expect(machine.nextStep(now: start + .seconds(1), inputIsEmpty: true) == .readNext)
        #expect(machine.deadline(writingSince: nil, timeouts) == start + .seconds(31), "idle from the answer's end")
    }
}
