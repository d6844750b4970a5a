import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port running as a child process (`/bin/sh -c <command>`, in its own process group): lines
/// written to its standard input, lines read from its standard output with a deadline (by the
/// calling thread itself, polling the pipe, so a reply costs no thread hand-off), its standard
/// error kept for messages by a reader thread.
final class PortProcess: @unchecked Sendable {
    // `buffer`, `scanned`, `lines`, `closed` and `overflow` belong to the thread that calls
    // `readLine` (one at a time); `errorText` and `errorReaderWaiting` are only touched with
    // `condition` locked.
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no newline.
    private var scanned = 0
    private var lines: [Data] = []
    private var closed = false
    private var overflow = false
    private var errorText = Data()
    /// The standard error reader is in (or about to enter) a read, or at the end, with everything before taken.
    private var errorReaderWaiting = false
    private let errorDescriptor: Int32
    private let outputDescriptor: Int32
    /// Keeps the standard output pipe's read end open while it is polled.
    private let output: FileHandle

    private let process = Process()
    private let input: FileHandle
    /// The shell command it was started with, for messages.
    let command: String

    /// The longest reply line accepted, and the most standard error kept (its tail).
    static let maximumLineBytes = 16 << 20
    static let keptErrorBytes = 16 << 10

    init(command: String, directory: URL?) throws(AdapterError) {
        // A write to a port that has exited must be an error, not a signal that ends the runner.
        signal(SIGPIPE, SIG_IGN)
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        self.command = command
        // Writes wait in `send`, with the scenario's deadline, never in the kernel.
        _ = fcntl(input.fileDescriptor, F_SETFL, fcntl(input.fileDescriptor, F_GETFL) | O_NONBLOCK)
        do {
            try process.run()
        } catch {
            throw .launch("\(command): \(error.localizedDescription)")
        }
        output = stdout.fileHandleForReading
        outputDescriptor = output.fileDescriptor
        let errors = stderr.fileHandleForReading
        errorDescriptor = errors.fileDescriptor
        Thread.detachNewThread { [self] in drainErrors(errors) }
    }

    /// Reads standard error until it closes, keeping its tail.
    private func drainErrors(_ handle: FileHandle) {
        while true {
            condition.lock()
            errorReaderWaiting = true
            condition.unlock()
            let data = handle.availableData
            condition.lock()
            errorReaderWaiting = false
            if data.isEmpty {
                // At the end of standard error nothing more can come: the reader stays idle.
                errorReaderWaiting = true
                condition.unlock()
                return
            }
            errorText.append(data)
            if errorText.count > Self.keptErrorBytes * 2 { errorText = errorText.suffix(Self.keptErrorBytes) }
            condition.unlock()
        }
    }

    /// Moves complete lines from `buffer` to `lines`, looking for newlines only in the bytes not
    /// scanned yet (a long reply comes in many reads).
    private func splitLines() {
        let bytes = buffer
        var start = 0
        var from = scanned
        while let end = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) {
            let stop = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            lines.append(Data(bytes[start..<stop]))
            start = end + 1
            from = start
        }
        if start > 0 { buffer.removeFirst(start) }
        scanned = buffer.count
        if buffer.count > Self.maximumLineBytes { overflow = true }
    }

    /// Writes one line to the port's standard input, waiting for room in the pipe until
    /// `deadline` (a port that reads nothing cannot hold the runner past it).
    func send(_ line: String, until deadline: Date, timeout: Double) throws(AdapterError) {
        try send(Array(line.utf8), until: deadline, timeout: timeout)
    }

    /// As `send(_:until:timeout:)`, for a line's bytes (without its newline).
    func send(_ line: [UInt8], until deadline: Date, timeout: Double) throws(AdapterError) {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        let descriptor = input.fileDescriptor
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else {
                throw .exited(exitDescription(waiting: true))
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw .timedOut(seconds: timeout, command: command) }
            var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&wait, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
        }
    }

    /// The next line the port writes, waiting until `deadline`: polls and reads the pipe here.
    func readLine(until deadline: Date, timeout: Double) throws(AdapterError) -> String {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            if !lines.isEmpty { return String(decoding: lines.removeFirst(), as: UTF8.self) }
            if overflow { throw .lineTooLong(bytes: Self.maximumLineBytes) }
            if closed { throw .exited(exitDescription(waiting: true)) }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw .timedOut(seconds: timeout, command: command) }
            var descriptor = pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = read(outputDescriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                closed = true
            } else if count == 0 {
                closed = true
            } else {
                buffer.append(contentsOf: chunk[0..<count])
                splitLines()
            }
        }
    }

    /// The tail of what the port wrote to standard error so far: everything it wrote before its
    /// last reply, since bytes still in the pipe are waited for (a second at most) before reading.
    var standardError: String {
        let until = Date().addingTimeInterval(1)
        condition.lock()
        defer { condition.unlock() }
        while !(errorReaderWaiting && bytesInErrorPipe() == 0), Date() < until {
            condition.unlock()
            usleep(1_000)
            condition.lock()
        }
        return String(decoding: errorText.suffix(Self.keptErrorBytes), as: UTF8.self)
    }

    /// How many bytes the standard error pipe holds that the reader has not taken (0 if unknown).
    private func bytesInErrorPipe() -> Int32 {
        var pending: Int32 = 0
        return ioctl(errorDescriptor, UInt(FIONREAD), &pending) == 0 ? pending : 0
    }

    /// Forgets standard error written so far (between scenarios).
    func clearStandardError() {
        condition.lock()
        errorText = Data()
        condition.unlock()
    }

    /// How the process ended (`exit status 3`, `killed by signal 9`), waiting up to a second when
    /// `waiting` and it has not ended yet.
    func exitDescription(waiting: Bool) -> String {
        if waiting {
            let until = Date().addingTimeInterval(1)
            while process.isRunning, Date() < until { usleep(10_000) }
        }
        guard !process.isRunning else { return "still running" }
        switch process.terminationReason {
        case .exit: return "exit status \(process.terminationStatus)"
        case .uncaughtSignal: return "killed by signal \(process.terminationStatus)"
        @unknown default: return "status \(process.terminationStatus)"
        }
    }

    var isRunning: Bool { process.isRunning }

    /// Closes standard input and gives the port `grace` seconds to exit, then kills its process group.
    func finish(grace: Double) {
        try? input.close()
        let until = Date().addingTimeInterval(grace)
        while process.isRunning, Date() < until { usleep(10_000) }
        terminate()
    }

    /// Kills the port and everything it started (its process group).
    func terminate() {
        let pid = process.processIdentifier
        if pid > 0 {
            _ = kill(-pid, SIGKILL)
            _ = kill(pid, SIGKILL)
        }
        process.waitUntilExit()
        try? input.close()
    }
}
