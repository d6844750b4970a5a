import Foundation
import MockHTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// SIGINT and SIGTERM are blocked on every thread from the very start (threads inherit the mask)
// and taken by `sigwait` at the end: a signal that comes early, even before the server is up,
// stays pending instead of being lost or killing the process, so a stop is always graceful.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

let signals = stopSignals
let io = MockServerCommand.IO(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) },
    waitForStop: {
        var set = signals
        var received: Int32 = 0
        sigwait(&set, &received)
    })
exit(MockServerCommand.run(Array(CommandLine.arguments.dropFirst()), io: io))
