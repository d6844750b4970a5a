import FixtureFormat
import Foundation
import MVICore
import MVIKittens
import ReplaySeam

extension KittenViewModel: SendableCanonicalRenderable {
    /// `KittenViewModel` with `isLoading`, `isError`, `imageUrls` (docs/features/kittens.md).
    public var canonical: CanonicalValue {
        .record(
            "KittenViewModel",
            ["isLoading": .bool(isLoading), "isError": .bool(isError), "imageUrls": .strings(imageUrls)])
    }
}

/// The Kittens feature as the conformance replay sees it (spec: docs/features/kittens.md, "Fixtures").
public enum KittensFeature {
    /// Kittens: no config, the view event `refreshTriggered`, and the data source answers of `responses`.
    public static let module = FeatureModule.component(
        name: "kittens", componentName: "KittenComponent", config: .empty(()),
        viewEvents: [.plain("refreshTriggered", KittenViewEvent.refreshTriggered)],
        responses: responses.answers
    ) { environment, _, _ in
        KittenComponent(dataSource: dataSource(environment), scheduler: environment.scheduler)
    }
    .wire(headers: ["Accept", "x-api-key"])

    /// The replay's data source, or in a live session The Cat API over HTTP, seen by the tap.
    static func dataSource(_ environment: FeatureEnvironment) -> any KittenDataSource {
        guard let live = environment.live else { return ReplayKittenDataSource(requests: environment.requests) }
        return LiveKittenDataSource(
            live: live,
            http: KittenHTTPDataSource(baseURL: live.httpBaseURL, apiKey: live.apiKey, session: live.session))
    }

    /// One answer of the data source, with its echo in the transcript.
    public struct Answer: ReplayAnswer, Equatable {
        public let echo: String
        private let answer: Made

        /// What the data source answers. A `urls` answer's body is written when this is asked
        /// for, not when the line is read: `conformance list` reads every line and replays none,
        /// and writing the body of the corpus's 1 MiB answer would be a large part of its work.
        public var result: Result<Data, KittenDataSourceError> {
            switch answer {
            case .result(let result): result
            case .urls(let list):
                .success(Data(JSONValue.array(list.map { .object(["url": .string($0)]) }).compactText.utf8))
            }
        }

        /// An answer as read: a result, or the URLs a body lists.
        private enum Made: Equatable {
            case result(Result<Data, KittenDataSourceError>)
            case urls([String])
        }

        init(echo: String, result: Result<Data, KittenDataSourceError>) {
            self.echo = echo
            answer = .result(result)
        }

        /// An answer whose body lists `urls`, `[{"url": ...}, ...]`.
        init(urls: [String]) {
            echo = "urls [\(urls.count)]"
            answer = .urls(urls)
        }

        /// The answer at the wire (docs/features/kittens.md, "At the wire"): a body is a 200 with it,
        /// `emptyResponse` a 200 with no body, `httpStatus` that status with no body, `transport` a
        /// reset connection, `timeout` no answer until the client gives up.
        public var wire: WireAnswer {
            switch result {
            case .success(let body):
                .response(status: 200, headers: [.init("Content-Type", "application/json")], body: body)
            case .failure(.emptyResponse): .response(status: 200, body: Data())
            case .failure(.httpStatus(let status)) where (200...299).contains(status):
                .none("httpStatus(\(status)) is a success at the wire, not a failure")
            case .failure(.httpStatus(let status)) where status < 200:
                .none("httpStatus(\(status)) is not a final answer at the wire")
            case .failure(.httpStatus(let status)): .response(status: status, body: Data())
            case .failure(.transport): .reset
            case .failure(.timeout): .timeout
            }
        }
    }

    /// A `respond` event's fields, exactly one form of:
    /// `"urls": [String]` (a body `[{"url": ...}, ...]`), `"body": String` (that body),
    /// `"failure": "timeout" | "emptyResponse"`, `"failure": "httpStatus", "status": 100...599`,
    /// `"failure": "transport"` with an optional `"detail"` (default `connection failed`).
    public static let responses: ObjectCodec<Answer> = {
        let urls = Field.required("urls", JSONCodec.array(of: JSONCodec.string))
        let body = Field.required("body", JSONCodec.string)
        let status = Field.required("status", JSONCodec.integer(100...599))
        let detail = Field.optional("detail", JSONCodec.string)
        func failure(_ kind: String, _ error: KittenDataSourceError) -> ObjectCodec<Answer>.Variant {
            .when(
                "failure", is: kind,
                .object(Field.constant("failure", kind)) { _ in Answer(echo: "failure \(kind)", result: .failure(error))
                })
        }
        return .oneOf(
            "a kittens response",
            [
                .has(
                    "urls",
                    .object(urls) { fields in Answer(urls: try fields.read(urls)) }),
                .has(
                    "body",
                    .object(body) { fields in
                        let text = try fields.read(body)
                        return Answer(echo: "body \(CanonicalRender.quote(text))", result: .success(Data(text.utf8)))
                    }),
                failure("timeout", .timeout),
                failure("emptyResponse", .emptyResponse),
                .when(
                    "failure", is: "httpStatus",
                    .object(Field.constant("failure", "httpStatus"), status) { fields in
                        let code = try fields.read(status)
                        return Answer(echo: "failure httpStatus(\(code))", result: .failure(.httpStatus(code)))
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
}

extension KittensFeature {
    /// An answer of the data source as a `respond` line's fields (the inverse of `responses`):
    /// a body as `body` (it must be UTF-8 text), a failure as its `failure` form.
    public static func encode(_ answer: Result<Data, KittenDataSourceError>) throws(FieldError) -> JSONObject {
        switch answer {
        case .success(let body):
            guard let text = String(data: body, encoding: .utf8) else {
                throw FieldError(
                    field: "body", "the body (\(body.count) bytes) is not UTF-8 text, which a kittens answer holds")
            }
            return ["body": .string(text)]
        case .failure(.timeout): return ["failure": "timeout"]
        case .failure(.emptyResponse): return ["failure": "emptyResponse"]
        case .failure(.httpStatus(let status)): return ["failure": "httpStatus", "status": .integer(status)]
        case .failure(.transport(let detail)): return ["failure": "transport", "detail": .string(detail)]
        }
    }
}

/// The Kittens data source of a live session: The Cat API over HTTP, each load seen by the tap.
struct LiveKittenDataSource: KittenDataSource {
    let live: LiveServices
    let http: KittenHTTPDataSource

    func load(limit: Int, page: Int) async throws -> Data {
        try await live.call(
            "load(limit: \(limit), page: \(page))", encode: KittensFeature.encode,
            start: { http.load(limit: limit, page: page, completion: $0) }
        ).get()
    }
}

/// The Kittens data source of a replay: each load is a request that a `respond` event answers,
/// resuming the awaiting call (a failure answer throws); a cancelled load records `cancel #n`.
final class ReplayKittenDataSource: KittenDataSource {
    private let requests: RequestLog

    init(requests: RequestLog) { self.requests = requests }

    func load(limit: Int, page: Int) async throws -> Data {
        try await requests.call("load(limit: \(limit), page: \(page))", answer: KittensFeature.Answer.self).result.get()
    }
}
