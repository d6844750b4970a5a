import CommandLineSupport
import Foundation
import MockHTTPServer
import Testing

/// `mock-server` as a command in process: its options read once into `MockServerCommand`, and its
/// run's lines, statuses and errors through its IO, as the conformance command's tests run it.
@Suite struct MockServerCommandTests {
    /// The command's run in process: its status and what it wrote; `whileServing` runs in place
    /// of the wait for a stop signal.
    private final class Run {
        var out = ""
        var err = ""
        var status: Int32 = -1

        init(_ arguments: [String], whileServing: @escaping (String) -> Void = { _ in }) {
            let io = MockServerCommand.IO(
                out: { self.out += $0 }, err: { self.err += $0 }, waitForStop: { whileServing(self.out) })
            status = MockServerCommand.run(arguments, io: io)
        }
    }

    private static func options(_ arguments: [String]) throws -> MockServerCommand {
        guard case .run(let parsed) = try MockServerCommand.spec.parse(arguments) else {
            throw UsageError(command: "test", "not a run")
        }
        return try MockServerCommand(parsed)
    }

    @Test func theOptionsHoldTheTypedValues() throws {
        let options = try Self.options([
            "--port", "0", "--news-api-keys", "a, b", "--idle-timeout", "0.5", "--news-request-limit", "3",
        ])
        #expect(options.port == 0 && options.host == "127.0.0.1")
        #expect(options.newsAPI.accepted == ["a", "b"] && options.newsAPI.requestLimit == 3)
        #expect(options.idleTimeout == .milliseconds(500) && options.headerTimeout == .seconds(10))
        #expect(options.journal == JournalLimits(maxEntries: 10_000, maxBodyBytes: 65_536))
        #expect(options.proxy == nil)
        #expect(
            throws: UsageError(
                command: "mock-server", "--record needs --proxy UPSTREAM: it records what the upstream answers")
        ) {
            try Self.options(["--record", "/tmp/r"])
        }
    }

    @Test func itServesUntilToldToStopAndSaysWhereItListened() throws {
        var health: Int?
        let run = Run(["--port", "0"]) { lines in
            guard let first = lines.split(separator: "\n").first, first.hasPrefix("listening on "),
                let base = URL(string: String(first.dropFirst("listening on ".count)))
            else { return }
            health = get(base.appendingPathComponent("__admin/health"))?.status
        }
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("listening on http://127.0.0.1:"), "\(run.out)")
        #expect(run.out.hasSuffix("\nstopped\n"), "\(run.out)")
        #expect(health == 200)
    }

    @Test func aBadStubsFolderIsAUsageErrorAndHelpGoesToOut() throws {
        let run = Run(["--port", "0", "--stubs", "/nonexistent/stubs"])
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("mock-server: --stubs: "), "\(run.err)")
        #expect(run.err.hasSuffix("\nRun 'mock-server --help' for usage.\n"), "\(run.err)")
        #expect(run.out.isEmpty, "nothing served: \(run.out)")
        let help = Run(["--help"])
        #expect(help.status == 0 && help.out.hasPrefix("USAGE: mock-server [options]") && help.err.isEmpty)
    }
}
