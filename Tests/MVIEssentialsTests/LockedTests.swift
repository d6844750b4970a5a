import Dispatch
import MVIEssentials
import Testing

@Suite struct LockedTests {
    private struct Refused: Error, Equatable { let value: Int }

    /// Compiles only for a `Sendable` type.
    private func sendable<T: Sendable>(_: T.Type) -> Bool { true }

    /// `Locked` is `Sendable` where its value is (a box of a non-`Sendable` value is not: the
    /// compiler refuses to send it, which ArchitectureTests checks in the source).
    @Test func aBoxOfASendableValueIsSendable() {
        #expect(sendable(Locked<Int>.self) && sendable(Locked<[String: [Int]]>.self))
    }

    @Test func concurrentUpdatesAreNotLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in counter.withLock { $0 += 1 } }
        #expect(counter.withLock { $0 } == 1_000)
    }

    @Test func aTypedErrorLeavesTheBodyAsItIsAndKeepsItsType() {
        let box = Locked([1])
        #expect(throws: Refused(value: 2)) {
            try box.withLock { (values: inout [Int]) throws(Refused) in
                values.append(2)
                throw Refused(value: values.count)
            }
        }
        // The change made before the throw stays: the lock guards, it does not roll back.
        #expect(box.withLock { $0 } == [1, 2])
    }
}

@Suite struct CancellationTests {
    @Test func theHandlerRunsOnceWhateverTheNumberOfCalls() {
        let calls = Locked(0)
        let cancellation = Cancellation { calls.withLock { $0 += 1 } }
        #expect(!cancellation.isCancelled)
        DispatchQueue.concurrentPerform(iterations: 100) { _ in cancellation.cancel() }
        #expect(cancellation.isCancelled)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func withoutAHandlerItOnlyRecordsTheCancel() {
        let cancellation = Cancellation()
        cancellation.cancel()
        cancellation.cancel()
        #expect(cancellation.isCancelled)
    }
}
