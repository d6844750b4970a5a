import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What woke the loop.
public enum TerminalEvent: Equatable, Sendable {
    /// Keys typed.
    case keys([Key])
    /// A signal arrived: `SIGWINCH` (resized), `SIGINT`, `SIGTERM`, `SIGHUP` (stop).
    case signal(Int32)
    /// The input closed (the terminal went away).
    case inputClosed
}

/// Waits for keys on the terminal's input and for signals, with a timeout, on the loop's thread.
///
/// The signals it watches are taken from their default action (which would kill the process
/// without restoring the terminal) and delivered as events: a dispatch source writes each to a
/// pipe that the loop polls beside the input.
public final class TerminalInput {
    /// The signals watched: resize, and the stop requests.
    public static let signals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private let input: Int32
    private let pipe = Pipe()
    private var sources: [any DispatchSourceSignal] = []
    private var decoder = KeyDecoder()

    public init(input: Int32 = STDIN_FILENO) {
        self.input = input
        let writer = pipe.fileHandleForWriting
        // A parent may have started the program with these signals blocked (a thread's mask is
        // inherited through exec): unblocked here, or a stop request would stay pending forever.
        var watched = sigset_t()
        sigemptyset(&watched)
        for number in Self.signals { sigaddset(&watched, number) }
        pthread_sigmask(SIG_UNBLOCK, &watched, nil)
        for number in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { try? writer.write(contentsOf: Data([UInt8(number)])) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// The events that arrive within `timeout` (nil: wait for the first), all those ready at once.
    public func wait(timeout: Duration?) -> [TerminalEvent] {
        let signalFD = pipe.fileHandleForReading.fileDescriptor
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = timeout.map { Int32(clamping: max(0, $0.wholeMilliseconds)) } ?? -1
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return [] }
        var events: [TerminalEvent] = []
        if fds[1].revents & Int16(POLLIN) != 0 {
            events += readBytes(signalFD).map { .signal(Int32($0)) }
        }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let bytes = readBytes(input)
            if bytes.isEmpty { events.append(.inputClosed) } else { events.append(.keys(decoder.keys(from: bytes))) }
        }
        return events
    }

    private func readBytes(_ fd: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so that a wait never ends before its due time.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
