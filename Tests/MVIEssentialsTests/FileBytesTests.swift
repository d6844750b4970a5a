import Foundation
import MVIEssentials
import Testing

@Suite struct FileBytesTests {
    private func temporaryFile(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try contents.write(to: url)
        return url
    }

    @Test func readsWhatWasWrittenAnEmptyFileIncluded() throws {
        for contents in [Data(), Data("hello".utf8), Data(repeating: 7, count: 100_000)] {
            let url = try temporaryFile(contents)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(try FileBytes.read(url) == contents)
        }
    }

    @Test func aMissingFileThrows() {
        #expect(throws: (any Error).self) {
            try FileBytes.read(URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        }
    }
}
