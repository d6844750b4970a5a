import Testing

@testable import MVIImagePipeline

@Suite struct FNV1aTests {
    @Test func matchesThePublishedTestVectors() {
        #expect(FNV1a.hex("".utf8) == "cbf29ce484222325")
        #expect(FNV1a.hex("a".utf8) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex("foobar".utf8) == "85944171f73967e8")
    }

    @Test func fileNamesAreTheKeysHashWithTheImageExtension() {
        #expect(ImageDiskCache.fileName(forKey: "a") == "af63dc4c8601ec8c.image")
    }
}
