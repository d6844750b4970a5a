import Foundation
import MockHTTPServer
import Testing

/// The request parser must answer every byte sequence with a request, "need more", or a status.
@Suite struct ParserGarbageTests {
    private struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
    }

    @Test(arguments: Array(UInt64(1)...UInt64(200)))
    func randomAndMutatedRequestsNeverCrashTheParser(seed: UInt64) {
        var random = Seeded(state: seed)
        var bytes = Array(
            "GET /v1/images/search?limit=5&page=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc".utf8)
        if seed % 4 == 0 {
            bytes = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        } else {
            for _ in 0..<(1 + Int(random.next() % 6)) where !bytes.isEmpty {
                let position = Int(random.next() % UInt64(bytes.count))
                if random.next() % 2 == 0 {
                    bytes[position] = UInt8(truncatingIfNeeded: random.next())
                } else {
                    let alphabet = Array(" :\r\n%?&=".utf8)
                    bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
                }
            }
        }
        do {
            if let (request, consumed) = try HTTPRequestParser().parse(Data(bytes)) {
                #expect(consumed <= bytes.count)
                #expect(!request.method.isEmpty)
            }
        } catch {
            #expect([400, 413, 431, 501, 505].contains(error.status), "\(error)")
        }
    }
}
