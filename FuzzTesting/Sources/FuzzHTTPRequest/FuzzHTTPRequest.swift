import Foundation
// The mock server's HTTP/1.1 request parser, on a connection's buffer of pipelined requests.
// Oracles: each request consumes between 1 and the bytes there are; the same request is read from
// exactly its own bytes (nothing after it changes it); any shorter prefix asks for more bytes and
// never throws (a request split across reads is read the same).
import FuzzCheck
import MockHTTPServer

@main
enum Main {
    static func main() { runLibFuzzer(fuzzHTTPRequest) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var buffer = Data(fuzzBytes(start, count))
    let parser = HTTPRequestParser()
    while !buffer.isEmpty {
        guard let (request, consumed) = try? parser.parse(buffer) else { return 0 }
        oracle(consumed > 0 && consumed <= buffer.count, "consumed \(consumed) of \(buffer.count) bytes")
        let own = Data(buffer.prefix(consumed))
        guard let alone = try? parser.parse(own) else {
            oracle(false, "the request's own \(consumed) bytes do not read as a request")
            return 0
        }
        oracle(alone.consumed == consumed, "alone the request consumes \(alone.consumed), not \(consumed)")
        oracle(
            alone.request.method == request.method && alone.request.target == request.target
                && alone.request.body == request.body
                && alone.request.headers.elementsEqual(
                    request.headers, by: { $0.name == $1.name && $0.value == $1.value }),
            "the request read alone differs")
        // Shorter prefixes: cut at the start, the middle, the last bytes, and around the head's end.
        let headEnd = (try? HTTPHead.parse(own))??.length ?? 0
        for cut in Set([
            0, 1, consumed / 2, consumed - 1, consumed - 2, consumed - 4, headEnd - 1, headEnd, headEnd + 1,
        ]) where cut >= 0 && cut < consumed {
            do {
                let partial = try parser.parse(Data(own.prefix(cut)))
                oracle(partial == nil, "the first \(cut) of \(consumed) bytes read as a whole request")
            } catch {
                oracle(false, "the first \(cut) of \(consumed) bytes throw \(error), the whole request reads")
            }
        }
        buffer = Data(buffer.dropFirst(consumed))
    }
    return 0
}
