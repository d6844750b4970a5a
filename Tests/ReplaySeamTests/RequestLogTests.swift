import Dispatch
import FixtureFormat
import Foundation
import ReplaySeam
import Testing

/// An answer as a feature's response codec decodes it when the scenario is read.
private struct Body: ReplayAnswer, Equatable {
    let text: String
    var echo: String { "body \(text)" }
}

/// An answer of another feature's type.
private struct Other: ReplayAnswer {
    var echo: String { "other" }
}

/// The answers a request's delivery handed over (a delivery may run on any thread).
private final class Delivered: @unchecked Sendable {  // `bodies` is guarded by `lock`
    private let lock = NSLock()
    private var bodies: [Body] = []
    func append(_ body: Body) { lock.withLock { bodies.append(body) } }
    var values: [Body] { lock.withLock { bodies } }
}

/// The replay's request log: numbered requests, one cancel line per request whatever the thread.
@Suite struct RequestLogTests {
    @Test func cancellingFromManyThreadsAtOnceRecordsOneCancel() {
        let output = OutputLog()
        let log = RequestLog(output: output)
        let handles = (0..<8).map { index in log.open("load(\(index))") { (_: Body) in } }
        DispatchQueue.concurrentPerform(iterations: 800) { iteration in handles[iteration % handles.count].cancel() }
        let outputs = output.take()
        #expect(outputs.filter { if case .request = $0 { true } else { false } }.count == 8)
        let cancels = outputs.compactMap { output -> Int? in if case .cancel(let id) = output { id } else { nil } }
        #expect(cancels.sorted() == Array(1...8))
    }

    @Test func aCancelledRequestMayBeAnsweredOnce() throws {
        let output = OutputLog()
        let log = RequestLog(output: output)
        let delivered = Delivered()
        log.open("load") { (answer: Body) in delivered.append(answer) }.cancel()
        try log.respond(1, with: Body(text: "x"), line: 3)()
        #expect(delivered.values == [Body(text: "x")])
        #expect(throws: FieldError(field: "request", "request #1 was already answered at line 3")) {
            try log.respond(1, with: Body(text: "x"), line: 4)
        }
        #expect(throws: FieldError(field: "request", "request #2 was never made (requests #1...#1 so far)")) {
            try log.respond(2, with: Body(text: "x"), line: 5)
        }
    }

    @Test func anAnswerOfAnotherTypeIsRefusedAndLeavesTheRequestOpen() throws {
        let log = RequestLog(output: OutputLog())
        let delivered = Delivered()
        _ = log.open("load") { (answer: Body) in delivered.append(answer) }
        #expect(throws: FieldError(field: "request", "request #1 takes another kind of answer than Other")) {
            try log.respond(1, with: Other(), line: 3)
        }
        try log.respond(1, with: Body(text: "ok"), line: 4)()
        #expect(delivered.values == [Body(text: "ok")])
    }
}
