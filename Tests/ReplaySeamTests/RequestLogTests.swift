import FixtureFormat
import Dispatch
import ReplaySeam
import Testing

/// The replay's request log: numbered requests, one cancel line per request whatever the thread.
@Suite struct RequestLogTests {
    static let answers = ObjectCodec<String>.object(Field.required("body", JSONCodec.string)) { try $0.read(Field.required("body", JSONCodec.string)) }

    @Test func cancellingFromManyThreadsAtOnceRecordsOneCancel() {
        let output = OutputLog()
        let log = RequestLog(output: output)
        let handles = (0..<8).map { index in log.open("load(\(index))", answers: Self.answers, echo: { $0 }, deliver: { _ in }) }
        DispatchQueue.concurrentPerform(iterations: 800) { iteration in handles[iteration % handles.count].cancel() }
        let outputs = output.take()
        #expect(outputs.filter { if case .request = $0 { true } else { false } }.count == 8)
        let cancels = outputs.compactMap { output -> Int? in if case .cancel(let id) = output { id } else { nil } }
        #expect(cancels.sorted() == Array(1...8))
    }

    @Test func aCancelledRequestMayBeAnsweredOnceAndSaysSo() throws {
        let output = OutputLog()
        let log = RequestLog(output: output)
        var delivered: [String] = []
        log.open("load", answers: Self.answers, echo: { "body \($0)" }, deliver: { delivered.append($0) }).cancel()
        let reply = try log.respond(1, fields: ["body": "x"], line: 3)
        reply.deliver()
        #expect(reply.echo == "body x (after cancel)")
        #expect(delivered == ["x"])
        #expect(throws: FieldError(field: "request", "request #1 was already answered at line 3")) {
            try log.respond(1, fields: ["body": "x"], line: 4)
        }
        #expect(throws: FieldError(field: "request", "request #2 was never made (requests #1...#1 so far)")) {
            try log.respond(2, fields: ["body": "x"], line: 5)
        }
    }

    @Test func aBadAnswerLeavesTheRequestOpen() throws {
        let log = RequestLog(output: OutputLog())
        _ = log.open("load", answers: Self.answers, echo: { $0 }, deliver: { _ in })
        #expect(throws: FieldError(field: "body", "expected a string, found number")) { try log.respond(1, fields: ["body": 1], line: 3) }
        #expect(try log.respond(1, fields: ["body": "ok"], line: 4).echo == "ok")
    }
}
