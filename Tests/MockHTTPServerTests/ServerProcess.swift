import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `mock-server` executable next to the test bundle (SwiftPM builds every product before testing).
func mockServerExecutable() -> URL? {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("mock-server") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// A `mock-server` process, started through `/bin/sh` so a test can set limits (`ulimit -n 64`).
final class ServerProcess {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    private let exited = DispatchSemaphore(value: 0)
    /// The port from the first line, `listening on http://127.0.0.1:PORT`; nil if it did not start.
    private(set) var port: Int?

    init(arguments: [String], limit: String = "") throws {
        guard let binary = mockServerExecutable() else { throw CocoaError(.fileNoSuchFile) }
        let fixtures = FileManager.default.currentDirectoryPath + "/Fixtures"
        let quoted = ([binary.path, "--port", "0", "--fixtures", fixtures] + arguments).map { "'" + $0 + "'" }.joined(
            separator: " ")
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", (limit.isEmpty ? "" : limit + " && ") + "exec " + quoted]
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        var firstLine = Data()
        let reader = output.fileHandleForReading
        while !firstLine.contains(10) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let line = String(decoding: firstLine, as: UTF8.self).components(separatedBy: "\n")[0]
        port =
            line.hasPrefix("listening on http://127.0.0.1:")
            ? Int(line.dropFirst("listening on http://127.0.0.1:".count)) : nil
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// Waits up to `timeout` for the process to end; false (and a kill) if it did not.
    func waitForExit(timeout: TimeInterval) -> Bool {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }
        process.waitUntilExit()
        return true
    }

    /// Standard error, once the process has ended.
    var errorText: String { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
}
