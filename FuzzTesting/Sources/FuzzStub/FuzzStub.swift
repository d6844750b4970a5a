// The mock server's stub files (the admin API's stub format, docs/mock-server.md). Oracles beyond
// crashes: what the reader accepts, the server can send faithfully. Every response has a status
// of 100...599, header names that are tokens and are not the framing headers the server writes,
// values without CR, LF or NUL, no body where HTTP allows none, chunk and throttle sizes of at
// least 1; and a refusal names its field.
import Foundation
import FuzzCheck
import MockHTTPServer

let tokenCharacters = Set(
    "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)

@main
enum Main {
    static func main() { runLibFuzzer(fuzzStub) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStub(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let stub: Stub
    do {
        stub = try Stub.decode(Data(fuzzBytes(start, count)))
    } catch {
        oracle(!error.description.isEmpty, "a refusal without a message")
        return 0
    }
    oracle(!stub.responses.isEmpty, "a stub without a response")
    for (index, response) in stub.responses.enumerated() {
        oracle((100...599).contains(response.status), "responses[\(index)]: status \(response.status)")
        for header in response.headers {
            oracle(
                !header.name.isEmpty && header.name.unicodeScalars.allSatisfy(tokenCharacters.contains),
                "responses[\(index)]: header name \(header.name.debugDescription)")
            oracle(
                !["content-length", "transfer-encoding", "connection"].contains(header.name.lowercased()),
                "responses[\(index)]: framing header \(header.name)")
            oracle(
                !header.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" },
                "responses[\(index)]: header value \(header.value.debugDescription)")
        }
        if !response.body.isEmpty {
            oracle(
                response.status >= 200 && response.status != 204 && response.status != 304,
                "responses[\(index)]: a body with status \(response.status)")
            oracle(stub.method != "HEAD", "responses[\(index)]: a body in the response to HEAD")
        }
        oracle(
            response.chunkSize >= 1 && (response.throttleBytes ?? 1) >= 1,
            "responses[\(index)]: a chunk or throttle size below 1")
    }
    return 0
}
