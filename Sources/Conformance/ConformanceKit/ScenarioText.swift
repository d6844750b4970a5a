import Foundation
import MVIEssentials

/// Reads a scenario file's bytes as text, refusing what a JSON-lines reader must not guess at:
/// a byte-order mark, bytes that are not UTF-8 (named by line), a file over
/// `HarnessLimits.maximumFileBytes`.
public enum ScenarioText {
    /// The text of the scenario at `url`; errors name `path`.
    public static func read(_ url: URL, path: String) throws(ScenarioError) -> String {
        try decode(bytes(url, path: path), path: path)
    }

    /// The bytes of the scenario at `url`, read through `FileBytes.readRegular`: what is not a
    /// regular file (a FIFO, a device, a socket, a link to one) is refused unread and without
    /// blocking, and a file past `HarnessLimits.maximumFileBytes` before it is read; errors name `path`.
    public static func bytes(_ url: URL, path: String) throws(ScenarioError) -> Data {
        do {
            return try FileBytes.readRegular(url, limit: HarnessLimits.maximumFileBytes)
        } catch {
            throw ScenarioError(file: path, line: nil, message: message(error))
        }
    }

    /// What a refused fixture file gets, after its name: "the file is a FIFO, not a regular file".
    public static func message(_ refusal: FileRefusal) -> String {
        switch refusal {
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .tooLarge, .grew: "the file \(refusal) (see docs/fixtures.md, \"Limits\")"
        case .notRegular: "the file \(refusal)"
        }
    }

    /// `data` as UTF-8 text without a byte-order mark; errors name `path` and the line.
    public static func decode(_ data: Data, path: String) throws(ScenarioError) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw ScenarioError(
                file: path, line: 1,
                message: "the file starts with a byte-order mark (EF BB BF); save it as UTF-8 without one")
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil {
                let offset = Self.firstInvalidOffset(bytes[start..<index])
                throw ScenarioError(
                    file: path, line: line,
                    message:
                        "the line is not valid UTF-8 (byte \(offset + 1) of the line, 0x\(String(bytes[start + offset], radix: 16, uppercase: true)))"
                )
            }
            line += 1
            start = index + 1
        }
        throw ScenarioError(file: path, line: nil, message: "the file is not valid UTF-8")
    }

    /// The offset in `line` of the first byte that does not begin a valid UTF-8 sequence.
    private static func firstInvalidOffset(_ line: ArraySlice<UInt8>) -> Int {
        var prefix = 0
        var iterator = line.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): prefix += UTF8.width(scalar)
            case .emptyInput, .error: return min(prefix, line.count - 1)
            }
        }
    }
}
