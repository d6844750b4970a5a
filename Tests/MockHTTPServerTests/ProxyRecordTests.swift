import Foundation
import MockHTTPServer
import Testing

/// Subject: `--proxy UPSTREAM --record DIR`: a proxying server forwards to a second server on
/// loopback and writes stub files; a third server loads them with `--stubs DIR` and answers alike.
@Suite struct ProxyRecordTests {
    /// The upstream, a proxy in front of it recording to a fresh folder, and that folder.
    private func proxyChain(log: @escaping @Sendable (String) -> Void = { _ in }) throws -> (
        upstream: MockServer, proxy: MockServer, folder: URL
    ) {
        let upstream = try startServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "proxy-record-\(UUID().uuidString)")
        let proxy = MockServer(
            configuration: .init(
                data: try MockData.locate(),
                proxy: ProxyConfiguration(upstream: upstream.baseURL, recordDirectory: directory), log: log))
        try proxy.start()
        return (upstream, proxy, directory)
    }

    /// A started server that answers with the stubs recorded in `directory`, as `--stubs DIR` loads them.
    private func replayServer(_ directory: URL) throws -> MockServer {
        let replay = MockServer(configuration: .init(data: try MockData.locate()))
        for stub in try Stub.load(from: directory) { replay.stub(stub) }
        try replay.start()
        return replay
    }

    @Test func proxyRecordReplayGivesTheSameBytesForCatsImagesAndNews() throws {
        let (upstream, proxy, directory) = try proxyChain()
        defer {
            proxy.stop()
            upstream.stop()
            try? FileManager.default.removeItem(at: directory)
        }
        let id = try #require(upstream.configuration.data.cats.first?.id)
        let targets: [(String, [String: String])] = [
            ("/v1/images/search?limit=5&page=1", ["x-api-key": "cat-secret-1"]),
            ("/images/\(id).png?size=medium", [:]),
            ("/v2/top-headlines?country=us&pageSize=5", ["X-Api-Key": "news-secret-2"]),
            ("/v2/everything?q=market&apiKey=news-secret-3", [:]),
        ]
        var proxied: [Data] = []
        for (target, headers) in targets {
            let answer = try #require(get(URL(string: proxy.baseURL.absoluteString + target)!, headers: headers))
            #expect(answer.status == 200, "\(target)")
            proxied.append(answer.body)
        }
        // The proxy forwarded every request, keys included: the upstream saw them.
        #expect(upstream.journal.count == targets.count)
        #expect(upstream.journal.all.first?.request.header("x-api-key") == "cat-secret-1")
        #expect(proxy.journal.all.allSatisfy { $0.route == "proxy" })

        #expect(try Stub.load(from: directory).count == targets.count)
        let replay = try replayServer(directory)
        defer { replay.stop() }
        for ((target, headers), expected) in zip(targets, proxied) {
            let answer = try #require(get(URL(string: replay.baseURL.absoluteString + target)!, headers: headers))
            #expect(answer.status == 200)
            #expect(answer.body == expected, "\(target): the replayed body differs from the proxied one")
            #expect(answer.headers["content-type"] != nil)
        }
        #expect(
            replay.journal.all.allSatisfy { $0.stub != nil }, "every replayed request was answered by a recorded stub")
        // The image went through whole and binary.
        #expect(proxied[1].count == 101_825)
    }

    @Test func keysNeverReachAStubFile() throws {
        let (upstream, proxy, directory) = try proxyChain()
        defer {
            proxy.stop()
            upstream.stop()
            try? FileManager.default.removeItem(at: directory)
        }
        // The upstream echoes the key back in its body and a header: the files must not hold it.
        upstream.stub(
            Stub(
                path: "/echo",
                responses: [
                    StubResponse(
                        status: 401, headers: [("Content-Type", "application/json"), ("X-Seen-Key", "key tok-9d2e")],
                        body: Data(#"{"message": "key tok-9d2e is not valid"}"#.utf8))
                ]))
        _ = get(
            URL(string: proxy.baseURL.absoluteString + "/echo?apiKey=q-secret-5&page=2")!,
            headers: ["Authorization": "Bearer tok-9d2e"])
        _ = get(
            URL(string: proxy.baseURL.absoluteString + "/v1/images/search?limit=2")!,
            headers: ["X-Api-Key": "hdr-secret-6"])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 2)
        for name in files {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            for secret in ["tok-9d2e", "q-secret-5", "hdr-secret-6", "Authorization", "apiKey"] {
                #expect(!text.contains(secret), "\(name) holds \(secret)")
            }
        }
        let echo = try #require(try Stub.load(from: directory).first { $0.path == "/echo" })
        #expect(echo.query == ["page": "2"])
        #expect(echo.headers.isEmpty)
        #expect(
            String(decoding: echo.responses[0].body, as: UTF8.self) == #"{"message": "key [redacted] is not valid"}"#)
    }

    /// A key is redacted as a whole token, never as a part of a word: `k` once turned `"ok"` into
    /// `"o[redacted]"` and `2` broke every date. The bodies hold the short keys inside words.
    @Test(arguments: ["k", "2", "key", "news-secret-2"])
    func proxyRecordReplayKeepsBodiesByteIdenticalForAKeyOfAnyLength(key: String) throws {
        let (upstream, proxy, directory) = try proxyChain()
        defer {
            proxy.stop()
            upstream.stop()
            try? FileManager.default.removeItem(at: directory)
        }
        let targets: [(String, [String: String])] = [
            ("/v1/images/search?limit=5&page=1", ["x-api-key": key]),
            ("/v2/top-headlines?country=us&pageSize=5", ["X-Api-Key": key]),
            ("/v2/everything?q=market&apiKey=\(key)", [:]),
            ("/v2/everything?q=week", ["Authorization": "Bearer \(key)"]),
        ]
        var proxied: [Data] = []
        for (target, headers) in targets {
            let answer = try #require(get(URL(string: proxy.baseURL.absoluteString + target)!, headers: headers))
            #expect(answer.status == 200, "\(target)")
            proxied.append(answer.body)
        }
        if key.count == 1 {
            #expect(
                proxied.allSatisfy { String(decoding: $0, as: UTF8.self).contains(key) },
                "every body holds \(key) inside a word")
        }
        let replay = try replayServer(directory)
        defer { replay.stop() }
        for ((target, headers), expected) in zip(targets, proxied) {
            let answer = try #require(get(URL(string: replay.baseURL.absoluteString + target)!, headers: headers))
            #expect(answer.status == 200)
            #expect(answer.body == expected, "key \(key), \(target): the replayed body differs from the proxied one")
        }
        #expect(replay.journal.all.allSatisfy { $0.stub != nil })
    }

    /// Where a short key stands whole it is still taken out, and the log says it is too short to
    /// look for inside text; a long key is also taken out of a sentence.
    @Test func aShortKeyIsRedactedWhereItStandsWholeAndWarnedAbout() throws {
        let lines = Box<[String]>([])
        let (upstream, proxy, directory) = try proxyChain(log: { line in lines.mutate { $0.append(line) } })
        defer {
            proxy.stop()
            upstream.stop()
            try? FileManager.default.removeItem(at: directory)
        }
        upstream.stub(
            Stub(
                path: "/short",
                responses: [
                    StubResponse(
                        status: 200,
                        headers: [("Content-Type", "application/json"), ("X-Key", "k"), ("X-Auth", "Bearer k")],
                        body: Data(
                            #"{"key": "k", "status": "ok", "next": "/short?apiKey=k&page=2", "note": "k is a key", "n": 2}"#
                                .utf8))
                ]))
        upstream.stub(
            Stub(
                path: "/long",
                responses: [
                    .text(
                        401,
                        #"{"message": "key tok-9d2e-long is not valid; tok-9d2e-longer and xtok-9d2e-long are other words"}"#
                    )
                ]))
        _ = get(URL(string: proxy.baseURL.absoluteString + "/short")!, headers: ["X-Api-Key": "k"])
        _ = get(URL(string: proxy.baseURL.absoluteString + "/short?page=3")!, headers: ["X-Api-Key": "k"])
        _ = get(URL(string: proxy.baseURL.absoluteString + "/long")!, headers: ["X-Api-Key": "tok-9d2e-long"])
        let stubs = try Stub.load(from: directory)
        let short = try #require(stubs.first { $0.path == "/short" && $0.query.isEmpty })
        #expect(
            String(decoding: short.responses[0].body, as: UTF8.self)
                == #"{"key": "[redacted]", "status": "ok", "next": "/short?apiKey=[redacted]&page=2", "note": "k is a key", "n": 2}"#
        )
        #expect(short.responses[0].headers.first { $0.name == "X-Key" }?.value == "[redacted]")
        #expect(short.responses[0].headers.first { $0.name == "X-Auth" }?.value == "Bearer [redacted]")
        let long = try #require(stubs.first { $0.path == "/long" })
        #expect(
            String(decoding: long.responses[0].body, as: UTF8.self)
                == #"{"message": "key [redacted] is not valid; tok-9d2e-longer and xtok-9d2e-long are other words"}"#)
        let warnings = lines.value
        #expect(warnings.count == 1, "one warning for the one short key, however often it is sent: \(warnings)")
        #expect(warnings.first?.contains("a key of 1 character is too short to redact safely inside text") == true)
        #expect(warnings.first?.contains(directory.path) == true)
    }

    @Test func answersToOneRequestAreKeptInOrder() throws {
        let (upstream, proxy, directory) = try proxyChain()
        defer {
            proxy.stop()
            upstream.stop()
            try? FileManager.default.removeItem(at: directory)
        }
        upstream.stub(
            Stub(path: "/v1/images/search", responses: [.text(429, #"{"message":"slow down"}"#), .text(200, "[]")]))
        let url = URL(string: proxy.baseURL.absoluteString + "/v1/images/search?limit=1")!
        #expect(get(url)?.status == 429)
        #expect(get(url)?.status == 200)
        let stubs = try Stub.load(from: directory)
        #expect(stubs.count == 1)
        #expect(stubs.first?.responses.map(\.status) == [429, 200])
    }

    @Test func anUpstreamThatDoesNotAnswerIsA502() throws {
        let upstream = try startServer()
        let gone = upstream.baseURL
        upstream.stop()
        let proxy = MockServer(
            configuration: .init(data: try MockData.locate(), proxy: ProxyConfiguration(upstream: gone, timeout: 10)))
        try proxy.start()
        defer { proxy.stop() }
        let answer = try #require(get(URL(string: proxy.baseURL.absoluteString + "/v1/images/search")!))
        #expect(answer.status == 502)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("did not answer GET /v1/images/search"))
    }
}
