import Foundation
import Testing

@testable import ConformanceFuzzing
@testable import ConformanceKit

/// The mutations of the Python port, as Ports/python/mutations.txt lists them: one line each,
/// `name  feature  what changes  (page, section)`, with a last word `uncaught-by-corpus` for a
/// mutation no corpus scenario catches. Blank lines and lines starting with `#` are comments.
struct MutationList {
    struct Mutation: Sendable, CustomStringConvertible {
        let name: String
        let feature: String
        /// The docs page the rule is on, as cited (`kittens.md`).
        let page: String
        /// False when the line ends with `uncaught-by-corpus`.
        let caughtByCorpus: Bool
        var description: String { name }
    }

    static let mark = "uncaught-by-corpus"
    static let url = PortFixtures.pythonPort.appendingPathComponent("mutations.txt")

    var mutations: [Mutation] = []
    /// Lines that are no mutation, each as `mutations.txt:N: what is wrong`.
    var problems: [String] = []

    init(_ text: String) {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            if let mutation = Self.mutation(trimmed, problem: { problems.append("mutations.txt:\(index + 1): \($0)") })
            {
                mutations.append(mutation)
            }
        }
    }

    static let list: MutationList = MutationList((try? String(contentsOf: url, encoding: .utf8)) ?? "")

    private static func mutation(_ line: String, problem: (String) -> Void) -> Mutation? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let caught = words.last != mark
        guard words.count >= 3, let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")"), open < close
        else {
            problem("expected `name  feature  what changes  (page, section)`, found \(line.debugDescription)")
            return nil
        }
        let rule = line[line.index(after: open)..<close]
        guard let page = rule.split(separator: ",").first.map(String.init), page.hasSuffix(".md") else {
            problem("the rule \(String(rule).debugDescription) names no docs page (`page.md, section`)")
            return nil
        }
        let after = line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard after.isEmpty || after == mark else {
            problem("after the rule, only \(mark) may follow, found \(after.debugDescription)")
            return nil
        }
        return Mutation(name: words[0], feature: words[1], page: page, caughtByCorpus: caught)
    }
}

/// Subject: the Python port with each mutation of Ports/python/mutations.txt switched on, in a child
/// process. The corpus must catch each one not marked `uncaught-by-corpus` (and none that is), and
/// the fuzzer must catch every one and shrink it to 8 steps or fewer within 60 seconds (docs/fuzzing.md).
@Suite(
    .requires(PortFixtures.python != nil, "the Python port needs python3 on PATH"),
    .disabled(
        if: FuzzerTests.underSanitizer,
        "runs in the plain test stage: under a sanitizer it checks the port, not our memory"))
struct MutationTests {
    typealias Mutation = MutationList.Mutation
    static let mutations = MutationList.list.mutations

    @Test func theListReadsAndCoversEveryFeatureWithRulesFromTheDocs() throws {
        let list = MutationList.list
        #expect(list.problems.isEmpty, "\(list.problems)")
        #expect((8...10).contains(list.mutations.count), "\(list.mutations.count) mutations")
        let features = Set(try PortFixtures.corpus.entries().map(\.feature))
        #expect(
            Set(list.mutations.map(\.feature)) == features,
            "each feature has a mutation, and no other name is a feature")
        #expect(Set(list.mutations.map(\.name)).count == list.mutations.count, "names are unique")
        let docs = PortFixtures.root.appendingPathComponent("docs")
        for mutation in list.mutations {
            let cited = [docs, docs.appendingPathComponent("features")].map {
                $0.appendingPathComponent(mutation.page).path
            }
            #expect(
                cited.contains { FileManager.default.fileExists(atPath: $0) },
                "\(mutation.name): no docs page \(mutation.page)")
        }
    }

    @Test func aListLineThatIsNoMutationIsNamedByItsLine() {
        let list = MutationList(
            """
            # a comment
            good  kittens  a change  (kittens.md, "Store")
            no-rule  kittens  a change
            not-a-page  timer  a change  (somewhere)
            marked  news  a change  (news.md, "Search")  uncaught-by-corpus
            trailing  news  a change  (news.md, "Search")  later
            """)
        #expect(list.mutations.map(\.name) == ["good", "marked"])
        #expect(list.mutations.map(\.caughtByCorpus) == [true, false])
        #expect(list.problems.count == 3)
        #expect(list.problems.first?.hasPrefix("mutations.txt:3: expected `name  feature") == true, "\(list.problems)")
        #expect(
            list.problems.dropFirst().first
                == "mutations.txt:4: the rule \"somewhere\" names no docs page (`page.md, section`)")
        #expect(
            list.problems.last == "mutations.txt:6: after the rule, only uncaught-by-corpus may follow, found \"later\""
        )
    }

    @Test func theListNamesTheMutationsThePortKnows() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "MVI_PORT_MUTATION=no-such-mutation \(PortFixtures.portCommand)"]
        process.currentDirectoryURL = PortFixtures.root
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.hasPrefix("port: MVI_PORT_MUTATION=no-such-mutation is not a mutation; known: "), "\(text)")
        #expect(text.filter { $0 == "\n" }.count == 1, "one line: \(text)")
        let known = text.components(separatedBy: "known: ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        #expect(known.components(separatedBy: ", ") == Self.mutations.map(\.name), "\(text)")
    }

    /// Each mutation replays its feature's corpus scenarios: at least one fails unless the list marks
    /// it `uncaught-by-corpus`, and then none may (a scenario that starts catching it removes the mark).
    @Test(arguments: mutations)
    func theCorpusCatchesEachMutationNotMarkedUncaught(mutation: Mutation) throws {
        let ids = try PortFixtures.corpus.entries().filter { $0.feature == mutation.feature }.map(\.id)
        try #require(!ids.isEmpty, "no corpus scenario of \(mutation.feature)")
        let run = try PortFixtures.run(command(mutation), ids, catalog: PortFixtures.corpus)
        #expect(run.implementation != nil, "the port started with \(mutation.name)")
        // A scenario fails (its transcript differs) or errors (it answers a request the mutated port never made).
        let failed = run.failing.map(\.id)
        if mutation.caughtByCorpus {
            #expect(
                !failed.isEmpty,
                "no \(mutation.feature) scenario catches \(mutation.name): mark it \(MutationList.mark)")
        } else {
            #expect(
                failed.isEmpty,
                "\(mutation.name) is marked \(MutationList.mark), yet \(failed) catch it: remove the mark")
        }
    }

    @Test(arguments: mutations)
    func eachMutationIsCaughtAndShrunkToAFewSteps(mutation: Mutation) throws {
        let port = AdapterImplementation(command: command(mutation), directory: PortFixtures.root)
        defer { port.stop() }
        let fuzzer = FuzzerTests.fuzzer(port: port, maxSteps: 40)
        let until = Date().addingTimeInterval(60)
        var finding: Fuzzer.Finding?
        var seed: UInt64 = 1
        while finding == nil, Date() < until {
            finding = fuzzer.check(feature: mutation.feature, seed: seed, shrinkFor: max(1, until.timeIntervalSinceNow))
            seed += 1
        }
        let found = try #require(finding, "\(mutation.name) was not caught in 60 s (\(seed - 1) scenarios)")
        #expect(found.failure.kind == .diverged)
        #expect(found.shrunk.count <= 8, "\(mutation.name): \(found.shrunk.count) steps")
    }

    private func command(_ mutation: Mutation) -> String {
        "MVI_PORT_MUTATION=\(mutation.name) \(PortFixtures.portCommand)"
    }
}
