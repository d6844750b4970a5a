import MVIEssentials
import Testing

@Suite struct FNV1aTests {
    @Test func matchesThePublishedTestVectors() {
        #expect(FNV1a.hex("".utf8) == "cbf29ce484222325")
        #expect(FNV1a.hex("a".utf8) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex("foobar".utf8) == "85944171f73967e8")
    }

    @Test func hexKeepsLeadingZerosSoEveryNameHasSixteenDigits() throws {
        // A hash whose first hex digit is 0 must still print 16 digits.
        let short = (0..<5000).lazy.map { String($0) }.first { FNV1a.hash($0.utf8) >> 60 == 0 }
        let key = try #require(short)
        #expect(FNV1a.hex(key.utf8).count == 16)
        #expect(FNV1a.hex(key.utf8).first == "0")
    }
}
