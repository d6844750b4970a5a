#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a crash handler needs to put the terminal back. Written by `CrashRestore.install` before
/// the handlers are set and never changed afterwards; only the handlers read it. A signal handler
/// can take no lock and allocate nothing, hence a plain global rather than a locked box.
private nonisolated(unsafe) var crashTerminal: (attributes: termios, input: Int32, output: Int32)?

/// Puts the terminal back when the program dies of a crash signal (a trap, a bad access, an
/// abort), then lets the signal do what it would have done: the process still dies of it.
enum CrashRestore {
    static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    static func install(attributes: termios, input: Int32, output: Int32) {
        crashTerminal = (attributes, input, output)
        for number in signals { signal(number, restoreAndRaise) }
    }
}

/// Only async-signal-safe calls: `write`, `tcsetattr`, `signal`, `raise`.
private func restoreAndRaise(_ number: Int32) {
    if var terminal = crashTerminal {
        let leave: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = write(terminal.output, leave.utf8Start, leave.utf8CodeUnitCount)
        _ = tcsetattr(terminal.input, TCSANOW, &terminal.attributes)
    }
    signal(number, SIG_DFL)
    raise(number)
}
