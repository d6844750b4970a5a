/// A key the terminal sent, decoded from its bytes.
public enum Key: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A printable character (letters, digits, punctuation, space, any non-ASCII character).
    case character(Character)
    /// A control key, `ctrl("t")` for Ctrl-T (Enter, Tab, Backspace and Escape have their own cases).
    case control(Character)
    case enter, tab, backspace, escape
    case up, down, left, right, home, end, pageUp, pageDown, delete
    /// An escape sequence this decoder does not know, kept whole so that it is never typed as text.
    case unknown([UInt8])

    /// How the key is written in the demo's help line: `q`, `^T`, `Enter`, `Up`.
    public var description: String {
        switch self {
        case .character(let character): String(character)
        case .control(let character): "^" + character.uppercased()
        case .enter: "Enter"
        case .tab: "Tab"
        case .backspace: "Backspace"
        case .escape: "Esc"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .delete: "Del"
        case .unknown(let bytes): "unknown(\(bytes.map { String($0, radix: 16) }.joined(separator: " ")))"
        }
    }
}

/// Turns the bytes read from a terminal in raw mode into keys.
///
/// Bytes come in chunks as `read` returns them; a sequence cut between two chunks (an escape
/// sequence, a UTF-8 character) is kept until the rest arrives. A lone `ESC` at the end of a chunk
/// is the Escape key: terminals send an escape sequence in one write, so a chunk that ends right
/// after `ESC` ends with the key itself.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes`, after whatever was pending.
    public mutating func keys(from bytes: [UInt8]) -> [Key] {
        var input = pending + bytes
        pending = []
        var keys: [Key] = []
        while !input.isEmpty {
            guard let (key, length) = Self.decode(input) else {
                pending = input
                break
            }
            keys.append(key)
            input.removeFirst(length)
        }
        return keys
    }

    /// The first key of `bytes` and how many bytes it took; nil when `bytes` is the start of an
    /// unfinished UTF-8 character.
    static func decode(_ bytes: [UInt8]) -> (Key, Int)? {
        let first = bytes[0]
        switch first {
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x1B: return escapeSequence(bytes)
        case 0x00..<0x20: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8Character(bytes)
        }
    }

    private static func escapeSequence(_ bytes: [UInt8]) -> (Key, Int) {
        guard bytes.count > 1 else { return (.escape, 1) }
        // ESC [ ... final byte (CSI), or ESC O x (SS3, application cursor keys).
        if bytes[1] == UInt8(ascii: "O"), bytes.count > 2 {
            let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end]
            return (keys[bytes[2]] ?? .unknown(Array(bytes[0..<3])), 3)
        }
        guard bytes[1] == UInt8(ascii: "[") else { return (.escape, 1) }
        var end = 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return (.unknown(bytes), bytes.count) }
        let sequence = Array(bytes[0...end])
        let parameters = String(decoding: bytes[2..<end], as: UTF8.self)
        let key: Key? =
            switch bytes[end] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "~"):
                ["1": .home, "7": .home, "4": .end, "8": .end, "3": .delete, "5": .pageUp, "6": .pageDown][parameters]
            default: nil
            }
        return (key ?? .unknown(sequence), end + 1)
    }

    private static func utf8Character(_ bytes: [UInt8]) -> (Key, Int)? {
        let first = bytes[0]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard bytes.count >= length else { return nil }
        let text = String(decoding: bytes[0..<length], as: UTF8.self)
        return (text.first.map { .character($0) } ?? .unknown(Array(bytes[0..<length])), length)
    }
}
