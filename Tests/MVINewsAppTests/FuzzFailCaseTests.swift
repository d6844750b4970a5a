import Foundation
import MVINavigation
import MVINewsApp
import Testing

/// The links `FuzzDeepLink` (FuzzTesting/, docs/fuzzing.md) found, replayed without the fuzzer:
/// each file of FuzzTesting/FailCases/FuzzDeepLink/ through the target's oracle, with the News
/// app's grammar: a link that reads prints a link that reads as the same state, or is refused as
/// too long; a refused link's error points inside it.
@Suite struct FuzzFailCaseTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/FailCases/FuzzDeepLink")
    let grammar = NewsDeepLinks.grammar()

    static func link(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test func everyLinkReadPrintsBackOrIsRefusedAsTooLong() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let link = try Self.link(name)
            guard let state = try? grammar.parse(link) else { continue }
            let printed: String
            do {
                printed = try grammar.link(for: state)
            } catch {
                guard case .tooLong(_, let length, let limit) = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                #expect(length > limit && limit == grammar.maxLength, "\(name)")
                continue
            }
            #expect(try grammar.parse(printed) == state, "\(name)")
            #expect(try grammar.link(for: grammar.parse(printed)) == printed, "\(name)")
        }
    }

    /// A search of 2,031 characters with one `!`: the link has 2,047 characters and reads, but
    /// prints with `%21`, 2,049 characters, which the grammar would refuse to read. Printing refuses it.
    @Test func aPrintedLinkOverTheLimitIsRefused() throws {
        let link = try Self.link("printed-link-over-the-limit.txt")
        #expect(link.count == 2047)
        let state = try grammar.parse(link)
        guard case .search(let query) = state.top else {
            Issue.record("not a search: \(state)")
            return
        }
        #expect(
            throws: DeepLinkPrintError<NewsRoute>.tooLong(NewsRoute.search(query: query), length: 2049, limit: 2048)
        ) {
            try grammar.link(for: state)
        }
        #expect(
            throws: DeepLinkPrintError<NewsRoute>.tooLong(NewsRoute.search(query: query), length: 2049, limit: 2048)
        ) {
            try grammar.link(for: state.top)
        }
        // One character less in the query, and the link prints within the limit and reads back.
        let shorter = NavigationState<NewsRoute>(root: .top, path: [.search(query: String(query.dropFirst()))])
        #expect(try grammar.parse(grammar.link(for: shorter)) == shorter)
    }
}
