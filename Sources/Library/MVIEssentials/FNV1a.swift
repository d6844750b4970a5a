/// FNV-1a, 64 bits: names disk-cache files after their key and checksums their bytes (the image
/// pipeline), and tags the mock server's image bytes.
///
/// Chosen over SHA-256 because nothing here is a security boundary: a cache file stores its full
/// key, so two keys with one hash (a collision) read as a miss, never as the wrong image, and a
/// checksum only has to catch truncation and bit rot, not an attacker. FNV-1a is a dozen lines,
/// fast on short keys, and specified in full by two constants, so a port computes the same names.
package enum FNV1a {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`.
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash of `bytes` as 16 lowercase hexadecimal digits.
    package static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
