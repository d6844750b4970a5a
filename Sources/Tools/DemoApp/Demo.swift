import CommandLineSupport
import Foundation
import MVICountdownTimer
import MVIKittens
import MVINewsApp
import SeededRandom
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mvi-demo`: the loop that reads keys, runs the stores' work and draws the frames.
public enum Demo {
    /// Runs the demo with `arguments` (without the program's name); returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        let parsed = DemoOptions.spec.parseOrExit(arguments)
        let options: DemoOptions
        do {
            options = try DemoOptions(parsed)
        } catch {
            DemoOptions.spec.exit(usage: error)
        }
        do {
            return try run(options)
        } catch {
            FileHandle.standardError.write(Data("mvi-demo: \(error.cause)\n".utf8))
            return error.status
        }
    }

    /// A step of the demo that failed: the error it threw, and the exit status it gives (2 for no
    /// usable terminal, else 1).
    struct Failure: Error {
        let cause: any Error
        let status: Int32
    }

    /// Runs `body`, whose error becomes a `Failure` with `status`.
    private static func step<Value>(exitStatus status: Int32 = ExitStatus.failure, _ body: () throws -> Value)
        throws(Failure) -> Value
    {
        do {
            return try body()
        } catch {
            throw Failure(cause: error, status: status)
        }
    }

    /// Starts the services and the terminal, runs the loop and ends the recording; the terminal is
    /// restored before any error is written.
    private static func run(_ options: DemoOptions) throws(Failure) -> Int32 {
        let terminal = try step(exitStatus: ExitStatus.usage) { try Terminal() }
        let services = try step { try DemoServices(options: options) }
        defer { services.stop() }
        try step { try terminal.enter() }
        defer { terminal.restore() }
        let input = TerminalInput(input: terminal.input)
        let clock = DemoClock(isVirtual: options.virtualTime)
        let made: DemoShell? = try step { try DemoShell(options: options, services: services, clock: clock) }
        guard let shell = made else { return ExitStatus.failure }
        run(shell, terminal: terminal, input: input, clock: clock)
        shell.destroy()
        clock.catchUp()
        terminal.restore()
        switch shell.recordingOutcome {
        case .success(let file)?: print("mvi-demo: recorded the session to \(file.path)")
        case .failure(let failure)?: throw Failure(cause: failure, status: ExitStatus.failure)
        case nil: break
        }
        return ExitStatus.success
    }

    private static func run(_ shell: DemoShell, terminal: Terminal, input: TerminalInput, clock: DemoClock) {
        while true {
            clock.catchUp()
            shell.prepare()
            clock.catchUp()
            let size = terminal.size
            terminal.draw(shell.lines(columns: size.columns, rows: size.rows))
            for event in input.wait(timeout: clock.wait) {
                switch event {
                case .keys(let keys):
                    for key in keys where !shell.handle(key) { return }
                case .signal(SIGWINCH):
                    terminal.invalidate()
                case .signal, .inputClosed:
                    return
                }
            }
        }
    }
}
