import Foundation
import MVIEssentials

extension Stub {
    /// Reads every `*.json` file of `directory` (not its subfolders), in name order, each one stub
    /// in the admin API's format (docs/mock-server.md) or `{"mappings": [stub, ...]}`. The first bad
    /// file stops the load; the error names the file, the stub's index in `mappings`, and the field.
    public static func load(from directory: URL) throws(StubError) -> [Stub] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .unreadable(path: directory.path, reason: "cannot list the folder (\(error.localizedDescription))")
        }
        var stubs: [Stub] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let url = directory.appendingPathComponent(name)
            let data: Data
            // A FIFO or a device named like a stub is refused unread and without blocking.
            do { data = try FileBytes.readRegular(url, limit: Stub.maximumFileBytes) } catch {
                throw .unreadable(path: url.path, reason: "the file \(error)")
            }
            do { stubs += try StubDecoder.stubs(data) } catch { throw .file(path: url.path, error) }
        }
        return stubs
    }

    /// The largest stub file or data set file read, in bytes: 64 MiB.
    public static let maximumFileBytes = 64 << 20

    /// Reads one stub from the bytes of a stub file or of a `POST /__admin/stubs` body.
    public static func decode(_ data: Data) throws(StubError) -> Stub {
        try StubDecoder.stub(data)
    }
}
