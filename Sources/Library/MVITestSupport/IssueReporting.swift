import Foundation

// Both test frameworks are weakly linked: executables that link this module (the benchmarks, the
// demo) must start where neither library is present; they are only called from inside a running test.
#if canImport(Testing)
    @_weakLinked import Testing
#endif
#if canImport(XCTest)
    @_weakLinked import XCTest
#endif

/// Where a `TestStore` call was made, for the failure it may report.
struct CallSite: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: Int
    let column: Int
}

/// The test framework a failure goes to.
enum TestFramework: Equatable, Sendable {
    case swiftTesting
    case xcTest
    case none

    /// The one running the current test: Swift Testing when this task runs one of its tests
    /// (`Test.current`), otherwise XCTest when it is linked into the process, otherwise none.
    static var running: TestFramework {
        #if canImport(Testing)
            if Test.current != nil { return .swiftTesting }
        #endif
        #if canImport(XCTest)
            return .xcTest
        #else
            return .none
        #endif
    }
}

/// A `TestStore` failure as Swift Testing records it: the issue's error, whose description is the
/// failure text, so that the issue's title is that text.
public struct TestStoreFailure: Error, CustomStringConvertible, Sendable {
    /// The failure, as XCTest would print it.
    public let description: String
}

/// Fails the running test with `message` at `site`, in whichever framework runs it
/// (`TestFramework.running`): a Swift Testing issue, an XCTest failure, or, outside both, a
/// line on standard error.
func reportFailure(_ message: String, at site: CallSite) {
    switch TestFramework.running {
    case .swiftTesting:
        #if canImport(Testing)
            // Recorded as an error, the one kind of issue whose title carries a text of its own: the
            // title reads "Caught error: <the failure>", where a comment would sit under "Issue recorded".
            Issue.record(
                TestStoreFailure(description: message),
                sourceLocation: SourceLocation(
                    fileID: site.fileID, filePath: "\(site.filePath)", line: site.line, column: site.column))
        #endif
    case .xcTest:
        #if canImport(XCTest)
            XCTFail(message, file: site.filePath, line: UInt(site.line))
        #endif
    case .none:
        FileHandle.standardError.write(Data("\(site.filePath):\(site.line): TestStore failure: \(message)\n".utf8))
    }
}
