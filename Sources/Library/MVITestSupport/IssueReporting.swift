#if canImport(Testing)
// Weakly linked: executables that depend on this module for `TestScheduler` (the conformance
// command, the benchmarks) must start where the testing library is absent; it is only called
// from inside a running test.
@_weakLinked import Testing
#else
import Foundation
#endif

/// Where a `TestStore` call was made, for the failure it may report.
struct CallSite: Sendable {
    let fileID: String
    let filePath: String
    let line: Int
    let column: Int

    init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Fails the running test with `message` at `site`: a Swift Testing issue where Swift Testing is
/// available, otherwise a line on standard error.
func reportFailure(_ message: String, at site: CallSite) {
    #if canImport(Testing)
    Issue.record(Comment(rawValue: message),
                 sourceLocation: SourceLocation(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column))
    #else
    FileHandle.standardError.write(Data("\(site.filePath):\(site.line): TestStore failure: \(message)\n".utf8))
    #endif
}
