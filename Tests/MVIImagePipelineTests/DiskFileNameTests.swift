import Testing

@testable import MVIImagePipeline

@Suite struct DiskFileNameTests {
    @Test func fileNamesAreTheKeysHashWithTheImageExtension() {
        #expect(ImageDiskCache.fileName(forKey: "a") == "af63dc4c8601ec8c.image")
    }
}
