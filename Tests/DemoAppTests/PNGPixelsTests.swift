import Foundation
import TerminalUI
import Testing

@testable import DemoApp

@Suite struct PNGPixelsTests {
    @Test func decodesStoredRGBRows() throws {
        let data = PNGFixture.png(width: 2, height: 2, rows: [[255, 0, 0, 0, 255, 0], [0, 0, 255, 10, 20, 30]])
        let image = try PNGPixels(data)
        #expect(image.width == 2 && image.height == 2)
        #expect(image.pixel(1, 0) == .init(red: 0, green: 255, blue: 0))
        #expect(image.pixel(1, 1) == .init(red: 10, green: 20, blue: 30))
    }

    @Test func undoesTheSubFilterAndDropsAlpha() throws {
        // Sub: each byte is stored as the difference from the byte one pixel to its left.
        let data = PNGFixture.png(width: 2, height: 1, channels: 4, filter: 1, rows: [[10, 20, 30, 255, 5, 5, 5, 0]])
        let image = try PNGPixels(data)
        #expect(image.pixels == [.init(red: 10, green: 20, blue: 30), .init(red: 15, green: 25, blue: 35)])
    }

    @Test func refusesWhatItCannotDecodeWithAReason() {
        #expect(throws: PNGPixels.Failure.notPNG) { try PNGPixels(Data("GIF89a".utf8)) }
        var compressed = [UInt8](PNGFixture.png(width: 1, height: 1, rows: [[1, 2, 3]]))
        // The first deflate block's header byte, after the signature, IHDR (25 bytes), IDAT's length and type, and zlib's 2 bytes.
        compressed[8 + 25 + 8 + 2] = 0b011
        #expect(throws: PNGPixels.Failure.unsupported("compressed image data")) { try PNGPixels(Data(compressed)) }
        let cut = PNGFixture.png(width: 4, height: 4, rows: [[1, 2, 3]])
        #expect(throws: PNGPixels.Failure.truncated) { try PNGPixels(cut) }
    }

    @Test func halfBlocksPutTheTopPixelInFrontAndTheBottomOneBehind() throws {
        let image = try PNGPixels(PNGFixture.png(width: 1, height: 2, rows: [[255, 0, 0], [0, 0, 255]]))
        let lines = HalfBlocks.lines(image, columns: 2, rows: 1)
        #expect(lines.map(\.text) == ["▀▀"])
        #expect(lines[0].spans[0].style == Style(foreground: RGB(255, 0, 0), background: RGB(0, 0, 255)))
    }
}
