// The NewsAPI body parser (News), with a 2xx status and with a 5xx one. Oracles: a page read is
// written back as NewsAPI writes it (`{"status":"ok","totalResults":N,"articles":[...]}`), read
// again and equal; no body is a page under a 5xx status; a refusal says what was wrong.
import Foundation
import FuzzCheck
import MVINews

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

struct PageText: Encodable {
    let status = "ok"
    let totalResults: Int
    let articles: [NewsArticle]
}

@main
enum Main {
    static func main() { runLibFuzzer(fuzzNewsAPI) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNewsAPI(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let body = Data(fuzzBytes(start, count))
    if case .success = NewsResponseParser.parse(status: 503, body: body) {
        oracle(false, "a body under status 503 was read as a page")
    }
    switch NewsResponseParser.parse(status: 200, body: body) {
    case .failure(let error):
        oracle(!String(describing: error).isEmpty, "a refusal without a message")
    case .success(let page):
        guard let written = try? encoder.encode(PageText(totalResults: page.totalResults, articles: page.articles))
        else {
            oracle(false, "the page read cannot be written")
            return 0
        }
        switch NewsResponseParser.parse(status: 200, body: written) {
        case .success(let again):
            oracle(again == page, "read, write, read differs: \(String(decoding: written, as: UTF8.self))")
        case .failure(let error):
            oracle(false, "the page written back does not read: \(error)\n\(String(decoding: written, as: UTF8.self))")
        }
    }
    return 0
}
