import Foundation
import MVIEssentials
import MVITestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `mvi-demo` executable built next to the tests (`swift build --build-tests` builds it).
func demoExecutable() -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("mvi-demo") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// The package's root folder (where `Fixtures/` is).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A detached tmux session of a fixed size running one command, on a tmux server of its own
/// (its own socket, no configuration file), so that a person's tmux is never touched.
final class TmuxSession {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The longest wait for a screen: the subject is a real terminal on a loaded machine.
    static let timeout: Duration = .seconds(60)

    let socket = "mvi-demo-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    let target = "demo"

    /// Starts `command` (a shell command line) in a `columns` x `rows` window.
    init(columns: Int, rows: Int, command: String) throws {
        // The server tmux forks keeps every descriptor it inherits, and Foundation's `Process`
        // waits until the one it watches a child with is closed everywhere: the shell closes all
        // but the standard three before it becomes tmux (bash: dash cannot name descriptors past 9).
        let quoted = [
            "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)",
            command,
        ]
        .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let start = Process()
        start.executableURL = URL(fileURLWithPath: "/bin/bash")
        start.arguments = [
            "-c",
            "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; exec '\(Self.tmux ?? "tmux")' \(quoted)",
        ]
        start.standardInput = FileHandle.nullDevice
        start.standardOutput = FileHandle.nullDevice
        start.standardError = FileHandle.nullDevice
        // The child inherits the calling thread's signal mask, and the testing library's threads
        // block nearly every signal: a tmux server that never sees SIGCHLD never finishes a
        // `kill-server`. The mask is cleared for the spawn and put back after.
        var none = sigset_t()
        var kept = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &kept)
        defer { pthread_sigmask(SIG_SETMASK, &kept, nil) }
        try start.run()
        start.waitUntilExit()
    }

    deinit { _ = try? run(["kill-server"]) }

    /// Runs tmux on this session's server and returns its standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tmux ?? "tmux")
        process.arguments = ["-L", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Types keys by their tmux names (`Enter`, `C-t`, `Down`).
    func press(_ keys: String...) throws { try run(["send-keys", "-t", target] + keys) }

    /// Types `text` literally.
    func type(_ text: String) throws { try run(["send-keys", "-t", target, "-l", text]) }

    /// The screen's text, trailing spaces cut from each line.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", target]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// A tmux format's value for the pane (`#{alternate_on}`).
    func pane(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Polls the screen until `done` holds for it, or the timeout; returns the last screen.
    @discardableResult
    func waitFor(_ what: String, _ done: (String) -> Bool) throws -> String {
        let (met, last) = try poll(done)
        if !met { Issue.record("timed out waiting for \(what); the screen was:\n\(last)") }
        return last
    }

    /// Reads the screen every tenth of a second until `done` holds for it or the timeout: it waits
    /// on wall time because the subject is a real process in a real terminal.
    private func poll(_ done: (String) -> Bool) throws -> (met: Bool, last: String) {
        let deadline = ContinuousClock.now + Self.timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = try screen()
            if done(last) { return (true, last) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return (false, last)
    }

    /// The screen once it has stayed the same for half a second (or the timeout): what a missing
    /// golden is written from.
    func settledScreen() throws -> String {
        let deadline = ContinuousClock.now + Self.timeout
        var last = try screen()
        var since = ContinuousClock.now
        while ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let shown = try screen()
            if shown != last {
                last = shown
                since = ContinuousClock.now
            } else if since.duration(to: .now) >= .milliseconds(500) {
                return shown
            }
        }
        return last
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    func waitFor(text: String) throws -> String { try waitFor("\"\(text)\"") { $0.contains(text) } }

    /// Waits until the screen is the golden `Screens/<name>.txt`, and fails with both when it
    /// never is. With `DEMO_RECORD=1` (never under CI) a missing golden is written from the screen.
    func expectScreen(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = packageRoot.appendingPathComponent("Tests/DemoAppTests/Screens/\(name).txt")
        guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
            let recording =
                ProcessInfo.processInfo.environment["DEMO_RECORD"] == "1" && !ContinuousIntegration.isActive()
            let shown = try settledScreen()
            if recording {
                try (shown + "\n").write(to: file, atomically: true, encoding: .utf8)
            } else {
                Issue.record(
                    "no golden \(file.path); run with DEMO_RECORD=1 to write it from:\n\(shown)",
                    sourceLocation: sourceLocation)
            }
            return
        }
        let expected = String(golden.dropLast())
        let (met, shown) = try poll { $0 == expected }
        if met { return }
        Issue.record(
            "the screen never became Screens/\(name).txt:\n--- expected\n\(expected)\n--- shown\n\(shown)",
            sourceLocation: sourceLocation)
    }
}
