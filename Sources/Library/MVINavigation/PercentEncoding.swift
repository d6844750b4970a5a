/// Percent-encoding as RFC 3986 defines it, for deep link parameters.
enum PercentEncoding {
    /// `A-Z a-z 0-9 - . _ ~`: the characters written as they are.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Whether `character` may appear unencoded in a query value: unreserved, sub-delims
    /// other than `&` and `=` (which separate parameters), `:`, `@`, `/` and `?`.
    static func isAllowedInValue(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return isUnreserved(ascii) || "!$'()*+,;:@/?".utf8.contains(ascii)
    }

    /// The UTF-8 bytes of `text`, every byte but the unreserved written `%XX` (upper case).
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// Why a value could not be decoded, and at which character of it (from 0).
    enum Failure: Error, Equatable {
        case invalidCharacter(Character, offset: Int)
        case badEscape(String, offset: Int)
        case notUTF8
    }

    /// Decodes `characters`: `%XX` escapes to bytes, the rest as written; the bytes must be UTF-8.
    static func decode(_ characters: ArraySlice<Character>) -> Result<String, Failure> {
        var bytes: [UInt8] = []
        var index = characters.startIndex
        while index < characters.endIndex {
            let character = characters[index]
            let offset = index - characters.startIndex
            if character == "%" {
                let digits = characters[(index + 1)..<min(index + 3, characters.endIndex)]
                // Two hex digits exactly: `UInt8(_:radix:)` alone would take `+4` or `-0` for a number.
                guard digits.count == 2, digits.allSatisfy(\.isHexDigit), let byte = UInt8(String(digits), radix: 16)
                else {
                    return .failure(.badEscape("%" + String(digits), offset: offset))
                }
                bytes.append(byte)
                index += 3
            } else {
                guard isAllowedInValue(character), let ascii = character.asciiValue else {
                    return .failure(.invalidCharacter(character, offset: offset))
                }
                bytes.append(ascii)
                index += 1
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.notUTF8) }
        return .success(text)
    }
}
