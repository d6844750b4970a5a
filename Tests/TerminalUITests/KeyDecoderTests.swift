import Testing

@testable import TerminalUI

@Suite struct KeyDecoderTests {
    @Test(
        arguments: [
            ([0x71], [Key.character("q")]),
            ([0x0D], [.enter]),
            ([0x7F], [.backspace]),
            ([0x09], [.tab]),
            ([0x03], [.control("c")]),
            ([0x14], [.control("t")]),
            ([0x1B], [.escape]),
            ([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42], [.up, .down]),
            ([0x1B, 0x4F, 0x43], [.right]),
            ([0x1B, 0x5B, 0x35, 0x7E, 0x1B, 0x5B, 0x36, 0x7E], [.pageUp, .pageDown]),
            ([0x1B, 0x5B, 0x46, 0x1B, 0x5B, 0x34, 0x7E], [.end, .end]),
            ([0xC3, 0xA9], [.character("é")]),
            ([0x1B, 0x5B, 0x39, 0x39, 0x7A], [.unknown([0x1B, 0x5B, 0x39, 0x39, 0x7A])]),
        ] as [([UInt8], [Key])])
    func decodesOneChunk(bytes: [UInt8], keys: [Key]) {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: bytes) == keys)
    }

    @Test func aCharacterCutBetweenTwoReadsIsKeptUntilItsEnd() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x61, 0xE2, 0x82]) == [.character("a")])
        #expect(decoder.keys(from: [0xAC, 0x62]) == [.character("€"), .character("b")])
    }

    @Test func keysAreNamedAsTheHelpLineShowsThem() {
        #expect(Key.control("t").description == "^T")
        #expect(Key.pageDown.description == "PgDn")
        #expect(Key.character("/").description == "/")
    }
}
