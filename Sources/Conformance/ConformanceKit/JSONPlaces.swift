/// Where each member of a JSON text stands: the line of every value, by its path as error
/// messages write it (`scenarios[3].outcome`; the empty path is the whole text). Only for texts
/// `JSONReader` accepted, and only to name a line in an error, so it is simple rather than fast.
enum JSONPlaces {
    static func lines(in text: String) -> [String: Int] {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.value(path: "")
        return scanner.lines
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        var lines: [String: Int] = [:]

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skip() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) {
                if bytes[position] == 0x0A { line += 1 }
                position += 1
            }
        }

        mutating func value(path: String) {
            skip()
            guard position < bytes.count else { return }
            lines[path] = line
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                while true {
                    skip()
                    guard position < bytes.count, bytes[position] != UInt8(ascii: "}") else { break }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        continue
                    }
                    let key = string()
                    skip()
                    if position < bytes.count, bytes[position] == UInt8(ascii: ":") { position += 1 }
                    value(path: path.isEmpty ? key : "\(path).\(key)")
                }
                position += 1
            case UInt8(ascii: "["):
                position += 1
                var index = 0
                while true {
                    skip()
                    guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { break }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        continue
                    }
                    value(path: "\(path)[\(index)]")
                    index += 1
                }
                position += 1
            case UInt8(ascii: "\""):
                _ = string()
            default:
                while position < bytes.count, !",}] \n\r\t".utf8.contains(bytes[position]) { position += 1 }
            }
        }

        /// A string's raw text (escapes left as written: keys in reports need none).
        mutating func string() -> String {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return "" }
            position += 1
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            let text = String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self)
            position += 1
            return text
        }
    }
}
