import ConformanceCLI
import ConformanceKit
import Foundation
import ReferenceFeatures
import ReplaySeam

/// Ctrl-C during a run tells what ran so far (`interrupted after 12 of 245 scenarios: ...`), then
/// exits as an interrupted command does, with status 130. The handler runs on a queue of its own.
nonisolated func tellWhatRanWhenInterrupted(_ tally: RunTally) -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { @Sendable in
        let told = tally.interruption.map { "\nconformance: \($0)\n" } ?? "\n"
        FileHandle.standardError.write(Data(told.utf8))
        exit(130)
    }
    source.resume()
    return source
}

// Replays every fixture against the reference implementation; `conformance --help` for more.
var io = ConformanceCommand.IO.standard()
let tally = RunTally()
io.tally = tally
let interrupt = tellWhatRanWhenInterrupted(tally)
exit(ConformanceCommand.reference(features: .reference).run(Array(CommandLine.arguments.dropFirst()), io: io))
