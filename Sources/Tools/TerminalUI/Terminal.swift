import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the terminal could not be used.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file): a full-screen program has nothing to draw on.
    case notATerminal(stream: String)
    /// `tcgetattr` or `tcsetattr` failed, with errno's text.
    case attributes(String)

    public var description: String {
        switch self {
        case .notATerminal(let stream): "standard \(stream) is not a terminal; run it in a terminal (or in tmux)"
        case .attributes(let detail): "cannot set the terminal's mode: \(detail)"
        }
    }
}

/// A terminal in raw mode on the alternate screen, restored by `restore()`.
///
/// `enter()` saves the terminal's attributes, turns off echo, line editing and signal keys (Ctrl-C
/// arrives as a key), switches to the alternate screen and hides the cursor. `restore()` undoes
/// all of it and may be called any number of times; a crash signal undoes it too (`CrashRestore`).
/// Use it from one thread.
public final class Terminal {
    public let input: Int32
    public let output: Int32
    private let handle: FileHandle
    private var saved: termios?
    private var previous: [ScreenLine] = []

    /// - Throws: `TerminalError.notATerminal` when `input` or `output` is not a terminal.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(TerminalError) {
        guard isatty(output) == 1 else { throw .notATerminal(stream: "output") }
        guard isatty(input) == 1 else { throw .notATerminal(stream: "input") }
        self.input = input
        self.output = output
        handle = FileHandle(fileDescriptor: output, closeOnDealloc: false)
    }

    deinit { restore() }

    /// Raw mode, the alternate screen, no cursor.
    public func enter() throws(TerminalError) {
        var attributes = termios()
        guard tcgetattr(input, &attributes) == 0 else { throw .attributes(Self.lastError()) }
        saved = attributes
        CrashRestore.install(attributes: attributes, input: input, output: output)
        var raw = attributes
        cfmakeraw(&raw)
        guard tcsetattr(input, TCSANOW, &raw) == 0 else {
            restore()
            throw .attributes(Self.lastError())
        }
        write(TerminalCodes.enter)
        previous = []
    }

    /// Leaves the alternate screen, shows the cursor and puts the saved attributes back.
    public func restore() {
        guard var attributes = saved else { return }
        saved = nil
        write(TerminalCodes.leave)
        _ = tcsetattr(input, TCSANOW, &attributes)
    }

    /// The window's size in columns and rows; 80 x 24 when the terminal does not say.
    public var size: (columns: Int, rows: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Draws `lines` (each already fitted to the width), rewriting only the lines that changed
    /// since the last frame.
    public func draw(_ lines: [ScreenLine]) {
        let text = TerminalCodes.frame(lines, previous: previous)
        previous = lines
        if !text.isEmpty { write(text) }
    }

    /// Forgets the last frame, so that the next one is drawn whole (after a resize).
    public func invalidate() {
        previous = []
        write(TerminalCodes.clear)
    }

    /// Writes all of `text` at once.
    public func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
