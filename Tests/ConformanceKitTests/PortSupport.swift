import ConformanceKit
import Foundation
import ReferenceFeatures
import ReplaySeam

/// Ports for the protocol tests: the Python port from `Ports/python`, wrapped to misbehave in one
/// scenario, or copied with one rule changed. Their subject is a real child process, so they run
/// with generous timeouts and never sleep themselves.
enum PortFixtures {
    static let root = FixtureCatalog.packageRoot
    /// The whole corpus, which the Python port must pass.
    static let corpus = FixtureCatalog(root: root.appendingPathComponent("Fixtures"))
    /// The protocol tests' own scenarios (copies of three corpus scenarios under their own ids), so
    /// that a change to a corpus golden fails the corpus tests alone, not these as well.
    static let fixtures = root.appendingPathComponent("Tests/ConformanceKitTests/PortFixtures")
    static let catalog = FixtureCatalog(root: fixtures)
    static let pythonPort = root.appendingPathComponent("Ports/python")

    /// `python3` on PATH, which the Python port needs.
    static let python: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The catalog entries with these ids, in this order.
    static func entries(_ ids: [String], in catalog: FixtureCatalog = catalog) throws -> [FixtureCatalog.Entry] {
        let all = try catalog.entries()
        return ids.compactMap { id in all.first { $0.id == id } }
    }

    /// Runs `ids` against the port `command` started in the package root.
    static func run(
        _ command: String, _ ids: [String], timeout: Double = 60, expected: ExpectedFailures = ExpectedFailures(),
        catalog: FixtureCatalog = catalog
    ) throws -> RunReport {
        let runner = ConformanceRunner(
            catalog: catalog, features: .reference, isCI: true, timeout: timeout, expectedFailures: expected)
        return runner.run(
            try entries(ids, in: catalog), on: AdapterImplementation(command: command, directory: root),
            command: command)
    }

    /// The command that starts the Python port.
    static var portCommand: String { "python3 -B \(quoted(pythonPort.appendingPathComponent("port.py").path))" }

    /// A port that behaves like the Python port except in scenario `target`, where it does `mode`:
    /// `hang` (never answers), `crash` (writes to stderr and exits 3), `garbage` (answers a line
    /// that is not JSON), `wrong-seq` (answers with another sequence number), `skip` (answers
    /// `skipped`), or `error` (answers `errored` at step 2, and refuses to be started a second time).
    static func misbehaving(_ mode: String, in target: String) throws -> String {
        let script = try temporaryDirectory().appendingPathComponent("misbehave.py")
        try misbehaveScript.write(to: script, atomically: true, encoding: .utf8)
        return "python3 -B \(quoted(script.path)) \(mode) \(target) \(quoted(pythonPort.path))"
    }

    /// A copy of the Python port with `original` replaced by `replacement` in `file`; throws when
    /// `original` is not there, so the copy is really broken.
    static func brokenCopy(file: String, replacing original: String, with replacement: String) throws -> String {
        let copy = try temporaryDirectory().appendingPathComponent("python")
        try FileManager.default.copyItem(at: pythonPort, to: copy)
        let url = copy.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.components(separatedBy: original).count == 2 else {
            throw CatalogError(message: "\(file) does not hold exactly one \(original.debugDescription)")
        }
        try text.replacingOccurrences(of: original, with: replacement).write(to: url, atomically: true, encoding: .utf8)
        return "python3 -B \(quoted(copy.appendingPathComponent("port.py").path))"
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static let misbehaveScript = #"""
        import json, os, sys, threading
        mode, target, port = sys.argv[1], sys.argv[2], sys.argv[3]
        sys.path.insert(0, port)
        from mviport.protocol import serve

        current = {"bad_seq": False}

        if mode == "error":
            # Started once only: a restarted port (a second process) refuses to run.
            marker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "started")
            if os.path.exists(marker):
                sys.exit(9)
            open(marker, "w").close()

        class Out:
            def write(self, text):
                if current["bad_seq"]:
                    reply = json.loads(text)
                    reply["seq"] += 100
                    text = json.dumps(reply) + "\n"
                    current["bad_seq"] = False
                sys.stdout.write(text)

            def flush(self):
                sys.stdout.flush()

        def lines():
            for line in sys.stdin:
                message = json.loads(line)
                if message.get("cmd") == "run" and message["header"]["id"] == target:
                    if mode == "skip":
                        sys.stdout.write(json.dumps({"seq": message["seq"], "skipped": {"message": "not yet", "issue": "#7"}}) + "\n")
                        sys.stdout.flush()
                        continue
                    if mode == "hang":
                        threading.Event().wait()
                    if mode == "crash":
                        sys.stderr.write("boom: the port fell over at step 2\n")
                        sys.stderr.flush()
                        os._exit(3)
                    if mode == "garbage":
                        sys.stdout.write("hello, this is not JSON\n")
                        sys.stdout.flush()
                        continue
                    if mode == "wrong-seq":
                        current["bad_seq"] = True
                    if mode == "error":
                        errored = {"step": 2, "message": "cannot do step 2"}
                        sys.stdout.write(json.dumps({"seq": message["seq"], "errored": errored}) + "\n")
                        sys.stdout.flush()
                        continue
                yield line

        sys.exit(serve(lines(), Out()))
        """#
}

extension RunReport {
    /// The result of scenario `id`.
    func result(_ id: String) -> ScenarioResult? { results.first { $0.id == id } }
}
