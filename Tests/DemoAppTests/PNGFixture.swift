import Foundation

/// A PNG written the way the mock server writes them (stored deflate blocks), row filter chosen
/// per row, for the decoder's tests. CRCs and the Adler checksum are not checked by the decoder,
/// so they are left zero.
enum PNGFixture {
    static func png(width: Int, height: Int, channels: Int = 3, filter: UInt8 = 0, rows: [[UInt8]]) -> Data {
        var raw: [UInt8] = []
        for row in rows { raw += [filter] + row }
        var zlib: [UInt8] = [
            0x78, 0x01, 1, UInt8(raw.count & 0xFF), UInt8(raw.count >> 8), ~UInt8(raw.count & 0xFF),
            ~UInt8(raw.count >> 8),
        ]
        zlib += raw + [0, 0, 0, 0]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(png)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        bigEndian(UInt32(body.count)) + Array(type.utf8) + body + [0, 0, 0, 0]
    }
}
