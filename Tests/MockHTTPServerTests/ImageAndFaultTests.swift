import Foundation
import MockHTTPServer
import Testing

/// Subject: the image sizes and the `truncatedBody` fault, over a real socket.
@Suite struct ImageAndFaultTests {
    @Test(arguments: [("small", 8, 268), ("medium", 184, 101_825), ("large", 590, 1_045_033)])
    func imageSizesAreWholePNGsWithTheirOwnETag(size: String, side: Int, bytes: Int) throws {
        let server = try startServer()
        defer { server.stop() }
        let id = try #require(server.configuration.data.cats.first?.id)
        let url = server.baseURL.appendingPathComponent("images/\(id).png").appending(queryItems: [
            .init(name: "size", value: size)
        ])
        let response = try #require(get(url))
        #expect(response.status == 200)
        #expect(response.body.count == bytes)
        #expect(response.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16...23.
        #expect(response.body[16..<20] == Data([0, 0, UInt8(side >> 8), UInt8(side & 0xFF)]))
        let etag = try #require(response.headers["etag"])
        #expect(get(url, headers: ["If-None-Match": etag])?.status == 304)
        let plain = get(server.baseURL.appendingPathComponent("images/\(id).png"))?.headers["etag"]
        #expect((plain == etag) == (size == "small"), "small is the default; each size has its own tag")
    }

    @Test func anUnknownImageSizeIs400() throws {
        let server = try startServer()
        defer { server.stop() }
        let id = try #require(server.configuration.data.cats.first?.id)
        let response = try #require(try exchange(server, "GET", "/images/\(id).png?size=huge"))
        #expect(response.status == 400)
        #expect(
            (json(response.body) as? [String: String])?["message"]
                == "size must be one of small, medium, large; got huge")
    }

    @Test func truncatedBodyPromisesMoreBytesThanItSendsThenCloses() throws {
        let server = try startServer()
        defer { server.stop() }
        server.stub(Stub(path: "/cut", responses: [.fault(.truncatedBody)]))
        let client = try RawClient(port: server.port)
        client.send("GET /cut HTTP/1.1\r\n\r\n")
        let text = client.readAll()
        let response = try #require(parseResponse(Data(text.utf8)))
        let length = try HTTPHead.parse(Data(text.utf8))?.field("Content-Length").flatMap { Int($0) }
        #expect(response.status == 200)
        #expect(response.body.count > 0)
        #expect((length ?? 0) > response.body.count, "the head promises more than arrives before the close")
        #expect(server.journal.all.first?.fault == .truncatedBody)
    }
}
