import FixtureFormat
import Foundation
import ScenarioRecording
import Testing

/// Subject: the origin a recording writes in place of a server's port of the moment.
@Suite struct OriginRewriteTests {
    let rewrite = OriginRewrite(
        from: URL(string: "http://127.0.0.1:4915")!, to: URL(string: "http://mock-server.test")!)

    @Test func theOriginIsReplacedWhereItIsWhole() {
        #expect(rewrite.rewrite("http://127.0.0.1:4915/images/a.png") == "http://mock-server.test/images/a.png")
        #expect(rewrite.rewrite("http://127.0.0.1:4915") == "http://mock-server.test")
        #expect(
            rewrite.rewrite(#"[{"url": "http://127.0.0.1:4915/b.png?x=1"}, "http://127.0.0.1:4915#top"]"#)
                == #"[{"url": "http://mock-server.test/b.png?x=1"}, "http://mock-server.test#top"]"#)
    }

    @Test func anotherPortOrHostIsKept() {
        #expect(rewrite.rewrite("http://127.0.0.1:49152/images/a.png") == "http://127.0.0.1:49152/images/a.png")
        #expect(rewrite.rewrite("https://cats.test/a.png") == "https://cats.test/a.png")
    }

    @Test func theOriginOfAnAddressIsSchemeHostAndPort() {
        #expect(OriginRewrite.origin(URL(string: "http://127.0.0.1:4915/v1/x?y=1")!) == "http://127.0.0.1:4915")
        #expect(OriginRewrite.origin(URL(string: "https://cats.test")!) == "https://cats.test")
    }
}
