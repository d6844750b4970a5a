import FixtureFormat
import Foundation
import MVIImagePipeline
import MVIImages
import ReplaySeam

/// The scenario syntax of the Images feature: its config, its answers and its own events
/// (spec: docs/features/images.md, "Conformance"). The schema files are written from these codecs.
enum ImagesReplayCodecs {
    /// An absolute `http` or `https` URL of printable ASCII, which every language parses alike.
    static let url: JSONCodec<URL> = {
        JSONCodec(schema: ["type": "string", "pattern": .string(urlPattern)]) { value in
            guard case .string(let text) = value else {
                throw FieldError("expected a URL string, found \(value.typeName)")
            }
            guard matchesURLPattern(text), let url = URL(string: text) else {
                throw FieldError(
                    "expected an http or https URL of letters, digits and URL punctuation, found \(CanonicalRender.quote(text))"
                )
            }
            return url
        }
    }()

    /// The URLs a scenario may name, as the schema gives them to ports.
    static let urlPattern = "^https?://[A-Za-z0-9.-]+(:[0-9]+)?(/[A-Za-z0-9._~%!$&'()*+,;=:@/?-]*)?$"

    /// Whether `text` is a string `urlPattern` describes, checked byte by byte rather than with a
    /// regular expression, which every start of `conformance` would compile and every URL would pay
    /// to match (`ImagesURLPatternTests` holds this check to the pattern).
    static func matchesURLPattern(_ text: String) -> Bool {
        var rest = Substring(text).utf8[...]
        func take(_ literal: String) -> Bool {
            guard rest.starts(with: literal.utf8) else { return false }
            rest = rest.dropFirst(literal.utf8.count)
            return true
        }
        /// Takes the bytes up to the first not in the class; whether there were at least `least`.
        func takeRun(atLeast least: Int, of isInClass: (UInt8) -> Bool) -> Bool {
            let run = rest.prefix(while: isInClass)
            rest = rest.dropFirst(run.count)
            return run.count >= least
        }
        guard take("http") else { return false }
        _ = take("s")
        guard take("://"),
            takeRun(atLeast: 1, of: { isURLLetterOrDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
        else { return false }
        if take(":"), !takeRun(atLeast: 1, of: isDigit) { return false }
        if take("/") { _ = takeRun(atLeast: 0, of: { isURLLetterOrDigit($0) || isPathPunctuation($0) }) }
        return rest.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isURLLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// `._~%!$&'()*+,;=:@/?-`, the path's punctuation in `urlPattern`.
    private static func isPathPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// An `ETag`: one line without control characters, so that it prints on the request's line.
    static let etag = Field.optional("etag", JSONCodec.line)

    // MARK: Config

    /// Where a seeded entry goes.
    enum SeedCache: String, Sendable { case memory, disk }

    /// An image in a cache before the scenario starts.
    struct Seed: Sendable {
        let cache: SeedCache
        let url: URL
        let body: String
        let etag: String?
        /// How old the entry is at virtual time 0.
        let ageSeconds: Int
    }

    /// The views of a scenario whose config names none: `a` showing `https://img.test/cat.jpg`.
    /// (The header's `config` may be left out, so every field of it has a default.)
    static let defaultViews: [(screen: String, url: URL)] = [
        (screen: "a", url: URL(string: "https://img.test/cat.jpg")!)
    ]

    /// The header's `config`, decoded.
    struct Config: Sendable {
        /// The image views and their URLs: `a` always, `b` when the scenario has two views.
        var views: [(screen: String, url: URL)]
        var keyWithoutQuery = false
        var maxAgeSeconds = 3600
        var memoryCostLimit = 64 << 20
        var diskSizeLimit = 150 << 20
        var seeds: [Seed] = []
    }

    static let config: ObjectCodec<Config> = {
        let a = Field.required("a", url)
        let b = Field.optional("b", url)
        let views = ObjectCodec.object(a, b) { fields -> [(screen: String, url: URL)] in
            var views = [(screen: "a", url: try fields.read(a))]
            if let second = try fields.read(b) { views.append((screen: "b", url: second)) }
            return views
        }
        let cache = Field.required("cache", JSONCodec.oneOf(["memory", "disk"]))
        let seedURL = Field.required("url", url)
        let body = Field.required("body", JSONCodec.string)
        let age = Field.optional("ageSeconds", JSONCodec.integer(0...1_000_000_000))
        let seed = ObjectCodec.object(cache, seedURL, body, etag, age) { fields in
            Seed(
                cache: SeedCache(rawValue: try fields.read(cache)) ?? .memory, url: try fields.read(seedURL),
                body: try fields.read(body),
                etag: try fields.read(etag), ageSeconds: try fields.read(age) ?? 0)
        }
        let viewsField = Field.optional("views", views.value)
        let keyWithoutQuery = Field.optional("keyWithoutQuery", JSONCodec.bool)
        let maxAge = Field.optional("maxAgeSeconds", JSONCodec.integer(1...1_000_000_000))
        let memoryCostLimit = Field.optional("memoryCostLimit", JSONCodec.integer(1...(1 << 40)))
        let diskSizeLimit = Field.optional("diskSizeLimit", JSONCodec.integer(1...(1 << 40)))
        let seeds = Field.optional("seed", JSONCodec.array(of: seed.value))
        return .object(viewsField, keyWithoutQuery, maxAge, memoryCostLimit, diskSizeLimit, seeds) { fields in
            var config = Config(views: try fields.read(viewsField) ?? defaultViews)
            config.keyWithoutQuery = try fields.read(keyWithoutQuery) ?? false
            config.maxAgeSeconds = try fields.read(maxAge) ?? 3600
            config.memoryCostLimit = try fields.read(memoryCostLimit) ?? config.memoryCostLimit
            config.diskSizeLimit = try fields.read(diskSizeLimit) ?? config.diskSizeLimit
            config.seeds = try fields.read(seeds) ?? []
            return config
        }
    }()

    // MARK: Answers

    /// One answer to a loader request, with its echo in the transcript.
    struct Answer: ReplayAnswer {
        let echo: String
        let result: Result<ImageLoadResponse, ImageLoadError>

        /// The answer at the wire (docs/features/images.md, "At the wire"): the status, with the
        /// `ETag` header when it has one, and the body; `timeout` no answer. A `transport` failure
        /// has none: its detail, which the view shows, would be the HTTP client's own text.
        var wire: WireAnswer {
            switch result {
            case .success(let response) where response.status < 200:
                .none("status \(response.status) is not a final answer at the wire")
            case .success(let response):
                .response(
                    status: response.status, headers: response.etag.map { [.init("ETag", $0)] } ?? [],
                    body: response.body)
            case .failure(.timeout): .timeout
            case .failure(.transport):
                .none("the view shows a transport failure's detail, which at the wire is the HTTP client's own text")
            }
        }
    }

    /// `{"status": 100...599, "body"?: String, "etag"?: String}`, `{"failure": "timeout"}` or
    /// `{"failure": "transport", "detail"?: String}` (default detail `connection failed`).
    static let answers: ObjectCodec<Answer> = {
        let status = Field.required("status", JSONCodec.integer(100...599))
        let body = Field.optional("body", JSONCodec.string)
        let detail = Field.optional("detail", JSONCodec.string)
        return .oneOf(
            "an image response",
            [
                .has(
                    "status",
                    .object(status, body, etag) { fields in
                        let code = try fields.read(status)
                        let text = try fields.read(body)
                        let tag = try fields.read(etag)
                        let echo =
                            "status \(code)" + (tag.map { " etag \(CanonicalRender.quote($0))" }).orEmpty
                            + (text.map { " body \(CanonicalRender.quote($0))" }).orEmpty
                        return Answer(
                            echo: echo,
                            result: .success(ImageLoadResponse(status: code, etag: tag, body: Data((text ?? "").utf8))))
                    }),
                .when(
                    "failure", is: "timeout",
                    .object(Field.constant("failure", "timeout")) { _ in
                        Answer(echo: "failure timeout", result: .failure(.timeout))
                    }),
                .when(
                    "failure", is: "transport",
                    .object(Field.constant("failure", "transport"), detail) { fields in
                        let text = try fields.read(detail) ?? "connection failed"
                        return Answer(
                            echo: "failure transport(\(CanonicalRender.quote(text)))",
                            result: .failure(.transport(text)))
                    }),
            ])
    }()

    /// A loader's answer as a `respond` line's fields (the inverse of `answers`): `status`, `etag`
    /// and the body as `body` when there is one; the body must be UTF-8 text, which the form holds.
    static func encode(_ answer: Result<ImageLoadResponse, ImageLoadError>) throws(FieldError) -> JSONObject {
        switch answer {
        case .success(let response):
            var fields: JSONObject = ["status": .integer(response.status)]
            if let etag = response.etag { fields["etag"] = .string(etag) }
            if !response.body.isEmpty {
                guard let text = String(data: response.body, encoding: .utf8) else {
                    throw FieldError(
                        field: "body",
                        "the body (\(response.body.count) bytes) is not UTF-8 text, which an images answer holds")
                }
                fields["body"] = .string(text)
            }
            return fields
        case .failure(.timeout): return ["failure": "timeout"]
        case .failure(.transport(let detail)): return ["failure": "transport", "detail": .string(detail)]
        }
    }

    // MARK: Own events

    /// The feature's own events, decoded.
    enum Command: Sendable {
        /// Empty both caches (`removeAllCachedImages`).
        case clearCaches
        /// Empty the memory cache alone, as memory pressure or a restart of the app would.
        case clearMemory
        /// Damage the disk entry of a URL's key.
        case damageDisk(url: URL, damage: Damage)
        /// Write what the caches hold as a `caches` reaction.
        case inspectCaches
    }

    /// How `damageDisk` spoils a file.
    enum Damage: String, Sendable, CaseIterable {
        /// The last byte is cut off.
        case truncate
        /// The last byte has its lowest bit flipped.
        case flipByte
    }

    static let customEvents: [CustomEventCodec] = {
        let damageURL = Field.required("url", url)
        let damage = Field.required("damage", JSONCodec.oneOf(Damage.allCases.map(\.rawValue)))
        let damageFields = ObjectCodec<Command>.object(damageURL, damage) { fields in
            Command.damageDisk(
                url: try fields.read(damageURL), damage: Damage(rawValue: try fields.read(damage)) ?? .truncate)
        }
        return [
            CustomEventCodec(
                "clearCaches", fields: .empty(Command.clearCaches), echo: { _ in "clearCaches" },
                encode: { if case .clearCaches = $0 { [:] } else { nil } }),
            CustomEventCodec(
                "clearMemory", fields: .empty(Command.clearMemory), echo: { _ in "clearMemory" },
                encode: { if case .clearMemory = $0 { [:] } else { nil } }),
            CustomEventCodec(
                "damageDisk", fields: damageFields,
                echo: { command in
                    guard case .damageDisk(let url, let damage) = command else { return "damageDisk" }
                    return "damageDisk \(url.absoluteString) \(damage.rawValue)"
                },
                encode: { command in
                    guard case .damageDisk(let url, let damage) = command else { return nil }
                    return ["url": .string(url.absoluteString), "damage": .string(damage.rawValue)]
                }),
            CustomEventCodec(
                "inspectCaches", fields: .empty(Command.inspectCaches), echo: { _ in "inspectCaches" },
                encode: { if case .inspectCaches = $0 { [:] } else { nil } }),
        ]
    }()
}

extension Optional where Wrapped: RangeReplaceableCollection {
    /// The collection, or an empty one.
    fileprivate var orEmpty: Wrapped { self ?? Wrapped() }
}
