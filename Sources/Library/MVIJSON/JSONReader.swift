/// A strict JSON reader (RFC 8259): one value, optional surrounding whitespace, nothing else.
///
/// Stricter than `JSONSerialization`: a duplicate key in an object is an error (it would
/// otherwise be a silent loss of data), and so are lone surrogate escapes, control characters in
/// strings, numbers that overflow a double, and nesting deeper than `maximumDepth`.
public struct JSONReader {
    /// Arrays and objects nested deeper than this are refused, so that no input exhausts the stack.
    public static let maximumDepth = 256

    private let bytes: ArraySlice<UInt8>
    /// The index in `bytes` of the next byte to read.
    private var position: Int

    private init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// Reads `text` as one JSON value.
    public static func parse(_ text: String) throws(JSONReadError) -> JSONValue {
        try parse(utf8: Array(text.utf8)[...])
    }

    /// Reads UTF-8 `bytes` as one JSON value, without a `String` of them first (a line of a file
    /// read as bytes); columns count from the slice's first byte. Bytes that are not UTF-8 are
    /// refused, in a string as anywhere else.
    public static func parse(utf8 bytes: ArraySlice<UInt8>) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == reader.bytes.endIndex else { throw reader.error("unexpected text after the value") }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONReadError {
        JSONReadError(message: message, column: (offset ?? position) - bytes.startIndex + 1)
    }

    private var current: UInt8? { position < bytes.endIndex ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value(depth: Int) throws(JSONReadError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of text; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character \(describe(byte)); expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func literal(_ word: String) throws(JSONReadError) {
        let start = position
        for expected in word.utf8 {
            guard current == expected else { throw error("unknown literal; expected \(word)", at: start) }
            position += 1
        }
    }

    private mutating func object(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            let keyStart = position
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let key = try string()
            if object[key] != nil {
                throw error("duplicate key \(TextEscaping.jsonQuoted(key))", at: keyStart)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            position += 1
            skipWhitespace()
            object[key] = try value(depth: depth)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(object)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(items)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func string() throws(JSONReadError) -> String {
        let start = position
        position += 1
        var runStart = position
        // The text's bytes so far, once an escape was met; without one the text is a slice of the input.
        var unescaped: [UInt8]?
        // Whether every byte read as it is was ASCII: then no check of the text as UTF-8 is needed.
        var ascii = true
        while true {
            guard let byte = current else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                defer { position += 1 }
                // Bytes given as bytes may be anything: a string must be UTF-8 (a `String` given is).
                let string: String?
                switch (unescaped, ascii) {
                case (nil, true): string = String(decoding: bytes[runStart..<position], as: UTF8.self)
                case (nil, false): string = String(validating: bytes[runStart..<position], as: UTF8.self)
                case (var text?, _):
                    text.append(contentsOf: bytes[runStart..<position])
                    string = ascii ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
                }
                guard let string else { throw error("the string is not valid UTF-8", at: start) }
                return string
            case UInt8(ascii: "\\"):
                var text = unescaped ?? []
                text.append(contentsOf: bytes[runStart..<position])
                position += 1
                text.append(contentsOf: UTF8.encode(try escape())!)
                unescaped = text
                runStart = position
            case 0x00..<0x20:
                throw error("control character \(describe(byte)) in a string; write it as an escape")
            default:
                position += 1
                if byte >= 0x80 { ascii = false }
                // The run of plain bytes up to the next quote, escape or control, in one tight loop.
                while position < bytes.endIndex {
                    let next = bytes[position]
                    if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 { break }
                    if next >= 0x80 { ascii = false }
                    position += 1
                }
            }
        }
    }

    private mutating func escape() throws(JSONReadError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let start = position - 2
            let unit = try hexUnit()
            switch unit {
            case 0xD800...0xDBFF:
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.endIndex,
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw error("lone high surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: start)
                }
                position += 2
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("high surrogate not followed by a low surrogate", at: start)
                }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            case 0xDC00...0xDFFF:
                throw error("lone low surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: start)
            default:
                return Unicode.Scalar(unit)!
            }
        default:
            throw error("unknown escape \\\(Character(Unicode.Scalar(byte)))", at: position - 2)
        }
    }

    private mutating func hexUnit() throws(JSONReadError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw error("expected four hex digits after \\u")
            }
            unit = unit * 16 + digit
            position += 1
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func number() throws(JSONReadError) -> JSONValue {
        let start = position
        func digits() -> Int {
            let from = position
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
            return position - from
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
            if let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                throw error("a number may not have a leading zero", at: start)
            }
        } else if digits() == 0 {
            throw error("expected a digit", at: position)
        }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let token = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(token) { return .integer(integer) }
        guard let double = Double(token), double.isFinite else {
            throw error("the number \(token) is too large", at: start)
        }
        return .number(double)
    }
}
