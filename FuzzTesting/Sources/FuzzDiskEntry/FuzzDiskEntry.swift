// The image disk cache's entry reader: a one-line JSON header, a line feed, the bytes
// (docs/features/images.md). The key is `key` (the dictionary and the seeds give it). Oracles: an
// entry read is written with the cache's writer and reads back equal, and the written file is a
// fixed point (writing what it reads gives the same bytes); the header written is one line; a
// refusal says what was wrong.
import Foundation
import FuzzCheck
import MVIImagePipeline

@main
enum Main {
    static func main() { runLibFuzzer(fuzzDiskEntry) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiskEntry(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let file = Data(fuzzBytes(start, count))
    let entry: ImageCacheEntry
    do {
        entry = try DiskEntryFormat.decode(file, key: "key")
    } catch {
        oracle(!error.description.isEmpty, "a refusal without a message")
        return 0
    }
    let written = DiskEntryFormat.encode(entry, key: "key")
    oracle(
        written.count == (written.firstIndex(of: 0x0A) ?? written.count) + 1 + entry.bytes.count,
        "the header written is not one line")
    do {
        let again = try DiskEntryFormat.decode(written, key: "key")
        oracle(again.bytes == entry.bytes && again.etag == entry.etag, "read, write, read differs")
        oracle(DiskEntryFormat.encode(again, key: "key") == written, "the written file is not a fixed point")
    } catch {
        oracle(false, "the entry written back does not read: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
    return 0
}
