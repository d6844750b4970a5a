import Foundation
import MVIEssentials

/// Deterministic PNG images derived from the image id: an 8 x 8 square of one colour, or larger
/// gradients for the `size` query (docs/mock-server.md).
enum ImageBytes {
    /// The sizes served under `?size=`, by name: the side in pixels (3 bytes a pixel, stored uncompressed).
    static let sides: [String: Int] = ["small": 8, "medium": 184, "large": 590]

    /// Large images built once per id and size, at most a few kept: one cache per server (no
    /// global state), released with it.
    final class Cache: Sendable {
        private let images = Locked<[String: Data]>([:])

        init() {}

        /// The image for `id` and `side`, built the first time.
        func png(for id: String, side: Int) -> Data {
            if side <= 8 { return ImageBytes.png(for: id, side: side) }
            let key = "\(id)@\(side)"
            if let cached = images.withLock({ $0[key] }) { return cached }
            let bytes = ImageBytes.png(for: id, side: side)
            images.withLock { images in
                if images.count >= 8 { images.removeAll() }
                images[key] = bytes
            }
            return bytes
        }
    }

    static func png(for id: String, side: Int = 8) -> Data { build(id, side: side) }

    private static func build(_ id: String, side size: Int) -> Data {
        let hash = FNV1a.hash(id.utf8)
        let rgb = [
            UInt8(truncatingIfNeeded: hash), UInt8(truncatingIfNeeded: hash >> 8),
            UInt8(truncatingIfNeeded: hash >> 16),
        ]
        var raw = Data(capacity: size * (size * 3 + 1))
        for y in 0..<size {
            raw.append(0)  // filter: none
            for x in 0..<size {
                // One colour at 8 x 8; a gradient over it when larger.
                let shade = size <= 8 ? 0 : UInt8(truncatingIfNeeded: (x + y) * 255 / (2 * size))
                raw.append(contentsOf: [rgb[0] &+ shade, rgb[1] &+ shade, rgb[2] &+ shade])
            }
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
        "\"" + String(FNV1a.hash(data), radix: 16) + "\""
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

    /// A zlib stream of stored (uncompressed) blocks of at most 65,535 bytes each.
    private static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let end = min(offset + 65535, data.count)
            let length = UInt16(end - offset)
            out.append(end == data.count ? 1 : 0)  // BFINAL on the last block
            out.append(contentsOf: [
                UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
            ])
            out.append(data[offset..<end])
            offset = end
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        out.append(contentsOf: bigEndian(b << 16 | a))
        return out
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
