import Foundation

/// Small deterministic PNG images: 8 x 8 pixels of one colour derived from the image id.
enum ImageBytes {
    static func png(for id: String) -> Data {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let rgb = [UInt8(truncatingIfNeeded: hash), UInt8(truncatingIfNeeded: hash >> 8), UInt8(truncatingIfNeeded: hash >> 16)]
        let size = 8
        var raw = Data()
        for _ in 0..<size {
            raw.append(0)  // filter: none
            for _ in 0..<size { raw.append(contentsOf: rgb) }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(contentsOf: bigEndian(UInt32(size)) + bigEndian(UInt32(size)))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit, RGB, deflate, no filter, no interlace
        png.append(chunk("IHDR", header))
        png.append(chunk("IDAT", zlibStored(raw)))
        png.append(chunk("IEND", Data()))
        return png
    }

    /// An entity tag for bytes (FNV-1a, hex).
    static func etag(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "\""
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: Data) -> Data {
        let typeBytes = Data(type.utf8)
        var out = Data(bigEndian(UInt32(data.count)))
        out.append(typeBytes)
        out.append(data)
        out.append(contentsOf: bigEndian(crc32(typeBytes + data)))
        return out
    }

    /// A zlib stream with one stored (uncompressed) block.
    private static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01, 0x01])
        let length = UInt16(data.count)
        out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        out.append(data)
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out.append(contentsOf: bigEndian(b << 16 | a))
        return out
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
