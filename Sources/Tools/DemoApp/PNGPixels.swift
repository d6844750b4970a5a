import Foundation

/// The pixels of a PNG whose image data is stored uncompressed (deflate's stored blocks), as the
/// mock server writes them: 8-bit RGB or RGBA, not interlaced, any of the five row filters.
/// A compressed PNG is not decoded (that would take an inflater); the demo says so instead.
public struct PNGPixels: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Row by row, left to right.
    public let pixels: [RGBPixel]

    public struct RGBPixel: Equatable, Sendable {
        public var red, green, blue: UInt8
    }

    /// The pixel at column `x`, row `y`.
    public func pixel(_ x: Int, _ y: Int) -> RGBPixel { pixels[y * width + x] }

    /// Why the bytes were not decoded.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notPNG
        case unsupported(String)
        case truncated

        public var description: String {
            switch self {
            case .notPNG: "not a PNG"
            case .unsupported(let what): "\(what) is not decoded here"
            case .truncated: "the PNG is cut short"
            }
        }
    }

    public init(_ data: Data) throws(Failure) {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw .notPNG }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw .truncated }
            let body = Array(bytes[offset + 8..<offset + 8 + length])
            if type == "IHDR" { header = body }
            if type == "IDAT" { compressed += body }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard header.count == 13 else { throw .truncated }
        let width = Int(Self.bigEndian(header, 0))
        let height = Int(Self.bigEndian(header, 4))
        guard header[8] == 8, header[12] == 0, header[9] == 2 || header[9] == 6 else {
            throw .unsupported("bit depth \(header[8]), colour type \(header[9]), interlace \(header[12])")
        }
        guard width > 0, height > 0, width <= 4096, height <= 4096 else {
            throw .unsupported("a \(width) x \(height) image")
        }
        let channels = header[9] == 6 ? 4 : 3
        let raw = try Self.storedBlocks(compressed)
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw .truncated }
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels: [RGBPixel] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let start = row * (stride + 1)
            let line = try Self.unfilter(
                raw[start], Array(raw[start + 1...start + stride]), previous: previous, channels: channels)
            for x in 0..<width {
                pixels.append(
                    RGBPixel(red: line[x * channels], green: line[x * channels + 1], blue: line[x * channels + 2]))
            }
            previous = line
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The bytes of a zlib stream made of stored blocks only.
    private static func storedBlocks(_ stream: [UInt8]) throws(Failure) -> [UInt8] {
        var offset = 2
        var out: [UInt8] = []
        while true {
            guard offset + 5 <= stream.count else { throw .truncated }
            let flags = stream[offset]
            guard flags & 0b110 == 0 else { throw .unsupported("compressed image data") }
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            guard offset + 5 + length <= stream.count else { throw .truncated }
            out += stream[offset + 5..<offset + 5 + length]
            offset += 5 + length
            if flags & 1 == 1 { return out }
        }
    }

    /// One row with its filter undone (PNG's None, Sub, Up, Average, Paeth).
    private static func unfilter(_ filter: UInt8, _ row: [UInt8], previous: [UInt8], channels: Int) throws(Failure)
        -> [UInt8]
    {
        var line = row
        for index in line.indices {
            let left = index >= channels ? Int(line[index - channels]) : 0
            let up = Int(previous[index])
            let upLeft = index >= channels ? Int(previous[index - channels]) : 0
            let predictor: Int
            switch filter {
            case 0: predictor = 0
            case 1: predictor = left
            case 2: predictor = up
            case 3: predictor = (left + up) / 2
            case 4:
                let estimate = left + up - upLeft
                let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                predictor = a <= b && a <= c ? left : b <= c ? up : upLeft
            default: throw .unsupported("row filter \(filter)")
            }
            line[index] = UInt8(truncatingIfNeeded: Int(line[index]) + predictor)
        }
        return line
    }
}
