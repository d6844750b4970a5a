import Foundation
import MVIJSON

/// The head of an HTTP/1.x message: its start line (a request line or a status line) and its
/// header fields, up to and including the blank line. The one header parser of the package: the
/// server reads requests with it, and `LoopbackClient` and the tests read responses with it.
public struct HTTPHead: Sendable {
    /// `GET /path HTTP/1.1` or `HTTP/1.1 200 OK`, as sent.
    public var startLine: String { Self.text(startLineBytes) }
    /// Header fields in order, names as sent, values without surrounding spaces and tabs.
    public let fields: [(name: String, value: String)]
    /// Bytes from the start of the buffer through the blank line (empty lines before the start line included).
    public let length: Int
    /// The start line's bytes as they lie in the buffer parsed: the request parser splits them as
    /// bytes, and they become text only when `startLine` is asked for (in an error message).
    let startLineBytes: ArraySlice<UInt8>

    /// The first field of that name (case-insensitive).
    public func field(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of the fields of that name, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// The status of a status line (`HTTP/1.1 404 Not Found` gives 404), or nil for a request line.
    public var status: Int? {
        let parts = startLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3 else { return nil }
        return Int(parts[1])
    }

    /// The head at the start of `buffer`, or nil while its blank line has not arrived. Empty lines
    /// before the start line are skipped (RFC 9112, 2.2). A line ends at LF, with or without a CR
    /// before it: RFC 9112 lets a recipient take a bare LF as a line end, as nginx does, so a
    /// client that sends `\n` alone is answered at once instead of waiting out the header timeout.
    /// Refuses a head over `maxBytes`, one that is not UTF-8, a field line without a colon, a name
    /// that is not a token, and a value holding CR, LF or NUL.
    public static func parse(_ buffer: Data, maxBytes: Int = HTTPRequestParser.maxHeaderBytes) throws(HTTPParseError)
        -> HTTPHead?
    {
        try parse(bytes: Array(buffer), maxBytes: maxBytes)
    }

    /// The head at the start of `buffer`, as `parse(_:maxBytes:)` reads it. The server reads its
    /// connections' bytes as an array: reading `Data` byte by byte checks exclusive access to its
    /// storage at every byte, which would be most of the cost of parsing a request.
    static func parse(bytes buffer: [UInt8], maxBytes: Int = HTTPRequestParser.maxHeaderBytes) throws(HTTPParseError)
        -> HTTPHead?
    {
        var start = 0
        var lines: [Range<Int>] = []
        lines.reserveCapacity(16)  // one allocation for a usual head, not one per doubling
        var position = start
        var headEnd: Int?
        while headEnd == nil {
            guard let lineFeed = buffer[position...].firstIndex(of: 10) else {
                if buffer.count - start > maxBytes { throw .headersTooLarge }
                return nil
            }
            var lineEnd = lineFeed
            if lineEnd > position, buffer[lineEnd - 1] == 13 { lineEnd -= 1 }
            if lineEnd == position {
                if lines.isEmpty {
                    start = lineFeed + 1  // an empty line before the start line
                } else {
                    headEnd = lineFeed + 1
                }
            } else {
                lines.append(position..<lineEnd)
            }
            position = lineFeed + 1
            if position - start > maxBytes { throw .headersTooLarge }
        }
        guard let headEnd, let last = lines.last else { return nil }
        // The head is read as bytes: only what is checked becomes a String.
        // ASCII, as heads nearly always are, is UTF-8 without building a string to check it.
        let headBytes = buffer[start..<last.upperBound]
        guard headBytes.allSatisfy({ $0 < 128 }) || String(validating: headBytes, as: UTF8.self) != nil else {
            throw .badRequest("the request head is not valid UTF-8")
        }
        let startLineBytes = buffer[lines[0]]
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(lines.count - 1)
        for range in lines[1...] {
            let line = buffer[range]
            guard let colon = line.firstIndex(of: 58) else {
                throw .badRequest("header line without a colon: \(show(text(line)))")
            }
            let nameBytes = line[..<colon]
            guard !nameBytes.isEmpty, nameBytes.allSatisfy({ tokenBytes[Int($0)] }) else {
                throw .badRequest("malformed header name \(show(text(nameBytes)))")
            }
            let name = text(nameBytes)
            var value = line[(colon + 1)...]
            while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
            while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
            if value.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
                throw .badRequest("header \(name) has a control character in its value")
            }
            fields.append((name, text(value)))
        }
        return HTTPHead(fields: fields, length: headEnd, startLineBytes: startLineBytes)
    }

    /// Whether the byte may be part of a token (a header name): letters, digits, !#$%&'*+-.^_`|~.
    static let tokenBytes: [Bool] = (0..<256).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return byte < 128
            && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }

    /// UTF-8 bytes as text (the head was checked to be valid UTF-8).
    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Header names compared without regard to ASCII case.
    /// The same spelling is one comparison; otherwise the bytes are walked side by side with
    /// two iterators, which is far cheaper a byte than `zip` over the two UTF-8 views.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        if lhs == rhs { return true }
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while let a = left.next(), let b = right.next() {
            guard a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 97 && (a | 0x20) <= 122) else { return false }
        }
        return true
    }

    /// A string for messages: a JSON string literal of at most 60 characters.
    static func show(_ text: String) -> String {
        TextEscaping.jsonQuoted(text.count > 60 ? String(text.prefix(60)) + "..." : text)
    }
}
