import Foundation
import Testing

@testable import ConformanceKit

/// Subject: the corpus replayed on several lanes at once (`conformance run --jobs N`, the default
/// on more than one core) gives what one lane gives, byte for byte: every transcript, the JSON and
/// the JUnit reports (their wall-clock durations aside), and the results told in the corpus's
/// order. Run under the thread sanitizer, it is also the check that the features share no state
/// between scenarios.
@Suite struct ParallelReplayTests {
    /// The corpus's report, its durations set to zero: the one part a run's timing decides.
    static func report(lanes: Int) throws -> (report: RunReport, told: [String]) {
        let catalog = try #require(Corpus.catalog)
        let runner = ConformanceRunner(
            catalog: catalog, features: TestFeatures.replayer.features, recordMode: .never, isCI: true)
        var told: [String] = []
        let features = runner.features
        var report = runner.run(
            Corpus.entries, lanes: lanes, make: { ReferenceImplementation(features: features) },
            progress: { told.append($0.id) })
        report.results = report.results.map { result in
            var result = result
            result.duration = 0
            return result
        }
        return (report, told)
    }

    @Test func threeLanesGiveWhatOneGivesByteForByte() throws {
        let one = try Self.report(lanes: 1)
        let three = try Self.report(lanes: 3)
        #expect(one.report.results.count == Corpus.entries.count)
        #expect(one.report.passes, "the corpus passes on one lane: \(one.report.summary)")
        #expect(three.told == Corpus.ids, "each result is told in the corpus's order")
        #expect(three.report.results.map(\.id) == Corpus.ids)
        for (a, b) in zip(one.report.results, three.report.results) where a.transcript != b.transcript {
            Issue.record("\(a.id): its transcript on three lanes differs from one lane's")
        }
        #expect(Reports.json(three.report) == Reports.json(one.report))
        #expect(Reports.junit([three.report]) == Reports.junit([one.report]))
        #expect(three.report.implementation == one.report.implementation)
    }

    @Test func moreLanesThanScenariosAndOneScenarioAreFine() throws {
        let catalog = try #require(Corpus.catalog)
        let runner = ConformanceRunner(
            catalog: catalog, features: TestFeatures.replayer.features, recordMode: .never, isCI: true)
        let features = runner.features
        let two = Array(Corpus.entries.prefix(2))
        let report = runner.run(two, lanes: 64, make: { ReferenceImplementation(features: features) })
        #expect(report.results.map(\.id) == two.map(\.id))
        #expect(report.passes)
        let none = runner.run([], lanes: 4, make: { ReferenceImplementation(features: features) })
        #expect(none.results.isEmpty)
    }
}

/// Subject: a port replayed on two lanes (`run --adapter ... --jobs 2`), each lane a process of its
/// own: the same results, in the same order, as on one.
@Suite(.enabled(if: PortFixtures.python != nil, "python3 is not on PATH")) struct ParallelPortTests {
    @Test func twoPortProcessesGiveWhatOneGives() throws {
        let runner = ConformanceRunner(catalog: PortFixtures.corpus, features: .reference, isCI: true, timeout: 60)
        let entries = try PortFixtures.corpus.entries().filter { $0.feature == "kittens" }
        let command = PortFixtures.portCommand
        let root = PortFixtures.root
        func report(lanes: Int) -> RunReport {
            var report = runner.run(
                entries, lanes: lanes, make: { AdapterImplementation(command: command, directory: root) },
                command: command)
            report.results = report.results.map { result in
                var result = result
                result.duration = 0
                return result
            }
            return report
        }
        let one = report(lanes: 1)
        let two = report(lanes: 2)
        #expect(one.passes, "\(one.summary)")
        #expect(Reports.json(two) == Reports.json(one))
        #expect(two.results.map(\.transcript) == one.results.map(\.transcript))
    }
}

/// Subject: the order lanes start items in (`Lanes.run(order:)`), and the estimate `run --jobs`
/// orders scenarios by, the most work first.
@Suite struct LaneOrderTests {
    /// Items 0 and 1 each wait for a signal that only items 2 and 3 give. Taken in the items' own
    /// order, two lanes would both wait and never be freed; in `order`, 2 and 3 start first.
    @Test func twoLanesStartTheItemsInTheOrderGiven() {
        let signals = DispatchSemaphore(value: 0)
        var told: [Int] = []
        Lanes.run(
            count: 4, lanes: 2, order: [2, 3, 0, 1], make: {},
            work: { _, index in
                if index >= 2 {
                    signals.signal()
                    return true
                }
                return signals.wait(timeout: .now() + 30) == .success
            },
            consume: { index, freed in
                #expect(freed, "item \(index) waited for a signal that never came: it started before 2 and 3")
                told.append(index)
                return true
            })
        #expect(told == [0, 1, 2, 3], "the results are told in the items' order")
    }

    @Test func theEstimateCountsEventsAndTenthsOfASecondOfVirtualTime() throws {
        let catalog = try #require(Corpus.catalog)
        let runner = ConformanceRunner(
            catalog: catalog, features: TestFeatures.replayer.features, recordMode: .never, isCI: true)
        let hour = try #require(Corpus.entries.first { $0.id == "timer/hour-longest-countdown" })
        // 11 events; their advances cover 3,659,900 ms, 36,599 tenths of a second.
        #expect(runner.read(hour).estimatedWork == 11 + 36_599)
        let missing = FixtureCatalog.Entry(
            id: "timer/missing", feature: "timer", scenarioURL: URL(fileURLWithPath: "/nonexistent/missing.jsonl"),
            goldenURL: URL(fileURLWithPath: "/nonexistent/missing.golden.txt"))
        #expect(runner.read(missing).estimatedWork == 0, "a scenario that cannot be read is started last")
    }
}
