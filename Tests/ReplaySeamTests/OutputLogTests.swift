import FixtureFormat
import MVIEssentials
import ReplaySeam
import Testing

/// The replay's output log in a quiet step: only the last render is kept, and a render appended
/// with its value unmade has that value made once, only if it is kept.
@Suite struct OutputLogTests {
    /// Counts the values `made` makes.
    private final class Counter: Sendable {
        let count = Locked(0)
        func made(_ number: Int) -> @Sendable () -> CanonicalValue {
            { [count] in
                count.withLock { $0 += 1 }
                return .integer(number)
            }
        }
    }

    @Test func aQuietStepMakesOnlyTheKeptRendersValue() {
        let output = OutputLog()
        let counter = Counter()
        output.setQuiet(true)
        for number in 1...5 { output.appendRender(screen: "a", counter.made(number)) }
        output.append(.rejected("late"))
        let (outputs, omitted) = output.takeStep()
        #expect(outputs == [.render(.integer(5), screen: "a"), .rejected("late")])
        #expect(omitted == 4)
        #expect(counter.count.withLock { $0 } == 1, "the four dropped renders' values are never made")
    }

    @Test func aQuietStepKeepsTheLastRenderWhicheverWayItCame() {
        let output = OutputLog()
        let counter = Counter()
        output.setQuiet(true)
        output.appendRender(screen: nil, counter.made(1))
        output.append(.render(.integer(2)))
        #expect(output.takeStep().outputs == [.render(.integer(2))])
        output.setQuiet(true)
        output.append(.render(.integer(3)))
        output.appendRender(screen: nil, counter.made(4))
        #expect(output.takeStep().outputs == [.render(.integer(4))])
        #expect(counter.count.withLock { $0 } == 1)
    }

    @Test func outsideAQuietStepEveryRenderIsKeptAndMadeAtOnce() {
        let output = OutputLog()
        let counter = Counter()
        output.appendRender(screen: nil, counter.made(1))
        #expect(counter.count.withLock { $0 } == 1)
        output.appendRender(screen: nil, counter.made(2))
        let (outputs, omitted) = output.takeStep()
        #expect(outputs == [.render(.integer(1)), .render(.integer(2))])
        #expect(omitted == 0)
    }

    @Test func aRenderKeptUnmadeStaysWhenQuietEndsWithinTheStep() {
        let output = OutputLog()
        let counter = Counter()
        output.setQuiet(true)
        output.appendRender(screen: nil, counter.made(1))
        output.setQuiet(false)
        output.appendRender(screen: nil, counter.made(2))
        #expect(output.takeStep().outputs == [.render(.integer(1)), .render(.integer(2))])
    }
}
