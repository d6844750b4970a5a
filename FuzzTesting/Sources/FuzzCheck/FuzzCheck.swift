// What every fuzz target shares. libFuzzer calls the target's `LLVMFuzzerTestOneInput(data, size)`
// once per input; the target turns the bytes into the reader's input, runs the reader, and checks
// its oracles. A failed oracle stops the process like a crash, so libFuzzer keeps the input.
import CLibFuzzer
import Foundation

/// Runs libFuzzer's driver with the process's arguments over `testOneInput`, and exits with its
/// status. Each target's `@main` calls it: SwiftPM links an executable's own entry point as `main`,
/// so libFuzzer's `main` is not linked, and its driver is started from here.
public func runLibFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}

/// The input libFuzzer gives, copied out of its buffer.
public func fuzzBytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: start, count: count))
}

/// The input as text the way the readers receive it from a file or a socket: UTF-8, with any
/// invalid sequence replaced (so that every input reaches the reader).
public func fuzzText(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// An oracle: when `condition` is false, the reader broke a promise on this input. Prints what
/// and stops the process, so that libFuzzer writes the input out as a finding.
public func oracle(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition() else { return }
    fatalError("oracle failed: \(message())", file: file, line: line)
}
