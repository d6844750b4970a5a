#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CommandLineSupport
import Foundation
import MVICountdownTimer
import MVIKittens
import MVINewsApp
import SeededRandom
import TerminalUI

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
        let terminal: Terminal
        do {
            terminal = try Terminal()
        } catch {
            FileHandle.standardError.write(Data("mvi-demo: \(error)\n".utf8))
            return ExitStatus.usage
        }
        let services: DemoServices
        do {
            services = try DemoServices(options: options)
        } catch {
            FileHandle.standardError.write(Data("mvi-demo: \(error)\n".utf8))
            return ExitStatus.failure
        }
        defer { services.stop() }
        do {
            try terminal.enter()
        } catch {
            FileHandle.standardError.write(Data("mvi-demo: \(error)\n".utf8))
            return ExitStatus.failure
        }
        defer { terminal.restore() }
        let input = TerminalInput(input: terminal.input)
        let clock = DemoClock(isVirtual: options.virtualTime)
        let made: DemoShell?
        do {
            made = try DemoShell(options: options, services: services, clock: clock)
        } catch {
            terminal.restore()
            FileHandle.standardError.write(Data("mvi-demo: \(error)\n".utf8))
            return ExitStatus.failure
        }
        guard let shell = made else { return ExitStatus.failure }
        run(shell, terminal: terminal, input: input, clock: clock)
        shell.destroy()
        clock.catchUp()
        switch shell.recordingOutcome {
        case .success(let file)?:
            terminal.restore()
            print("mvi-demo: recorded the session to \(file.path)")
        case .failure(let failure)?:
            terminal.restore()
            FileHandle.standardError.write(Data("mvi-demo: \(failure)\n".utf8))
            return ExitStatus.failure
        case nil:
            break
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
