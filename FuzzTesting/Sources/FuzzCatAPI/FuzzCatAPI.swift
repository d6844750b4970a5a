// The Cat API body parser (Kittens). Oracles: the URLs read, written back as The Cat API writes
// them (`[{"url": ...}, ...]`, as the mock server's route does), read again and equal, in order;
// a refusal has a message.
import Foundation
import FuzzCheck
import MVIJSON
import MVIKittens

let parser = KittenParser()

@main
enum Main {
    static func main() { runLibFuzzer(fuzzCatAPI) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatAPI(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let body = Data(fuzzBytes(start, count))
    let urls: [String]
    do {
        urls = try parser.parse(body)
    } catch {
        oracle(!error.description.isEmpty, "a refusal without a message")
        return 0
    }
    let written = JSONValue.array(urls.map { .object(JSONObject([("url", .string($0))])) }).compactText
    do {
        let again = try parser.parse(Data(written.utf8))
        oracle(again == urls, "read, write, read differs: \(written)")
    } catch {
        oracle(false, "the body written back does not read: \(error)\n\(written)")
    }
    return 0
}
